// Console › Customers: find users by name or email; one user's balance, role, lock, two-step
// sign-in, sessions, purchases, top-ups and ledger; grant or take coins with a reason, lock or
// unlock, end sessions, turn two-step sign-in off, set the role; export everything stored about
// them (a JSON file) or erase the account (personal data goes, the money's rows stay).
import * as endpoints from '../endpoints-staff.js';
import { t } from '../i18n.js';
import { h, icon, load, toast } from '../ui.js';
import { field, wireForm } from '../forms.js';
import { state, refreshMe } from '../state.js';
import {
  admin, act, confirmAction, formDialog, dataTable, figures, emptyNote, searchForm, keepInAddress,
  number, signed, coins, money, when, day, selectField, known,
} from './admin.js';
import { downloadFile } from './files.js';

const roles = ['buyer', 'operator'];
const roleName = (role) => (roles.includes(role) ? t(`console.role.${role}`) : role ?? '');

function userLink(user) {
  return h('a', { href: `#/console/customers/${encodeURIComponent(user.id)}` }, user.username);
}

function lockBadge(user) {
  return user.locked ? h('span', { class: 'console-badge badge-danger' }, t('console.customers.locked'))
    : h('span', { class: 'console-badge badge-ok' }, t('console.customers.active'));
}

async function list(container, route) {
  let q = route.query.get('q') || '';
  const results = h('div', { class: 'console-results', 'aria-live': 'polite', id: 'customer-results' });
  const search = async (text = q) => {
    q = text;
    keepInAddress('console/customers', { q });
    await load(results, () => admin.get(endpoints.adminUsers({ q })), (data) => {
      const users = data.users || [];
      if (!users.length) { results.append(emptyNote(q ? t('search.none', { q }) : t('console.customers.none'))); return; }
      results.append(dataTable([
        { label: t('login.username'), value: userLink, head: true },
        { label: t('console.customers.name'), value: (u) => u.displayName },
        { label: t('account.email'), value: (u) => u.email, className: 'console-email' },
        { label: t('account.coins'), value: (u) => number(u.coins), num: true },
        { label: t('console.customers.role'), value: (u) => roleName(u.role) },
        { label: t('console.customers.state'), value: lockBadge },
        { label: t('console.customers.created'), value: (u) => day(u.createdAt) },
      ], users, { caption: t('console.nav.customers'), className: 'customer-table', rowAttrs: (u) => ({ dataset: { userId: u.id } }) }));
      if (users.length >= 50) results.append(h('p', { class: 'hint' }, t('console.moreThan50')));
    });
  };
  container.append(
    searchForm({ id: 'customer-search', label: t('console.customers.search'), placeholder: t('console.customers.searchPlaceholder'), value: q, onSearch: search }),
    results);
  await search(q);
}

/** Grant (positive) or take (negative) coins, always with a reason. */
function coinsForm(detail, reload) {
  const form = h('form', { class: 'form console-coins', id: 'coins-form', novalidate: true },
    h('fieldset', { class: 'console-choice' }, h('legend', {}, t('console.customers.coinsDirection')),
      h('label', { class: 'check' }, h('input', { type: 'radio', name: 'direction', value: 'grant', checked: true }), h('span', {}, t('console.customers.grant'))),
      h('label', { class: 'check' }, h('input', { type: 'radio', name: 'direction', value: 'take' }), h('span', {}, t('console.customers.take')))),
    field(t('console.customers.amount'), { name: 'coins', type: 'number', inputmode: 'numeric', min: 1, max: 1000000, step: 1, required: true }),
    field(t('console.customers.reason'), { name: 'reason', required: true, maxlength: 500, autocomplete: 'off' }, t('console.customers.reasonHint')),
    h('button', { class: 'btn btn-primary', type: 'submit' }, t('console.customers.applyCoins')));
  wireForm(form, async (v) => {
    const amount = Number(v.coins);
    if (!Number.isInteger(amount) || amount < 1 || amount > 1000000) {
      throw Object.assign(new Error(t('console.numberRange', { min: 1, max: 1000000 })), { field: 'coins' });
    }
    const reason = (v.reason || '').trim();
    if (!reason) throw Object.assign(new Error(t('console.customers.reasonNeeded')), { field: 'reason' });
    const delta = v.direction === 'take' ? -amount : amount;
    const result = await admin.post(endpoints.adminUserCoins(detail.user.id), { coins: delta, reason });
    toast(t(delta > 0 ? 'console.customers.granted' : 'console.customers.taken',
      { n: coins(amount), name: detail.user.username, balance: coins(result?.balance ?? detail.user.coins + delta) }), 'success');
    if (detail.user.id === state.me?.id) await refreshMe();
    await reload('coins-form');
  });
  return form;
}

