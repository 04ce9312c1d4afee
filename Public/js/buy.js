// Buying: confirmation first, then the purchase of the price shown (expectedPrice); not enough coins →
// Top up / Cancel (or, when the store sells no coins, Redeem a gift code / Cancel); a price changed since
// it was shown → the new price confirmed again, nothing charged meanwhile; other 409 → owned. A guest who logs in, or a buyer
// who tops up, comes back to the same screen and is offered the same purchase again (intent.js).
// A seller's discount code (collapsed under "Have a discount code?") is quoted by the server: its charge
// is the price confirmed (the minimum with name your price). Once bought, the toast offers to follow the artist.
import { api, newIdempotencyKey } from './api.js';
import * as endpoints from './endpoints.js';
import { t, formatDate } from './i18n.js';
import { h, toast } from './ui.js';
import { dialog } from './dialog.js';
import { field } from './forms.js';
import { priceText } from './track-list.js';
import { state, setCoins, markOwned, isOwned } from './state.js';
import { rememberPurchase, pendingPurchase, forgetPurchase } from './intent.js';
import { isPreOrder } from './release-date.js';
import { coinRate, worthHint } from './coin-value.js';

/** 409 of a purchase whose price changed since it was shown: nothing was charged. */
const PRICE_CHANGED = 'urn:sotube:problem:price-changed';

/** A guest asked to log in (or sign up) first; `item`, a purchase, is offered again once back. */
export async function askGuestToLogIn(item, { title = t('buy.guestTitle'), text = t('buy.guestText') } = {}) {
  const choice = await dialog({
    title, body: text,
    actions: [
      { label: t('buy.cancel'), value: 'cancel' },
      { label: t('nav.register'), value: 'register' },
      { label: t('nav.login'), value: 'login', primary: true },
    ],
  });
  if (choice === 'login' || choice === 'register') {
    if (item) rememberPurchase({ ...item, waitingFor: 'login' });
    location.hash = `#/${choice}?next=${encodeURIComponent(location.hash || '#/store')}`;
  }
  return false;
}

async function notEnoughCoins(missing, item) {
  const topUps = (await api.get(endpoints.wallet).catch(() => null))?.topUps !== false;
  const text = t('buy.notEnoughText', { n: missing });
  const choice = await dialog({
    title: t('buy.notEnoughTitle'), body: topUps ? text : `${text} ${t('buy.coinsFromCodes')}`, className: 'dialog-alert',
    actions: [
      { label: t('buy.cancel'), value: 'cancel' },
      topUps ? { label: t('buy.topUp'), value: 'topup', primary: true } : { label: t('buy.redeem'), value: 'redeem', primary: true },
    ],
  });
  if (choice === 'topup' || choice === 'redeem') rememberPurchase({ ...item, waitingFor: choice });
  if (choice === 'topup') location.hash = '#/topup';
  if (choice === 'redeem') location.hash = '#/account';
}

/** Follows the artist (the toast after a purchase offers it). */
export async function followArtist(id, name) {
  try {
    await api.put(endpoints.artistFollow(id));
    toast(t('buy.followed', { artist: name }), 'success');
  } catch (error) {
    toast(error.message, 'error');
  }
}

/** The purchase's toast; with "Follow ARTIST" when the buyer does not follow them yet. */
async function doneToast(text, artistId, artist) {
  const follow = artistId ? await api.get(endpoints.artistFollow(artistId), { quiet: true }).catch(() => null) : null;
  toast(text, 'success', follow && !follow.following ? { label: t('buy.follow', { artist }), run: () => followArtist(artistId, artist) } : null);
}

/**
 * "Have a discount code?": a code field and Apply. The server quotes the code for this item at `price`;
 * onQuote gets the quote ({code, percent, charge}), or null when the code is taken away or refused
 * (its reason shown under the field).
 */
