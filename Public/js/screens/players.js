// Account › "Connect a player": app passwords for Subsonic players (DSub, Symfonium, Feishin, ...).
// A new app password's secret is shown once, with the server address and username to type in;
// the list shows when each was last used and revokes them.
import { api } from '../api.js';
import * as endpoints from '../endpoints.js';
import { t, formatDate } from '../i18n.js';
import { h, toast } from '../ui.js';
import { field, wireForm } from '../forms.js';
import { onPasswordField } from '../password-field.js';
import { state } from '../state.js';

function copyButton(text) {
  const button = h('button', { class: 'btn btn-small', type: 'button', onclick: async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast(t('players.copied'), 'success');
    } catch {
      toast(t('players.copyFailed'), 'error');
    }
  } }, t('players.copy'));
  return button;
}

function credentials(created) {
  const row = (label, value, id) => h('div', {},
    h('dt', {}, label),
    h('dd', {}, h('code', { class: 'text', id }, value), ' ', copyButton(value)));
  return h('div', { class: 'notice notice-success', id: 'app-password-created', role: 'status' },
    h('p', {}, t('players.createdIntro', { label: created.label })),
    h('dl', { class: 'summary' },
      row(t('players.server'), created.serverUrl, 'app-password-server'),
      row(t('players.username'), created.username, 'app-password-username'),
      row(t('players.secret'), created.secret, 'app-password-secret')),
    h('p', { class: 'hint' }, t('players.shownOnce')));
}

function list(passwords, refresh) {
  if (!passwords.length) return h('p', { class: 'empty', id: 'app-passwords-empty' }, t('players.none'));
  return h('ul', { class: 'app-passwords', id: 'app-passwords' }, passwords.map((p) => h('li', { class: 'app-password' },
    h('span', { class: 'app-password-label' }, p.label),
    h('span', { class: 'hint' }, p.lastUsedAt
      ? t('players.lastUsed', { when: formatDate(p.lastUsedAt, { compact: true }) })
      : t('players.neverUsed')),
    h('button', { class: 'btn btn-small btn-danger', type: 'button', 'aria-label': t('players.revokeNamed', { label: p.label }), onclick: async (event) => {
      event.currentTarget.disabled = true;
      try {
        await api.del(endpoints.appPassword(p.id));
        toast(t('players.revoked', { label: p.label }), 'success');
      } catch (error) {
        toast(error.message, 'error');
      }
      await refresh();
    } }, t('players.revoke')))));
}

/** The "Connect a player" panel's content. */
export function connectPlayer() {
  const created = h('div', {});
  const listBox = h('div', {});
  const refresh = async () => {
    try {
      const passwords = await api.get(endpoints.appPasswords, { quiet: true });
      listBox.replaceChildren(list(passwords, refresh));
    } catch (error) {
      listBox.replaceChildren(h('p', { class: 'notice notice-error', role: 'alert' }, error.message));
    }
  };
  // An account the store's sign-in provider made has no password here: a recent sign-in there is
  // the proof instead (the server asks for a new one after 15 minutes).
  const passwordless = state.me?.hasPassword === false;
  // (An account a trusted proxy made has no provider to go back to: signing out and in there does.)
  const provider = state.me?.signInProvider;
  const again = h('p', { class: 'notice notice-error', role: 'alert', id: 'app-password-sign-in-again', hidden: true },
    t('players.signInAgain'),
    provider ? [' ', h('a', { href: endpoints.oidcStart({ returnTo: '/#/account' }) }, t('login.withProvider', { name: provider }))] : null);
  const form = h('form', { class: 'form', novalidate: true, id: 'app-password-form' },
    field(t('players.label'), { name: 'label', required: true, maxlength: 64, placeholder: t('players.labelExample') }),
    passwordless ? null : h('input', { type: 'text', autocomplete: 'username', value: state.me?.username ?? '', hidden: true, readonly: true, tabindex: '-1', 'aria-hidden': 'true' }),
    passwordless ? null : field(t('login.password'), { name: 'password', type: 'password', autocomplete: 'current-password', required: true }, t('account.reauth')),
    again,
    h('button', { class: 'btn btn-primary', type: 'submit' }, t('players.create')));
  wireForm(form, async (v) => {
    again.hidden = true;
    const made = await api.post(endpoints.appPasswords, { label: v.label.trim(), password: v.password ?? '' })
      .catch((error) => {
        // Said once, by the notice with its link (the form has no password field to mark).
        if (passwordless && error?.status === 403) { again.hidden = false; return null; }
        return onPasswordField(error, t('account.passwordWrong'));
      });
    if (!made) return;
    form.reset();
    created.replaceChildren(credentials(made));
    await refresh();
  });
  refresh();
  return h('div', { class: 'connect-player' },
    h('p', {}, t('players.intro')),
    form, created,
    h('h3', {}, t('players.listTitle')),
    listBox);
}
