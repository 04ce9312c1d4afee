// Artist area › Overview: the balance in coins and what it is worth paid out, all-time totals
// (sales, gross, the store's commission, net), the latest sales and the payouts.
import * as endpoints from '../endpoints-staff.js';
import { api } from '../api.js';
import { t, formatMoney } from '../i18n.js';
import { h, load } from '../ui.js';
import { figures, number, coins } from '../console/admin.js';
import { salesTable, payoutsTable, artistNames } from './tables.js';

export async function render(container) {
  await load(container, () => api.get(endpoints.artistOverview), (d) => {
    const totals = d.totals || {};
    const who = [d.account, t(d.role === 'label' ? 'artistArea.roleLabel' : 'artistArea.roleArtist'),
      d.label ? t('artistArea.labelName', { label: d.label }) : null].filter(Boolean).join(' · ');
    container.append(
      h('p', { class: 'lead', id: 'artist-who' }, who),
      d.artists?.length ? h('p', { id: 'artist-names' }, t('artistArea.artists'), ' ', artistNames(d.artists)) : null,
      figures([
        [t('artistArea.balance'), coins(d.balance?.coins), 'artist-balance', d.balance?.coins ?? 0],
        [t('artistArea.balanceValue'), formatMoney(d.balance?.value), 'artist-balance-value'],
        [t('artistArea.sales'), number(totals.sales), 'artist-sales', totals.sales ?? 0],
        [t('artistArea.gross'), coins(totals.gross), 'artist-gross', totals.gross ?? 0],
        [t('artistArea.commission'), coins(totals.commission), 'artist-commission', totals.commission ?? 0],
        [t('artistArea.net'), coins(totals.net), 'artist-net', totals.net ?? 0],
      ]),
      d.coinValue ? h('p', { class: 'hint', id: 'artist-coin-value' }, t('artistArea.coinValue', { value: formatMoney(d.coinValue) })) : null,
      h('section', { 'aria-labelledby': 'recent-sales-title' },
        h('h2', { id: 'recent-sales-title' }, t('artistArea.recentSales')),
        salesTable(d.recentSales, { caption: t('artistArea.recentSales'), id: 'recent-sales' })),
      h('section', { 'aria-labelledby': 'payouts-title' },
        h('h2', { id: 'payouts-title' }, t('artistArea.payouts')),
        payoutsTable(d.payouts, { caption: t('artistArea.payouts'), id: 'artist-payouts' })),
      h('p', {}, h('a', { href: '#/artist/statements' }, t('artistArea.seeStatements'))));
  });
}