function discountPart({ kind, id, price, onQuote }) {
  const wrap = field(t('buy.code'), { name: 'discountCode', id: 'buy-code', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', maxlength: 32 });
  const input = wrap.querySelector('input');
  const error = wrap.querySelector('.field-error');
  const note = h('p', { class: 'hint', role: 'status' });
  const show = (quote) => {
    note.textContent = quote ? t('buy.codeApplied', { code: quote.code, percent: quote.percent, price: priceText(quote.charge) }) : '';
    onQuote(quote);
  };
  const apply = async () => {
    error.hidden = true;
    input.removeAttribute('aria-invalid');
    const code = input.value.trim();
    if (!code) { show(null); input.focus(); return; }
    button.disabled = true;
    try {
      show(await api.get(endpoints.discountQuote(code, { [kind === 'album' ? 'albumId' : 'trackId']: id, price })));
    } catch (e) {
      show(null);
      error.textContent = e.message;
      error.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
    } finally {
      button.disabled = false;
    }
  };
  const button = h('button', { class: 'btn', type: 'button', onclick: apply }, t('buy.apply'));
  input.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); apply(); } });
  // The refusal goes under the row (the field and Apply side by side), still the field's description.
  return h('details', { class: 'buy-code' }, h('summary', {}, t('buy.haveCode')), h('div', { class: 'buy-code-row' }, wrap, button), error, note);
}

/**
 * Buys a track ({trackId}) or an album ({albumId}). Resolves to true when the caller now owns it.
 * One idempotency key per user action, reused when the user presses Confirm again after a failure.
 */
async function purchase({ kind, id, title, artist, artistId = null, price, changedFrom, nameYourPrice = false, preOrder = false, availableOn = null, applied = null }) {
  const item = { kind, id, title };
  if (!state.me) return askGuestToLogIn(item);
  // Confirming cannot work: say what is missing and go straight to the top-up.
  if (typeof price === 'number' && state.me.coins < price) {
    await notEnoughCoins(price - state.me.coins, item);
    return false;
  }
  const key = newIdempotencyKey();
  let outcome = null;
  const named = nameYourPrice && typeof price === 'number';
  // The price confirmed: the list price, or a discount code's charge (then the minimum with name your price).
  let discount = applied;
  let charge = applied ? applied.charge : price;
  const describe = () => {
    const confirmText = [
      t(named ? 'buy.confirmTextNamed' : 'buy.confirmText', { title, artist, price: priceText(charge), coins: priceText(state.me.coins) }),
      preOrder ? t('buy.preOrderText', { date: formatDate(availableOn) }) : null].filter(Boolean).join(' ');
    return changedFrom !== undefined
      ? `${t('buy.priceChangedText', { old: priceText(changedFrom), price: priceText(price) })} ${confirmText}`
      : confirmText;
  };
  const text = h('p', {}, describe());
  // What the coins are worth in money (the cheapest pack's rate): "13 coins ≈ $0.13". The rate is read
  // first (the song's or album's page has it already), so the line does not move Confirm when it comes.
  if (typeof price === 'number') await coinRate();
  const worth = typeof price === 'number' ? worthHint(charge) : null;
  // Name your price: what to pay, the minimum at least (0 allowed: free, paying is optional).
  const amount = named ? field(t('buy.payWhatYouWant', { n: charge }), {
    name: 'coins', type: 'number', inputmode: 'numeric', min: charge, step: 1, value: charge, required: true, id: 'buy-coins',
  }) : null;
  const chosen = () => {
    const n = Number(amount.querySelector('input').value);
    if (!Number.isInteger(n) || n < charge) {
      amount.querySelector('input').focus();
      throw new Error(t('buy.payAtLeast', { n: charge }));
    }
    return n;
  };
  // A price changed with a code in force is that code's new charge: the code stays, not asked again.
  const codePart = typeof price === 'number' && price > 0 && !applied ? discountPart({
    kind, id, price,
    onQuote: (quote) => {
      const before = charge;
      discount = quote;
      charge = quote ? quote.charge : price;
      text.textContent = describe();
      worth?.paint(charge);
      if (!amount) return;
      const box = amount.querySelector('input');
      amount.querySelector('label').textContent = t('buy.payWhatYouWant', { n: charge });
      box.min = charge;
      if (Number(box.value) === before || Number(box.value) < charge) box.value = charge;
    },
  }) : null;
  const asking = dialog({
    title: changedFrom !== undefined ? t('buy.priceChangedTitle')
      : preOrder ? t(kind === 'album' ? 'buy.preOrderAlbumTitle' : 'buy.preOrderTitle')
        : kind === 'album' ? t('buy.confirmAlbumTitle') : t('buy.confirmTitle'),
    body: h('div', { class: 'buy-named' }, text, worth, amount, codePart),
    actions: [
      { label: t('buy.cancel'), value: false },
      {
        label: t('buy.confirm'), value: true, primary: true, retryLabel: t('buy.retry'),
        run: async () => {
          try {
            const body = kind === 'album' ? { albumId: id } : { trackId: id };
            if (named) body.coins = chosen();
            if (discount) body.discountCode = discount.code;
            if (typeof price === 'number') body.expectedPrice = named ? body.coins : charge;
            const result = await api.post(endpoints.purchases, body, { headers: { 'Idempotency-Key': key } });
            outcome = { type: 'bought', result };
          } catch (error) {
            if (error.status === 402) outcome = { type: 'poor', missing: error.missingCoins };
            else if (error.status === 409 && error.problem?.type === PRICE_CHANGED) {
              outcome = { type: 'priceChanged', price: error.problem.price };
            } else if (error.status === 409) outcome = { type: 'owned' };
            else throw error; // shown in the dialog; Confirm retries with the same key
          }
          return true;
        },
      },
    ],
  });
  amount?.querySelector('input').addEventListener('input', (e) => {
    const n = Number(e.target.value);
    if (Number.isInteger(n) && n >= charge) worth?.paint(n);
  });
  amount?.querySelector('input').select();
  const confirmed = await asking;
  if (!confirmed || !outcome) return false;
  if (outcome.type === 'priceChanged' && typeof outcome.price === 'number') {
    // With a code, the new price is the code's charge: confirmed again with the code kept.
    return purchase({
      kind, id, title, artist, artistId, price: outcome.price, changedFrom: charge, nameYourPrice, preOrder, availableOn,
      applied: discount ? { ...discount, charge: outcome.price } : null,
    });
  }
  if (outcome.type === 'poor') {
    await notEnoughCoins(outcome.missing, item);
    return false;
  }
  if (outcome.type === 'owned') {
    toast(t('buy.already', { title }));
    return true;
  }
  const { purchase: bought, coins } = outcome.result;
  setCoins(coins);
  markOwned(bought.trackIds?.length ? bought.trackIds : kind === 'track' ? [id] : []);
  const done = preOrder ? t('buy.donePreOrder', { title, date: formatDate(availableOn) })
    : kind === 'album' ? t('buy.doneAlbum', { title }) : t('buy.done', { title });
  const code = bought.discountCode || discount?.code;
  doneToast(code ? `${done} ${t('buy.codeUsed', { code })}` : done, artistId, artist);
  return true;
}

