// Pay for a top-up by card (seed "Top up" with the Stripe provider): #/pay/<topUpId>.
// The card details go to Stripe alone: Stripe.js (loaded once, from the address the wallet names)
// turns them into a token, our server confirms the payment with it, and when the bank asks for
// 3-D Secure, Stripe.js shows the bank's step and the server reads the outcome again (/sync).
// Paid → a toast and the account (#/account?topUp=<id>, whose notice also returns to a waiting
// purchase); declined → the reason and "Try another card", which starts a new top-up of the pack
// (a declined payment is not tried again).
import { api } from '../api.js';
import * as endpoints from '../endpoints.js';
import { t, formatMoney } from '../i18n.js';
import { h, icon, load, toast, notFoundPanel } from '../ui.js';
import { priceText } from '../track-list.js';
import { refreshMe } from '../state.js';
import { go } from '../router.js';

const PAYMENT_PROVIDER = 'urn:sotube:problem:payment-provider';
let stripeScript = null; // the one <script> of Stripe.js: a promise of window.Stripe
const stripes = new Map(); // publishable key → Stripe instance

/** Loads Stripe.js from `url` once per page (later calls share the same script). */
function loadStripe(url) {
  if (typeof window.Stripe === 'function') return Promise.resolve(window.Stripe);
  if (!stripeScript) {
    stripeScript = new Promise((resolve, reject) => {
      const script = h('script', { src: url, async: true });
      script.addEventListener('load', () => (typeof window.Stripe === 'function'
        ? resolve(window.Stripe) : reject(new Error(t('pay.stripeUnavailable')))));
      script.addEventListener('error', () => {
        script.remove();
        stripeScript = null; // a later visit tries again
        reject(new Error(t('pay.stripeUnavailable')));
      });
      document.head.append(script);
    });
  }
  return stripeScript;
}

function stripeFor(Stripe, key) {
  if (!stripes.has(key)) stripes.set(key, Stripe(key));
  return stripes.get(key);
}

/** A message a person can read from an ApiError, a Stripe error or anything thrown. */
function messageOf(error) {
  if (error?.status === 502 || error?.problem?.type === PAYMENT_PROVIDER) return t('pay.providerDown');
  const text = typeof error?.message === 'string' ? error.message.trim() : '';
  return text || t('error.generic');
}

export async function pay(container, route) {
  const id = route.id;
  const body = h('div', { class: 'pay' });
  container.append(h('h1', { class: 'page-title' }, t('pay.title')), body);
  if (!id) { body.append(notFoundPanel()); return; }
  await load(body, async () => {
    const [wallet, topUp] = await Promise.all([api.get(endpoints.wallet), api.get(endpoints.topUp(id))]);
    return { wallet, topUp };
  }, ({ wallet, topUp }) => render(body, wallet, topUp));
}

function render(body, wallet, topUp) {
  const summary = h('dl', { class: 'summary pay-summary' },
    h('div', {}, h('dt', {}, t('pay.coins')),
      h('dd', { class: 'pay-coins' }, icon('coin'), h('span', {}, priceText(topUp.coins)))),
    h('div', {}, h('dt', {}, t('pay.price')), h('dd', { class: 'pay-price' }, formatMoney(topUp.price))));
  const outcome = h('div', { class: 'pay-outcome' });
  body.append(summary, outcome);

  if (topUp.status !== 'pending') { showOutcome(outcome, topUp); return; }
  const stripeConfig = wallet.provider === 'stripe' ? wallet.stripe : null;
  if (!stripeConfig?.jsUrl || !stripeConfig?.publishableKey) {
    outcome.append(h('p', { class: 'notice notice-error', role: 'alert' }, t('pay.notAvailable')),
      h('a', { class: 'btn', href: '#/account' }, t('pay.toAccount')));
    return;
  }
  body.append(cardForm(body, outcome, stripeConfig, topUp));
}

