// Buying: confirmation first, then the purchase; not enough coins → Top up / Cancel (or, when the
// store sells no coins, Redeem a gift code / Cancel); 409 → owned.
import { api, newIdempotencyKey } from './api.js';
import * as endpoints from './endpoints.js';
import { t } from './i18n.js';
import { dialog, toast, priceText } from './ui.js';
import { state, setCoins, markOwned, isOwned } from './state.js';

async function askGuestToLogIn() {
  const choice = await dialog({
    title: t('buy.guestTitle'), body: t('buy.guestText'),
    actions: [
      { label: t('buy.cancel'), value: 'cancel' },
      { label: t('nav.register'), value: 'register' },
      { label: t('nav.login'), value: 'login', primary: true },
    ],
  });
  if (choice === 'login' || choice === 'register') location.hash = `#/${choice}`;
  return false;
}

async function notEnoughCoins(missing) {
  const topUps = (await api.get(endpoints.wallet).catch(() => null))?.topUps !== false;
  const text = t('buy.notEnoughText', { n: missing });
  const choice = await dialog({
    title: t('buy.notEnoughTitle'), body: topUps ? text : `${text} ${t('buy.coinsFromCodes')}`, className: 'dialog-alert',
    actions: [
      { label: t('buy.cancel'), value: 'cancel' },
      topUps ? { label: t('buy.topUp'), value: 'topup', primary: true } : { label: t('buy.redeem'), value: 'redeem', primary: true },
    ],
  });
  if (choice === 'topup') location.hash = '#/topup';
  if (choice === 'redeem') location.hash = '#/account';
}

/**
 * Buys a track ({trackId}) or an album ({albumId}). Resolves to true when the caller now owns it.
 * One idempotency key per user action, reused when the user presses Confirm again after a failure.
 */
async function purchase({ kind, id, title, artist, price }) {
  if (!state.me) return askGuestToLogIn();
  const key = newIdempotencyKey();
  let outcome = null;
  const confirmed = await dialog({
    title: kind === 'album' ? t('buy.confirmAlbumTitle') : t('buy.confirmTitle'),
    body: t('buy.confirmText', { title, artist, price: priceText(price), coins: priceText(state.me.coins) }),
    actions: [
      { label: t('buy.cancel'), value: false },
      {
        label: t('buy.confirm'), value: true, primary: true, retryLabel: t('buy.retry'),
        run: async () => {
          try {
            const body = kind === 'album' ? { albumId: id } : { trackId: id };
            const result = await api.post(endpoints.purchases, body, { headers: { 'Idempotency-Key': key } });
            outcome = { type: 'bought', result };
          } catch (error) {
            if (error.status === 402) outcome = { type: 'poor', missing: error.missingCoins };
            else if (error.status === 409) outcome = { type: 'owned' };
            else throw error; // shown in the dialog; Confirm retries with the same key
          }
          return true;
        },
      },
    ],
  });
  if (!confirmed || !outcome) return false;
  if (outcome.type === 'poor') {
    await notEnoughCoins(outcome.missing);
    return false;
  }
  if (outcome.type === 'owned') {
    toast(t('buy.already', { title }));
    return true;
  }
  const { purchase: bought, coins } = outcome.result;
  setCoins(coins);
  markOwned(bought.trackIds?.length ? bought.trackIds : kind === 'track' ? [id] : []);
  toast(kind === 'album' ? t('buy.doneAlbum', { title }) : t('buy.done', { title }), 'success');
  return true;
}

export async function buyTrack(track) {
  if (isOwned(track)) return true;
  const ok = await purchase({ kind: 'track', id: track.id, title: track.title, artist: track.artistName, price: track.price });
  if (ok) {
    track.owned = true;
    markOwned([track.id]);
  }
  return ok;
}

export function buyAlbum(album, price) {
  return purchase({ kind: 'album', id: album.id, title: album.title, artist: album.artistName, price });
}