function accountActions(detail, reload) {
  const user = detail.user;
  const buttons = [];
  const lock = h('button', { class: 'btn', type: 'button', id: 'user-lock', onclick: () => act(lock, async () => {
    if (!user.locked && !(await confirmAction({
      title: t('console.customers.lockTitle', { name: user.username }), text: t('console.customers.lockText'),
      confirm: t('console.customers.lock'), danger: true,
    }))) return;
    if (user.locked) await admin.del(endpoints.adminUserLock(user.id));
    else await admin.put(endpoints.adminUserLock(user.id));
    toast(t(user.locked ? 'console.customers.unlocked' : 'console.customers.lockedDone', { name: user.username }), 'success');
    await reload('user-lock');
  }) }, t(user.locked ? 'console.customers.unlock' : 'console.customers.lock'));
  buttons.push(lock);
  const sessions = h('button', { class: 'btn', type: 'button', id: 'user-sessions', disabled: !detail.sessions, onclick: () => act(sessions, async () => {
    if (!(await confirmAction({
      title: t('console.customers.sessionsTitle', { name: user.username }), text: t('console.customers.sessionsText'),
      confirm: t('console.customers.endSessions'), danger: true,
    }))) return;
    await admin.del(endpoints.adminUserSessions(user.id));
    toast(t('console.customers.sessionsEnded', { name: user.username }), 'success');
    await reload('user-sessions');
  }) }, t('console.customers.endSessions'));
  buttons.push(sessions);
  if (detail.twoFactorEnabled) {
    const twoFactor = h('button', { class: 'btn', type: 'button', id: 'user-two-factor', onclick: () => act(twoFactor, async () => {
      if (!(await confirmAction({
        title: t('console.customers.twoFactorTitle', { name: user.username }), text: t('console.customers.twoFactorText'),
        confirm: t('console.customers.twoFactorOff'), danger: true,
      }))) return;
      await admin.del(endpoints.adminUserTwoFactor(user.id));
      toast(t('console.customers.twoFactorDone', { name: user.username }), 'success');
      await reload('user-sessions');
    }) }, t('console.customers.twoFactorOff'));
    buttons.push(twoFactor);
  }
  const roleForm = h('form', { class: 'form form-inline console-role', id: 'role-form', novalidate: true },
    selectField(t('console.customers.role'), { name: 'role', id: 'user-role' }, roles.map((r) => [r, roleName(r)]), user.role),
    h('button', { class: 'btn', type: 'submit' }, t('console.customers.setRole')));
  wireForm(roleForm, async (v) => {
    if (v.role === user.role) return;
    if (!(await confirmAction({
      title: t('console.customers.roleTitle', { name: user.username, role: roleName(v.role) }),
      text: t(v.role === 'operator' ? 'console.customers.roleOperatorText' : 'console.customers.roleBuyerText'),
      confirm: t('console.customers.setRole'),
    }))) return;
    await admin.put(endpoints.adminUserRole(user.id), { role: v.role });
    toast(t('console.customers.roleDone', { name: user.username, role: roleName(v.role) }), 'success');
    if (user.id === state.me?.id) { await refreshMe(); if (state.me?.role !== 'operator') { location.hash = '#/account'; return; } }
    await reload('role-form');
  });
  return h('div', { class: 'console-actions' }, h('div', { class: 'row-actions' }, buttons), roleForm);
}