/** The card form: Stripe's card element in a labelled box, the error line, the Pay button. */
function cardForm(body, outcome, config, topUp) {
  const mount = h('div', { class: 'card-element', id: 'card-element', role: 'group', 'aria-labelledby': 'card-label', 'aria-describedby': 'card-hint card-error' },
    h('span', { class: 'hint' }, t('pay.loadingCard')));
  const cardError = h('p', { class: 'field-error', id: 'card-error', role: 'alert', hidden: true });
  const submit = h('button', { class: 'btn btn-primary btn-block', type: 'submit', disabled: true },
    t('pay.submit', { price: formatMoney(topUp.price) }));
  const status = h('p', { class: 'hint pay-status', role: 'status' });
  const form = h('form', { class: 'form pay-form', novalidate: true, 'aria-busy': 'true' },
    h('div', { class: 'field' },
      h('span', { class: 'field-label', id: 'card-label' }, t('pay.card')),
      mount,
      h('p', { class: 'hint', id: 'card-hint' }, t('pay.cardHint')),
      cardError),
    submit, status);

  const showError = (text) => { cardError.textContent = text; cardError.hidden = false; };
  let stripe = null;
  let card = null;
  let working = false;

  const setWorking = (on, text = '') => {
    working = on;
    submit.disabled = on || !card;
    submit.classList.toggle('busy', on);
    if (on) form.setAttribute('aria-busy', 'true'); else form.removeAttribute('aria-busy');
    if (typeof card?.update === 'function') card.update({ disabled: on });
    status.textContent = text;
  };

  loadStripe(config.jsUrl).then((Stripe) => {
    if (!mount.isConnected) return; // left the screen meanwhile
    stripe = stripeFor(Stripe, config.publishableKey);
    card = stripe.elements().create('card', { hidePostalCode: false });
    mount.replaceChildren();
    card.mount(mount);
    card.on('change', (event) => {
      if (event?.error?.message) showError(event.error.message);
      else cardError.hidden = true;
    });
    form.removeAttribute('aria-busy');
    submit.disabled = false;
  }).catch((error) => {
    mount.replaceChildren();
    form.removeAttribute('aria-busy');
    showError(messageOf(error));
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (working || !card) return;
    cardError.hidden = true;
    setWorking(true, t('pay.working'));
    let result = null;
    let authError = null;
    try {
      const { token, error } = await stripe.createToken(card);
      if (error || !token?.id) throw new Error(error?.message || t('pay.cardInvalid'));
      result = await api.post(endpoints.topUpCard(topUp.id), { token: token.id });
      if (result?.nextAction === 'authenticate') {
        status.textContent = t('pay.authenticating');
        const secret = result.clientSecret || topUp.clientSecret;
        const confirmed = await stripe.confirmCardPayment(secret);
        const intent = confirmed?.paymentIntent?.status;
        if (confirmed?.error || (intent && !['succeeded', 'processing', 'requires_capture'].includes(intent))) {
          authError = confirmed?.error || { message: '' };
        }
        // Whatever the bank said, the server reads the payment again and credits if it is paid.
        result = await api.post(endpoints.topUpSync(topUp.id));
      }
      if (result?.status === 'pending' && !authError) result = await waitWhilePending(topUp.id, result);
    } catch (error) {
      setWorking(false);
      showError(messageOf(error));
      return;
    }
    setWorking(false);
    if (!result) { showError(t('error.generic')); return; }
    if (result.status === 'captured') {
      await finishPaid(result);
      return;
    }
    if (result.status === 'pending' && !authError && result.nextAction !== 'authenticate') {
      form.remove();
      showOutcome(outcome, result);
      return;
    }
    form.remove();
    showOutcome(outcome, result, authError || result.status === 'pending');
  });
  return form;
}

/** A payment the provider still processes: asks a few times (a webhook may settle it meanwhile). */
async function waitWhilePending(id, topUp) {
  let current = topUp;
  for (let i = 0; i < 6 && current?.status === 'pending' && !current.nextAction; i += 1) {
    await new Promise((resolve) => { setTimeout(resolve, 1000); });
    current = await api.get(endpoints.topUp(id), { quiet: true });
  }
  return current;
}

async function finishPaid(topUp) {
  await refreshMe();
  toast(t('account.topUpDone', { n: topUp.coins }), 'success');
  go(`#/account?topUp=${encodeURIComponent(topUp.id)}`); // a new history entry: Back returns here
}

/** What became of a top-up that is not waiting for a card, with what can be done next. */
function showOutcome(outcome, topUp, authFailed = false) {
  outcome.replaceChildren();
  const actions = h('div', { class: 'row-actions pay-actions' });
  if (topUp.status === 'captured') {
    outcome.append(h('p', { class: 'notice notice-success', role: 'status' }, t('pay.alreadyPaid')));
    actions.append(h('a', { class: 'btn btn-primary', href: '#/account' }, t('pay.toAccount')));
  } else if (topUp.status === 'cancelled') {
    outcome.append(h('p', { class: 'notice notice-info', role: 'status' }, t('account.topUpCancelled')));
    actions.append(h('a', { class: 'btn btn-primary', href: '#/topup' }, t('pay.otherPack')));
  } else if (topUp.status === 'pending' && !authFailed) {
    outcome.append(h('p', { class: 'notice notice-info', role: 'status' }, t('pay.processing')));
    actions.append(h('a', { class: 'btn btn-primary', href: '#/account' }, t('pay.toAccount')));
  } else {
    // Declined (or the bank's step failed): why, in the provider's words when it gave them.
    const reason = typeof topUp.message === 'string' && topUp.message.trim() ? topUp.message.trim() : '';
    outcome.append(h('div', { class: 'notice notice-error pay-declined', role: 'alert' },
      h('p', {}, authFailed && topUp.status !== 'declined' ? t('pay.authFailed') : t('pay.declined')),
      reason ? h('p', { class: 'pay-reason' }, reason) : null));
    const retry = h('button', { class: 'btn btn-primary', type: 'button' }, t('pay.tryAnother'));
    const retryError = h('p', { class: 'form-error', role: 'alert', hidden: true });
    retry.addEventListener('click', async () => {
      retry.disabled = true;
      retry.classList.add('busy');
      retryError.hidden = true;
      try {
        const created = await api.post(endpoints.topUps, { packId: topUp.packId });
        if (created?.provider && created.provider !== 'stripe') { location.assign(created.checkoutUrl); return; }
        go(`#/pay/${encodeURIComponent(created.topUpId)}`, { replace: true });
      } catch (error) {
        retryError.textContent = messageOf(error);
        retryError.hidden = false;
        retry.disabled = false;
        retry.classList.remove('busy');
      }
    });
    actions.append(retry, h('a', { class: 'btn', href: '#/topup' }, t('pay.otherPack')));
    outcome.append(retryError);
  }
  outcome.append(actions);
  outcome.querySelector('.notice')?.setAttribute('tabindex', '-1');
  outcome.querySelector('.notice')?.focus({ preventScroll: false });
}
