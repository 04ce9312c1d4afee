// Console › Artists: the artist and label accounts (their artists, commission, balance and what it is
// worth), an invitation to sell music (mailed; its link shown here to pass on), and a payout recorded
// per account (asks for the password again when the server wants it, as coin grants do).
import * as endpoints from '../endpoints-staff.js';
import { t, formatDate, formatMoney } from '../i18n.js';
import { h, load, toast } from '../ui.js';
import { field, wireForm } from '../forms.js';
import { loadArtistTexts } from '../artist/texts.js';
import { artistNames, percent } from '../artist/tables.js';
import { admin, act, formDialog, dataTable, emptyNote, number, coins, money, selectField, utcDay } from './admin.js';

const roleName = (role) => t(role === 'label' ? 'artistArea.roleLabel' : 'artistArea.roleArtist');

/** Invite someone to sell music as artist(s) or as a label. */
function inviteForm(done) {
  const labelField = field(t('console.artists.labelName'), { name: 'label', maxlength: 200, autocomplete: 'off', required: true });
  labelField.hidden = true;
  const roleSelect = selectField(t('console.artists.role'), { name: 'role', id: 'invite-role' },
    [['artist', roleName('artist')], ['label', roleName('label')]], 'artist');
  roleSelect.querySelector('select').addEventListener('change', (e) => { labelField.hidden = e.target.value !== 'label'; });
  const form = h('form', { class: 'form console-grid-form', id: 'invite-form', novalidate: true },
    field(t('register.email'), { name: 'email', type: 'email', autocomplete: 'off', required: true }),
    roleSelect,
    labelField,
    field(t('console.artists.artistNames'), { name: 'artists', autocomplete: 'off', required: true, maxlength: 2000 }, t('console.artists.artistNamesHint')),
    h('div', { class: 'form-submit' }, h('button', { class: 'btn btn-primary', type: 'submit' }, t('console.artists.invite'))));
  wireForm(form, async (v) => {
    const artists = (v.artists || '').split(',').map((s) => s.trim()).filter(Boolean);
    if (!artists.length) throw Object.assign(new Error(t('console.artists.artistsNeeded')), { field: 'artists' });
    const label = v.role === 'label' ? (v.label || '').trim() : null;
    const answer = await admin.post(endpoints.adminInvites, { email: v.email.trim(), role: v.role, label, artists });
    form.reset();
    labelField.hidden = true;
    done(answer);
  }, { check: true });
  return form;
}

/** What an invitation sent says: the address, the link to pass on (with a Copy button), until when. */
function inviteSent(answer) {
  const linkId = 'invite-link';
  const input = h('input', { id: linkId, type: 'text', readonly: true, value: answer.link ?? '' });
  const copy = h('button', { class: 'btn', type: 'button', onclick: async () => {
    try {
      await navigator.clipboard.writeText(input.value);
      toast(t('console.artists.copied'), 'success');
    } catch {
      input.select();
    }
  } }, t('console.artists.copy'));
  return h('div', { class: 'notice notice-success', id: 'invite-sent', tabindex: '-1' },
    h('p', {}, t('console.artists.sent', { email: answer.email ?? '' })),
    h('div', { class: 'field' }, h('label', { for: linkId }, t('console.artists.link')), h('div', { class: 'form-inline invite-link-row' }, input, copy)),
    answer.expiresAt ? h('p', { class: 'hint' }, t('console.artists.expires', { date: formatDate(answer.expiresAt) })) : null);
}

