// Buying: confirmation first, then the purchase of the price shown (expectedPrice); not enough coins →
// Top up / Cancel (or, when the store sells no coins, Redeem a gift code / Cancel); a price changed since
// it was shown → the new price confirmed again, nothing charged meanwhile; other 409 → owned. A guest who logs in, or a buyer
// who tops up, comes back to the same screen and is offered the same purchase again (intent.js).
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

/** 409 of a purchase whose price changed since it was shown: nothing was charged. */
const PRICE_CHANGED = 'urn:sotube:problem:price-changed';

async function askGuestToLogIn(item) {
  const choice = await dialog({
    title: t('buy.guestTitle'), body: t('buy.guestText'),
    actions: [
      { label: t('buy.cancel'), value: 'cancel' },
      { label: t('nav.register'), value: 'register' },
      { label: t('nav.login'), value: 'login', primary: true },
    ],
  });
  if (choice === 'login' || choice === 'register') {
    rememberPurchase({ ...item, waitingFor: 'login' });
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

/**
 * Buys a track ({trackId}) or an album ({albumId}). Resolves to true when the caller now owns it.
 * One idempotency key per user action, reused when the user presses Confirm again after a failure.
 */
async function purchase({ kind, id, title, artist, price, changedFrom, nameYourPrice = false, preOrder = false, availableOn = null }) {
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
  const confirmText = [
    t(named ? 'buy.confirmTextNamed' : 'buy.confirmText', { title, artist, price: priceText(price), coins: priceText(state.me.coins) }),
    preOrder ? t('buy.preOrderText', { date: formatDate(availableOn) }) : null].filter(Boolean).join(' ');
  const text = changedFrom !== undefined
    ? `${t('buy.priceChangedText', { old: priceText(changedFrom), price: priceText(price) })} ${confirmText}`
    : confirmText;
  // Name your price: what to pay, the minimum at least (0 allowed: free, paying is optional).
  const amount = named ? field(t('buy.payWhatYouWant', { n: price }), {
    name: 'coins', type: 'number', inputmode: 'numeric', min: price, step: 1, value: price, required: true, id: 'buy-coins',
  }) : null;
  const chosen = () => {
    const n = Number(amount.querySelector('input').value);
    if (!Number.isInteger(n) || n < price) {
      amount.querySelector('input').focus();
      throw new Error(t('buy.payAtLeast', { n: price }));
    }
    return n;
  };
  const asking = dialog({
    title: changedFrom !== undefined ? t('buy.priceChangedTitle')
      : preOrder ? t(kind === 'album' ? 'buy.preOrderAlbumTitle' : 'buy.preOrderTitle')
        : kind === 'album' ? t('buy.confirmAlbumTitle') : t('buy.confirmTitle'),
    body: named ? h('div', { class: 'buy-named' }, h('p', {}, text), amount) : text,
    actions: [
      { label: t('buy.cancel'), value: false },
      {
        label: t('buy.confirm'), value: true, primary: true, retryLabel: t('buy.retry'),
        run: async () => {
          try {
            const body = kind === 'album' ? { albumId: id } : { trackId: id };
            if (named) body.coins = chosen();
            if (typeof price === 'number') body.expectedPrice = named ? body.coins : price;
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
  amount?.querySelector('input').select();
  const confirmed = await asking;
  if (!confirmed || !outcome) return false;
  if (outcome.type === 'priceChanged' && typeof outcome.price === 'number') {
    return purchase({ kind, id, title, artist, price: outcome.price, changedFrom: price, nameYourPrice, preOrder, availableOn });
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
  toast(preOrder ? t('buy.donePreOrder', { title, date: formatDate(availableOn) })
    : kind === 'album' ? t('buy.doneAlbum', { title }) : t('buy.done', { title }), 'success');
  return true;
}

export async function buyTrack(track) {
  if (isOwned(track)) return true;
  const ok = await purchase({
    kind: 'track', id: track.id, title: track.title, artist: track.artistName, price: track.price,
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
    kind: 'album', id: album.id, title: album.title, artist: album.artistName, price,
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
