// Artist area › Statements: a month (UTC; this month unless the address says another) — its sales,
// totals, payouts, opening and closing balance — with the CSV download and the printable page.
import * as endpoints from '../endpoints-staff.js';
import { api } from '../api.js';
import { t, formatMoney } from '../i18n.js';
import { h, icon, load } from '../ui.js';
import { figures, number, coins, keepInAddress } from '../console/admin.js';
import { salesTable, payoutsTable, thisMonth } from './tables.js';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function statement(d, month) {
  const totals = d.totals || {};
  return [
    h('div', { class: 'row-actions statement-links' },
      h('a', { class: 'btn', href: endpoints.artistStatementCsv(month), download: `sotube-statement-${month}.csv`, id: 'statement-csv' },
        icon('download'), h('span', {}, t('artistArea.downloadCsv'))),
      h('a', { class: 'btn', href: endpoints.artistStatementPrint(month), target: '_blank', rel: 'noopener', id: 'statement-print' },
        h('span', {}, t('artistArea.printable')), h('span', { class: 'sr-only' }, ` (${t('artistArea.newTab')})`))),
    figures([
      [t('artistArea.openingBalance'), coins(d.openingBalance), 'statement-opening', d.openingBalance ?? 0],
      [t('artistArea.sales'), number(totals.sales), 'statement-sales', totals.sales ?? 0],
      [t('artistArea.gross'), coins(totals.gross), 'statement-gross', totals.gross ?? 0],
      [t('artistArea.commission'), coins(totals.commission), 'statement-commission', totals.commission ?? 0],
      [t('artistArea.net'), coins(totals.net), 'statement-net', totals.net ?? 0],
      [t('artistArea.paidOut'), coins((d.payouts || []).reduce((sum, p) => sum + (Number(p.coins) || 0), 0)), 'statement-paid'],
      [t('artistArea.closingBalance'), coins(d.closingBalance), 'statement-closing', d.closingBalance ?? 0],
    ]),
    d.coinValue ? h('p', { class: 'hint' }, t('artistArea.coinValue', { value: formatMoney(d.coinValue) })) : null,
    h('section', { 'aria-labelledby': 'statement-lines-title' },
      h('h2', { id: 'statement-lines-title' }, t('artistArea.lines')),
      salesTable(d.lines, { caption: t('artistArea.lines'), id: 'statement-lines' })),
    h('section', { 'aria-labelledby': 'statement-payouts-title' },
      h('h2', { id: 'statement-payouts-title' }, t('artistArea.payouts')),
      payoutsTable(d.payouts, { caption: t('artistArea.payouts'), id: 'statement-payouts' })),
  ];
}

export async function render(container, route) {
  const asked = route.query.get('month');
  let month = asked && MONTH.test(asked) ? asked : thisMonth();
  const result = h('div', { class: 'statement', id: 'statement', 'aria-live': 'polite' });
  const inputId = 'statement-month';
  const input = h('input', { type: 'month', id: inputId, name: 'month', value: month, required: true, max: thisMonth(), 'aria-describedby': 'statement-month-error' });
  const error = h('p', { class: 'field-error', id: 'statement-month-error', hidden: true });
  const show = async () => {
    keepInAddress('artist/statements', { month });
    await load(result, () => api.get(endpoints.artistStatement(month)), (d) => result.append(...statement(d, month).filter(Boolean)));
  };
  const form = h('form', { class: 'form form-inline statement-form', novalidate: true, onsubmit: (e) => {
    e.preventDefault();
    const value = input.value.trim();
    error.hidden = !!MONTH.test(value);
    if (!MONTH.test(value)) {
      error.textContent = t('artistArea.monthWrong');
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    input.removeAttribute('aria-invalid');
    month = value;
    show();
  } },
  h('div', { class: 'field', dataset: { field: 'month' } }, h('label', { for: inputId }, t('artistArea.month')), input, error),
  h('button', { class: 'btn btn-primary', type: 'submit' }, t('artistArea.showMonth')));
  container.append(form, result);
  await show();
}