export async function buyTrack(track) {
  if (isOwned(track)) return true;
  const ok = await purchase({
    kind: 'track', id: track.id, title: track.title, artist: track.artistName, artistId: track.artistId, price: track.price,
    nameYourPrice: !!track.nameYourPrice, preOrder: isPreOrder(track), availableOn: track.availableOn ?? null,
  });
  if (ok) {
    track.owned = true;
    markOwned([track.id]);
  }
  return ok;
}

export function buyAlbum(album, price) {
  return purchase({
    kind: 'album', id: album.id, title: album.title, artist: album.artistName, artistId: album.artistId, price,
    nameYourPrice: !!album.nameYourPrice, preOrder: isPreOrder(album), availableOn: album.availableOn ?? null,
  });
}

/**
 * Offers again the purchase a user left to log in or to top up, once they are back on the screen
 * they left. Called after every screen is drawn.
 */
export async function offerPendingPurchase() {
  const intent = pendingPurchase();
  if (!intent || !state.me || intent.waitingFor || intent.returnTo !== location.hash) return;
  forgetPurchase();
  try {
    if (intent.kind === 'album') {
      const detail = await api.get(endpoints.album(intent.id));
      if (detail.priceForCaller > 0) await buyAlbum(detail.album, detail.priceForCaller);
      else toast(t('buy.already', { title: detail.album.title }));
    } else {
      const { track } = await api.get(endpoints.track(intent.id));
      if (isOwned(track)) toast(t('buy.already', { title: track.title }));
      else await buyTrack(track);
    }
  } catch (error) {
    toast(error.message, 'error');
  }
}