/** Record a payout to an account: coins, the day it was paid, a reference (bank transfer…). */
function payoutDialog(account) {
  return formDialog({
    title: t('console.artists.payoutTitle', { name: account.username }),
    className: 'dialog-payout',
    intro: t('console.artists.payoutText', { balance: coins(account.balance) }),
    fields: [
      field(t('console.artists.payoutCoins'), { name: 'coins', type: 'number', inputmode: 'numeric', min: 1, max: account.balance || undefined, step: 1, required: true }),
      field(t('console.artists.paidOn'), { name: 'paidOn', type: 'date', value: utcDay(), required: true }),
      field(t('console.artists.reference'), { name: 'reference', maxlength: 200, autocomplete: 'off', required: true }, t('console.artists.referenceHint')),
    ],
    submit: t('console.artists.recordPayout'),
    onSubmit: async (v) => {
      const n = Number(v.coins);
      if (!Number.isInteger(n) || n < 1) throw Object.assign(new Error(t('console.numberRange', { min: 1, max: number(account.balance) })), { field: 'coins' });
      if (n > account.balance) throw Object.assign(new Error(t('console.artists.moreThanBalance', { balance: coins(account.balance) })), { field: 'coins' });
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v.paidOn || '')) throw Object.assign(new Error(t('artistArea.dateWrong')), { field: 'paidOn' });
      const reference = (v.reference || '').trim();
      if (!reference) throw Object.assign(new Error(t('form.required')), { field: 'reference' });
      return admin.post(endpoints.adminArtistPayouts(account.userId), { coins: n, paidOn: v.paidOn, reference });
    },
  });
}

function accountsTable(data, reload) {
  const accounts = data.accounts || [];
  if (!accounts.length) return emptyNote(t('console.artists.none'), 'artist-accounts');
  const payoutButton = (account) => {
    const button = h('button', {
      class: 'btn btn-small', type: 'button', disabled: !(account.balance > 0), dataset: { payout: account.userId },
      'aria-label': t('console.artists.recordPayoutFor', { name: account.username }),
      onclick: () => act(button, async () => {
        const payout = await payoutDialog(account);
        if (!payout) return;
        toast(t('console.artists.paid', { n: coins(payout.coins ?? 0), name: account.username }), 'success');
        await reload(account.userId);
      }, { busy: false }),
    }, t('console.artists.recordPayout'));
    return button;
  };
  const table = dataTable([
    { label: t('login.username'), value: (a) => h('a', { href: `#/console/customers/${encodeURIComponent(a.userId)}` }, a.username), head: true },
    { label: t('console.artists.role'), value: (a) => roleName(a.role) },
    { label: t('console.artists.labelName'), value: (a) => a.label },
    { label: t('console.artists.artists'), value: (a) => artistNames(a.artists) },
    { label: t('artistArea.balance'), value: (a) => number(a.balance), num: true },
    { label: t('artistArea.balanceValue'), value: (a) => (a.value ? money(a.value.amount, a.value.currency) : null), num: true },
    { label: t('console.artists.actions'), value: payoutButton },
  ], accounts, { caption: t('console.nav.artists'), className: 'artist-accounts-table', rowAttrs: (a) => ({ dataset: { userId: a.userId } }) });
  table.id = 'artist-accounts';
  return table;
}

export async function render(container) {
  await loadArtistTexts();
  const sent = h('div', { 'aria-live': 'polite' });
  const list = h('div', { class: 'console-results', id: 'artist-accounts-list' });
  const facts = h('p', { class: 'hint', id: 'artist-defaults' });
  const reload = async (focusUserId) => {
    await load(list, () => admin.get(endpoints.adminArtists), (data) => {
      facts.textContent = [
        data.defaultCommissionBasisPoints !== undefined ? t('console.artists.defaultCommission', { percent: percent(data.defaultCommissionBasisPoints) }) : null,
        data.coinValue ? t('artistArea.coinValue', { value: formatMoney(data.coinValue) }) : null,
      ].filter(Boolean).join(' ');
      list.append(accountsTable(data, reload));
    });
    if (focusUserId) list.querySelector(`[data-payout="${CSS.escape(focusUserId)}"]`)?.focus();
  };
  container.append(
    h('section', { class: 'panel console-panel', 'aria-labelledby': 'invite-title' },
      h('h2', { id: 'invite-title' }, t('console.artists.inviteTitle')),
      h('p', { class: 'hint' }, t('console.artists.inviteHint')),
      inviteForm(async (answer) => {
        sent.replaceChildren(inviteSent(answer));
        sent.firstElementChild.focus();
        await reload();
      }),
      sent),
    h('section', { 'aria-labelledby': 'accounts-title' },
      h('h2', { id: 'accounts-title' }, t('console.artists.accounts')), facts, list));
  await reload();
}
