// The account page's panels (js/screens/account.js): the profile photo and display name, the email
// shown whole, the theme, songs saved for offline, playback settings.
import { api } from '../api.js';
import * as endpoints from '../endpoints.js';
import { t, formatBytes } from '../i18n.js';
import { h, toast } from '../ui.js';
import { field, wireForm } from '../forms.js';
import { state, refreshMe } from '../state.js';
import { refreshLoudness } from '../player.js';
import { normaliseOn, setNormalise } from '../loudness.js';
import { removeAllOffline, usage, onOfflineChange } from '../offline.js';

/** The name the account shows: its display name, else its username. */
export const shownName = (me) => (me.displayName || '').trim() || me.username;

/**
 * An email address that never breaks inside a word: it wraps only at the "@", and a part too long
 * for its line ends in "…" (the whole address in the title).
 */
export function emailText(email) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return h('span', { class: 'email-part' }, email);
  return [h('span', { class: 'email-part' }, email.slice(0, at)), h('wbr'), h('span', { class: 'email-part' }, email.slice(at))];
}

/** The display name (SPEC: a profile name): empty or blank goes back to the username. */
export function displayNameForm(me, saved) {
  const form = h('form', { class: 'form', novalidate: true, id: 'display-name-form' },
    field(t('account.displayName'), {
      name: 'displayName', value: me.displayName && me.displayName !== me.username ? me.displayName : '',
      maxlength: 64, autocomplete: 'nickname', placeholder: me.username,
    }, t('account.displayNameHint')),
    h('button', { class: 'btn btn-primary', type: 'submit' }, t('account.save')));
  wireForm(form, async (v) => {
    await api.put(endpoints.displayName, { displayName: (v.displayName || '').trim() });
    const me2 = await refreshMe();
    toast(t('account.displayNameSaved', { name: shownName(me2 || me) }), 'success');
    saved();
  });
  return form;
}

const themes = [['system', 'account.themeSystem'], ['light', 'account.themeLight'], ['dark', 'account.themeDark']];
const KEY = 'sotube.theme'; // read before the first paint by js/theme.js

/** System / Light / Dark, remembered on this device, applied at once (every screen: css/app.css's [data-theme]). */
export function themePanel() {
  let stored = null;
  try { stored = localStorage.getItem(KEY); } catch { /* private mode: the system's */ }
  const current = stored === 'light' || stored === 'dark' ? stored : 'system';
  const choose = (value) => {
    try { if (value === 'system') localStorage.removeItem(KEY); else localStorage.setItem(KEY, value); } catch { /* this page only */ }
    const dark = value === 'dark' || (value === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  };
  return h('section', { class: 'panel theme-panel', 'aria-labelledby': 'theme-title' },
    h('h2', { id: 'theme-title' }, t('account.theme')),
    h('div', { class: 'theme-choice', role: 'radiogroup', 'aria-labelledby': 'theme-title' },
      themes.map(([value, label]) => h('label', { class: 'theme-option' },
        h('input', { type: 'radio', name: 'theme', value, checked: value === current, onchange: () => choose(value) }),
        h('span', {}, t(label))))),
    h('p', { class: 'hint' }, t('account.themeHint')));
}

/** The profile photo: shown, uploaded (checked by the server), removed (SPEC A6). */
export function avatarPanel(me) {
  const picture = h('div', { class: 'avatar-large', id: 'account-avatar' });
  const paint = () => {
    const url = state.me?.avatarUrl;
    picture.replaceChildren(url
      ? h('img', { class: 'avatar', src: url.replace(/size=\d+/, 'size=512'), alt: t('avatar.alt'), width: 96, height: 96 })
      : h('span', { class: 'avatar-initial', 'aria-hidden': 'true' }, (shownName(me) || '?').slice(0, 1).toUpperCase()));
    remove.hidden = !url;
  };
  const input = h('input', { type: 'file', id: 'avatar-file', accept: 'image/jpeg,image/png,image/webp', class: 'sr-only' });
  const choose = h('label', { class: 'btn', for: 'avatar-file' }, t('avatar.upload'));
  const message = h('p', { class: 'field-error', role: 'alert', hidden: true });
  const remove = h('button', { class: 'btn', type: 'button', onclick: async () => {
    remove.disabled = true;
    try {
      await api.del(endpoints.avatar());
      await refreshMe();
      paint();
      toast(t('avatar.removed'), 'success');
    } catch (error) { toast(error.message, 'error'); } finally { remove.disabled = false; }
  } }, t('avatar.remove'));
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    message.hidden = true;
    if (file.size > 10 * 1024 * 1024) { message.textContent = t('avatar.tooBig'); message.hidden = false; return; }
    choose.classList.add('busy');
    try {
      await api.put(endpoints.avatar(), file);
      await refreshMe();
      paint();
      toast(t('avatar.saved'), 'success');
    } catch (error) {
      message.textContent = error.problem?.detail || error.message;
      message.hidden = false;
    } finally { choose.classList.remove('busy'); }
  });
  paint();
  return h('section', { class: 'avatar-panel', 'aria-label': t('avatar.title') },
    picture, h('div', { class: 'avatar-actions' }, h('p', { class: 'avatar-name', id: 'account-name' }, shownName(me)),
      h('div', { class: 'row-actions' }, input, choose, remove), h('p', { class: 'hint' }, t('avatar.hint')), message));
}

/** Storage used by songs saved for offline, with "Remove all" (SPEC M9). */
export function offlinePanel() {
  const text = h('p', { id: 'offline-usage' });
  const clear = h('button', { class: 'btn', type: 'button', onclick: async () => {
    clear.disabled = true;
    await removeAllOffline();
    toast(t('offline.removed'), 'success');
  } }, t('offline.removeAll'));
  const paint = () => {
    const { songs, bytes } = usage();
    text.textContent = songs ? t('offline.usage', { n: songs, size: formatBytes(bytes) }) : t('offline.none');
    clear.disabled = !songs;
  };
  onOfflineChange(() => { if (text.isConnected) paint(); });
  paint();
  return h('section', { class: 'panel offline-panel', 'aria-labelledby': 'offline-title' },
    h('h2', { id: 'offline-title' }, t('offline.title')), text, clear);
}

/** Playback settings of this device: loudness normalisation (on unless switched off here). */
export function playbackPanel() {
  const box = h('input', { type: 'checkbox', checked: normaliseOn(), onchange: () => { setNormalise(box.checked); refreshLoudness(); } });
  return h('section', { class: 'panel', 'aria-labelledby': 'playback-title' },
    h('h2', { id: 'playback-title' }, t('account.playback')),
    h('label', { class: 'check' }, box, h('span', {}, t('account.normalise'))),
    h('p', { class: 'hint' }, t('account.normaliseHint')));
}