/** What erasing leaves (POST …/erase): the name and email the server gives every erased account. */
function isErased(user) {
  return user.username === `deleted-${user.id}` && /@deleted\.invalid$/.test(user.email || '');
}

/** The erase dialog: what goes, what stays, and a reason. Resolves to the account as left, or null. */
function eraseDialog(user) {
  return formDialog({
    title: t('console.customers.eraseTitle', { name: user.username }),
    className: 'dialog-wide dialog-erase',
    intro: t('console.customers.eraseText'),
    fields: [
      h('div', { class: 'console-erase-facts' },
        h('section', { class: 'erase-goes' }, h('h3', {}, t('console.customers.eraseGoes')),
          h('ul', {}, ['eraseGoes1', 'eraseGoes2', 'eraseGoes3', 'eraseGoes4'].map((k) => h('li', {}, t(`console.customers.${k}`))))),
        h('section', { class: 'erase-stays' }, h('h3', {}, t('console.customers.eraseStays')),
          h('ul', {}, ['eraseStays1', 'eraseStays2'].map((k) => h('li', {}, t(`console.customers.${k}`)))))),
      field(t('console.customers.reason'), { name: 'reason', required: true, maxlength: 500, autocomplete: 'off' }, t('console.customers.eraseReasonHint')),
    ],
    submit: t('console.customers.eraseConfirm'),
    danger: true,
    onSubmit: async (v) => {
      const reason = (v.reason || '').trim();
      if (!reason) throw Object.assign(new Error(t('console.customers.reasonNeeded')), { field: 'reason' });
      return admin.post(endpoints.adminUserErase(user.id), { reason });
    },
  });
}

/** Export everything stored about the user; erase the account (not one's own). */
function privacyActions(detail, reload) {
  const user = detail.user;
  const exportButton = h('button', { class: 'btn', type: 'button', id: 'user-export', onclick: () => act(exportButton, async () => {
    const name = await downloadFile(endpoints.adminUserExport(user.id), `sotube-user-${user.id}.json`);
    toast(t('console.customers.exported', { file: name }), 'success');
  }) }, icon('download'), h('span', {}, t('console.customers.export')));
  const buttons = [exportButton];
  let note = null;
  if (user.id === state.me?.id) {
    note = h('p', { class: 'hint', id: 'user-erase-self' }, t('console.customers.eraseSelf'));
  } else if (!isErased(user)) { // an erased account says so at the top of its page
    const erase = h('button', { class: 'btn btn-danger', type: 'button', id: 'user-erase', onclick: () => act(erase, async () => {
      const left = await eraseDialog(user);
      if (!left) return;
      toast(t('console.customers.erasedDone', { name: user.username }), 'success');
      await reload('user-erased');
    }, { busy: false }) }, t('console.customers.erase'));
    buttons.push(erase);
  }
  return h('div', { class: 'console-actions' }, h('div', { class: 'row-actions' }, buttons), note);
}

function purchaseTable(purchases) {
  if (!purchases?.length) return emptyNote(t('history.empty'));
  return dataTable([
    { label: t('history.date'), value: (p) => when(p.createdAt), className: 'date' },
    { label: t('history.item'), value: (p) => (p.kind === 'album' ? t('history.album', { title: p.title }) : t('history.song', { title: p.title })) },
    { label: t('history.coins'), value: (p) => number(p.coins), num: true },
  ], purchases, { caption: t('console.customers.purchases') });
}

function topUpTable(topUps) {
  if (!topUps?.length) return emptyNote(t('history.empty'));
  return dataTable([
    { label: t('history.date'), value: (p) => when(p.createdAt), className: 'date' },
    { label: t('console.customers.pack'), value: (p) => p.packId },
    { label: t('history.price'), value: (p) => (p.currency ? money(p.amount, p.currency) : null) },
    { label: t('console.customers.status'), value: (p) => known(`console.topUp.${p.status}`, p.status) },
    { label: t('history.coins'), value: (p) => number(p.coins), num: true },
  ], topUps, { caption: t('console.customers.topUps') });
}

