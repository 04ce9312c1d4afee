// What the artist area's sections share: the table of sales (overview, statements), the table of
// payouts, an account's artists with their commission, prices typed in coins, and the store's problems as texts.
import { t, currentLanguage } from '../i18n.js';
import { h } from '../ui.js';
import { dataTable, emptyNote, number, money, when, day } from '../console/admin.js';

/** A commission in basis points as a percentage: 1500 → "15 %" in the current language. */
export function percent(basisPoints) {
  return new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 2 })
    .format((Number(basisPoints) || 0) / 10000);
}

/** A sale's item: "Song: title" / "Album: title", and a Pre-order badge. */
function saleItem(sale) {
  return h('span', {}, t(sale.kind === 'album' ? 'history.album' : 'history.song', { title: sale.title }),
    sale.preOrder ? [' ', h('span', { class: 'console-badge' }, t('artistArea.preOrder'))] : null);
}

export function salesTable(sales, { caption, id } = {}) {
  if (!sales?.length) return emptyNote(t('artistArea.noSales'), id);
  const table = dataTable([
    { label: t('history.date'), value: (s) => when(s.at), className: 'date' },
    { label: t('artistArea.artist'), value: (s) => s.artistName },
    { label: t('history.item'), value: saleItem },
    { label: t('artistArea.gross'), value: (s) => number(s.gross), num: true },
    { label: t('artistArea.commission'), value: (s) => number(s.commission), num: true },
    { label: t('artistArea.net'), value: (s) => number(s.net), num: true },
  ], sales, { caption, className: 'sales-table', rowAttrs: (s) => ({ dataset: { purchaseId: s.purchaseId ?? '' } }) });
  if (id) table.id = id;
  return table;
}

export function payoutsTable(payouts, { caption, id } = {}) {
  if (!payouts?.length) return emptyNote(t('artistArea.noPayouts'), id);
  const table = dataTable([
    { label: t('artistArea.paidOn'), value: (p) => day(p.paidOn), className: 'date' },
    { label: t('history.coins'), value: (p) => number(p.coins), num: true },
    { label: t('artistArea.amount'), value: (p) => (p.amount ? money(p.amount.amount, p.amount.currency) : null), num: true },
    { label: t('artistArea.reference'), value: (p) => p.reference },
  ], payouts, { caption, className: 'payouts-table' });
  if (id) table.id = id;
  return table;
}

/** "Ann (commission 15 %), Bob (commission 10 %)". */
export function artistNames(artists) {
  return (artists || []).map((a) => (a.commissionBasisPoints === undefined || a.commissionBasisPoints === null ? a.name
    : t('artistArea.withCommission', { name: a.name, percent: percent(a.commissionBasisPoints) }))).join(', ');
}

/** The current UTC month, YYYY-MM. */
export function thisMonth() {
  return new Date().toISOString().slice(0, 7);
}

export const MAX_PRICE = 100000;

/** A whole number of coins from a field's text, or a field error; '' is null when `optional`. */
export function coinsFrom(text, name, { optional = false } = {}) {
  const value = String(text ?? '').trim();
  if (!value && optional) return null;
  const n = Number(value);
  if (!value || !Number.isInteger(n) || n < 0 || n > MAX_PRICE) {
    throw Object.assign(new Error(t('artistArea.priceRange', { max: number(MAX_PRICE) })), { field: name });
  }
  return n;
}
