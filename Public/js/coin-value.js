// What coins are worth in money, where a buyer decides (the buy dialog, the full player's and the song
// page's Buy): "13 coins ≈ $0.13" at the price per coin of the cheapest coin pack (GET /api/v1/wallet,
// which only a signed-in buyer can read: guests see coins alone). Its texts and styles come with the
// rate (library-extras.js).
import { api } from './api.js';
import * as endpoints from './endpoints.js';
import { t, formatMoney } from './i18n.js';
import { h } from './ui.js';
import { state } from './state.js';
import { loadLibraryExtras } from './library-extras.js';

let rate = null; // Promise<{amount: minor units per coin, currency} | null>
let rateFor = null; // the buyer it was read for

/** The cheapest pack's money per coin, or null (a guest, offline, no packs sold). Read once per buyer. */
export function coinRate() {
  if (!state.me || state.offline) return Promise.resolve(null);
  if (rateFor !== state.me.id) { rate = null; rateFor = state.me.id; }
  rate ??= api.get(endpoints.wallet, { quiet: true }).then((wallet) => {
    const packs = (wallet.packs || []).filter((p) => p.coins > 0 && typeof p.price?.amount === 'number' && p.price.currency);
    if (wallet.topUps === false || !packs.length) return null;
    const cheapest = packs.reduce((a, b) => (b.price.amount < a.price.amount ? b : a));
    return { amount: cheapest.price.amount / cheapest.coins, currency: cheapest.price.currency };
  }).catch(() => { rate = null; return null; });
  return Promise.all([rate, loadLibraryExtras()]).then(([r]) => r); // texts in the language now
}

/** "≈ $0.13" for `coins` at `r` (coinRate()), or '' when unknown. */
export function moneyFor(coins, r) {
  if (!r || typeof coins !== 'number' || !(coins > 0)) return '';
  return `≈ ${formatMoney({ amount: Math.max(1, Math.round(coins * r.amount)), currency: r.currency })}`;
}

/** A hint "13 coins ≈ $0.13" (filled once the rate is known; empty for guests). paint(n) repaints it. */
export function worthHint(coins, cls = 'hint buy-worth') {
  const line = h('p', { class: cls, hidden: true });
  let shown = coins;
  const paint = async (n = shown) => {
    shown = n;
    const money = moneyFor(n, await coinRate());
    if (n !== shown) return;
    line.textContent = money ? t('buy.worth', { coins: t('track.price', { n }), money }) : '';
    line.title = money ? t('buy.worthNote') : '';
    line.hidden = !money;
  };
  paint(coins);
  line.paint = paint;
  return line;
}