function ledgerTable(ledger) {
  if (!ledger?.length) return emptyNote(t('history.empty'));
  return dataTable([
    { label: t('history.date'), value: (e) => when(e.createdAt), className: 'date' },
    { label: t('console.customers.kind'), value: (e) => known(`console.ledger.${e.kind}`, e.kind) },
    { label: t('history.item'), value: (e) => e.description },
    { label: t('history.coins'), value: (e) => signed(e.delta), num: true },
    { label: t('history.balance'), value: (e) => number(e.balanceAfter), num: true },
  ], ledger, { caption: t('console.customers.ledger'), className: 'ledger-table' });
}

async function one(container, id, heading) {
  const body = h('div', { class: 'console-user' });
  container.append(h('p', { class: 'console-back' }, h('a', { href: '#/console/customers' }, icon('back'), h('span', {}, t('console.customers.all')))), body);
  const reload = async (focusId) => {
    await load(body, () => admin.get(endpoints.adminUser(id)), (detail) => paintUser(body, detail, heading, reload));
    const target = focusId && document.getElementById(focusId);
    if (target) (target.matches('form') ? target.querySelector('button, input, select') : target)?.focus();
  };
  await reload();
}

function paintUser(body, detail, heading, reload) {
  const user = detail.user;
  const erased = isErased(user);
  heading.textContent = user.username;
  document.title = `${user.username} · SoTube`;
  if (erased) body.append(h('p', { class: 'notice console-notice console-erased', id: 'user-erased', tabindex: '-1' }, t('console.customers.erasedNotice')));
  body.append(
    h('p', { class: 'lead' }, [user.displayName, user.email].filter(Boolean).join(' · ')),
    figures([
      [t('console.customers.balance'), number(user.coins), 'user-balance', user.coins],
      [t('console.customers.role'), roleName(user.role), 'user-role-now'],
      [t('console.customers.state'), user.locked ? t('console.customers.locked') : t('console.customers.active'), 'user-locked'],
      [t('twoFactor.title'), detail.twoFactorEnabled ? t('console.on') : t('console.off'), 'user-2fa'],
      [t('console.customers.sessions'), number(detail.sessions), 'user-session-count', detail.sessions],
      [t('console.customers.created'), day(user.createdAt), 'user-created'],
    ]),
    h('div', { class: 'console-user-panels' },
      h('section', { class: 'panel console-panel', 'aria-labelledby': 'coins-title' }, h('h2', { id: 'coins-title' }, t('console.customers.coinsTitle')), coinsForm(detail, reload)),
      h('div', { class: 'console-panel-stack' },
        h('section', { class: 'panel console-panel', 'aria-labelledby': 'account-actions-title' },
          h('h2', { id: 'account-actions-title' }, t('console.customers.accountTitle')),
          h('p', { class: 'hint' }, t('console.customers.accountHint')),
          accountActions(detail, reload)),
        h('section', { class: 'panel console-panel', 'aria-labelledby': 'privacy-title', id: 'user-privacy' },
          h('h2', { id: 'privacy-title' }, t('console.customers.privacyTitle')),
          h('p', { class: 'hint' }, t('console.customers.privacyHint')),
          privacyActions(detail, reload)))),
    h('section', { 'aria-labelledby': 'purchases-title', id: 'user-purchases' }, h('h2', { id: 'purchases-title' }, t('console.customers.purchases')), purchaseTable(detail.purchases)),
    h('section', { 'aria-labelledby': 'topups-title', id: 'user-topups' }, h('h2', { id: 'topups-title' }, t('console.customers.topUps')), topUpTable(detail.topUps)),
    h('section', { 'aria-labelledby': 'ledger-title', id: 'user-ledger' }, h('h2', { id: 'ledger-title' }, t('console.customers.ledger')), ledgerTable(detail.ledger)));
}

export async function render(container, route, { heading }) {
  const id = route.sub[1];
  if (id) await one(container, id, heading);
  else await list(container, route);
}
