// What every console section shares: admin calls that ask for the password again when the server
// wants it (403 urn:sotube:problem:reauthenticate), form dialogs, confirmations, tables that stack
// on phones, money and CSV. Loaded with the console only.
import { request, ApiError } from '../api.js';
import * as endpoints from '../endpoints-staff.js';
import { t, currentLanguage, formatDate } from '../i18n.js';
import { h, icon, toast } from '../ui.js';
import { scrollable } from '../scroll-box.js';
import { field, wireForm } from '../forms.js';
import { state } from '../state.js';

export const REAUTHENTICATE = 'urn:sotube:problem:reauthenticate';

let confirming = null; // one password dialog at a time, shared by the calls waiting for it

/**
 * An account without a password (made by the store's OpenID provider) proves itself by signing in
 * there again: the dialog says so and goes to the provider, back to this screen afterwards.
 */
function signInAgain() {
  return formDialog({
    title: t('console.reauth.providerTitle'),
    className: 'dialog-reauth',
    intro: t('console.reauth.providerText', { name: state.me?.signInProvider ?? '' }),
    fields: [],
    submit: t('console.reauth.providerSubmit', { name: state.me?.signInProvider ?? '' }),
    onSubmit: () => {
      location.assign(endpoints.oidcStart({ returnTo: `/${location.hash}` }));
      return false;
    },
  }).then(() => false);
}

/** The password dialog; resolves true once the server accepted the password, false when cancelled. */
export function confirmPassword() {
  if (state.me?.hasPassword === false && state.me?.signInProvider) return signInAgain();
  confirming ??= formDialog({
    title: t('console.reauth.title'),
    className: 'dialog-reauth',
    intro: t('console.reauth.text'),
    fields: [
      h('input', { type: 'text', autocomplete: 'username', value: state.me?.username ?? '', hidden: true, readonly: true, tabindex: '-1', 'aria-hidden': 'true' }),
      field(t('login.password'), { name: 'password', type: 'password', autocomplete: 'current-password', required: true }),
    ],
    submit: t('console.reauth.submit'),
    onSubmit: async (v) => {
      if (!v.password) throw Object.assign(new Error(t('console.reauth.empty')), { field: 'password' });
      try {
        await request('POST', endpoints.adminReauth, { body: { password: v.password } });
      } catch (error) {
        // A wrong password is refused with 403 (never 401: that would end the session here).
        if (error.status === 403 || error.status === 422) {
          throw Object.assign(error, { field: 'password', problem: { ...error.problem, detail: t('account.passwordWrong') }, message: t('account.passwordWrong') });
        }
        throw error;
      }
      return true;
    },
  }).then((ok) => !!ok).finally(() => { confirming = null; });
  return confirming;
}

/** An error the console shows in its own words (a 403 that is not a password question: not an operator). */
function consoleError(error) {
  if (error instanceof ApiError && error.status === 403 && error.problem?.type !== REAUTHENTICATE) {
    error.message = t('console.forbidden');
    error.forbidden = true;
  }
  return error;
}

/**
 * adminCall('PATCH', url, body) → the parsed answer. When the server wants the password confirmed,
 * the dialog asks for it and the call is sent again; cancelled, it throws "not done".
 */
async function adminCall(method, url, body) {
  const send = () => request(method, url, body === undefined ? {} : { body });
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 403 || error.problem?.type !== REAUTHENTICATE) throw consoleError(error);
    if (!(await confirmPassword())) {
      throw Object.assign(new Error(t('console.reauth.cancelled')), { cancelled: true });
    }
    try {
      return await send();
    } catch (again) {
      throw consoleError(again);
    }
  }
}

export const admin = {
  get: (url) => adminCall('GET', url),
  post: (url, body) => adminCall('POST', url, body ?? {}),
  put: (url, body) => adminCall('PUT', url, body ?? {}),
  patch: (url, body) => adminCall('PATCH', url, body),
  del: (url) => adminCall('DELETE', url),
};

/**
 * Runs an action from a button: disabled (and busy, unless it opens a dialog) while it runs, errors
 * as toasts. Resolves to its result or null.
 */
export async function act(button, run, { busy = true } = {}) {
  button.disabled = true;
  if (busy) button.classList.add('busy');
  try {
    return await run();
  } catch (error) {
    toast(error.message || t('error.generic'), 'error');
    return null;
  } finally {
    button.disabled = false;
    button.classList.remove('busy');
    // A disabled button loses the focus: give it back unless something else took it.
    if (button.isConnected && (!document.activeElement || document.activeElement === document.body)) button.focus();
  }
}

// ---- dialogs ------------------------------------------------------------------------------

/** What a formDialog's onSubmit returns to keep the dialog open (it shows what was done). */
export const STAY_OPEN = Symbol('stay open');

/**
 * A modal form: formDialog({title, intro, fields, submit, onSubmit, danger}) → Promise(result or
 * null). onSubmit(values, form) runs with a busy button; a field's error shows at the field, others
 * above the buttons; Escape or Cancel close it with null. onSubmit returning STAY_OPEN leaves it open.
 */
export function formDialog({ title, intro = null, fields, submit, onSubmit, danger = false, className = '' }) {
  return new Promise((resolve) => {
    // A submit button that is busy has lost the focus already: a dialog opened from another (the
    // password question) goes back to that one's submit button.
    const opener = document.activeElement && document.activeElement !== document.body ? document.activeElement
      : [...document.querySelectorAll('dialog[open]')].pop()?.querySelector('[type=submit]');
    const titleId = `dlg-${Math.random().toString(36).slice(2)}`;
    const cancel = h('button', { class: 'btn', type: 'button', onclick: () => finish(null) }, t('buy.cancel'));
    const form = h('form', { class: 'form console-dialog-form', novalidate: true },
      intro ? h('p', { class: 'hint' }, intro) : null,
      fields,
      h('div', { class: 'dialog-actions' }, cancel,
        h('button', { class: danger ? 'btn btn-primary btn-danger-fill' : 'btn btn-primary', type: 'submit' }, submit)));
    const el = h('dialog', { class: `dialog console-dialog ${className}`, 'aria-labelledby': titleId },
      h('h2', { id: titleId }, title), form);
    wireForm(form, async (values) => {
      const result = await onSubmit(values, form);
      if (result === STAY_OPEN) return;
      finish(result === undefined ? true : result);
    });
    let done = false;
    function finish(value) {
      if (done) return;
      done = true;
      el.close();
      el.remove();
      // Back where the dialog was opened from (a list drawn again afterwards moves it on itself). A
      // button that is busy (a form's submit button waiting on this password question) takes it
      // once the form has finished, unless something else has it by then.
      if (opener?.isConnected && opener !== document.body) {
        if (!opener.disabled) opener.focus();
        else setTimeout(() => { if (opener.isConnected && (!document.activeElement || document.activeElement === document.body)) opener.focus(); });
      }
      resolve(value ?? null);
    }
    el.addEventListener('cancel', (e) => { e.preventDefault(); finish(null); });
    document.body.append(el);
    el.showModal();
    const first = form.querySelector('input:not([hidden]):not([type=hidden]), select, textarea');
    (first || form.querySelector('[type=submit]')).focus();
  });
}

/** A yes/no question: resolves true when confirmed. */
export async function confirmAction({ title, text, confirm, danger = false }) {
  return (await formDialog({ title, intro: text, fields: [], submit: confirm, danger, onSubmit: () => true })) === true;
}

/** A labelled <textarea> in the form helpers' layout (its errors show above the buttons). */
export function textArea(label, attrs = {}, value = '') {
  const id = `f-${Math.random().toString(36).slice(2, 8)}`;
  const area = h('textarea', { ...attrs, id });
  area.value = value;
  return h('div', { class: 'field' }, h('label', { for: id }, label), area);
}

/** A labelled <select>: options [[value, label]]. */
export function selectField(label, attrs, options, value) {
  const id = attrs.id || `f-${Math.random().toString(36).slice(2, 8)}`;
  const select = h('select', { ...attrs, id }, options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)));
  return h('div', { class: 'field', dataset: { field: attrs.name || '' } }, h('label', { for: id }, label), select);
}

/** A checkbox with its label. */
export function checkField(label, attrs = {}) {
  return h('label', { class: 'check' }, h('input', { type: 'checkbox', ...attrs }), h('span', {}, label));
}

// ---- tables -------------------------------------------------------------------------------

/**
 * A table that stacks into labelled cards on phones: columns [{label, value(row) → node|text, num}].
 * Absent values show as "—".
 */
export function dataTable(columns, rows, { caption = null, className = '', rowAttrs = null, stack = true } = {}) {
  return scrollable(h('div', { class: 'table-wrap' }, h('table', { class: `history console-table${stack ? ' stack' : ''} ${className}` },
    caption ? h('caption', { class: 'sr-only' }, caption) : null,
    h('thead', {}, h('tr', {}, columns.map((c) => h('th', { scope: 'col', class: c.num ? 'num' : undefined }, c.label)))),
    h('tbody', {}, rows.map((row) => h('tr', rowAttrs ? rowAttrs(row) : {}, columns.map((c) => {
      const value = c.value(row);
      const classes = [c.num ? 'num' : null, c.className].filter(Boolean).join(' ');
      return h(c.head ? 'th' : 'td', { class: classes || undefined, 'data-label': c.label, scope: c.head ? 'row' : undefined },
        value === null || value === undefined || value === '' ? '—' : value);
    })))))));
}

/** Figures as a definition list of tiles: [[label, shown value, id?, raw number?]]; words (no raw number) in a smaller size. */
export function figures(items, className = '') {
  return h('dl', { class: `summary console-figures ${className}` }, items.filter(Boolean).map(([label, value, id, raw]) =>
    h('div', {}, h('dt', {}, label), h('dd', { id, class: raw === undefined || raw === null ? 'text' : undefined, dataset: raw === undefined || raw === null ? undefined : { value: String(raw) } },
      value === null || value === undefined || value === '' ? '—' : value))));
}

export function emptyNote(text, id) {
  return h('p', { class: 'empty', id }, text);
}

// ---- words and numbers --------------------------------------------------------------------

export function number(n) {
  return new Intl.NumberFormat(currentLanguage()).format(Number(n) || 0);
}

export function signed(n) {
  const value = Number(n) || 0;
  return value > 0 ? `+${number(value)}` : number(value);
}

export function coins(n) {
  return t('track.price', { n: Number(n) || 0 }).replace(String(Number(n) || 0), number(n));
}

/** The number of fraction digits of a currency (2 for USD and EUR, 0 for JPY). */
export function fractionDigits(currency) {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
  } catch {
    return 2;
  }
}

/** An amount in minor units as money in the current language: money(499, 'USD') → "$4.99". */
export function money(amount, currency) {
  const value = (Number(amount) || 0) / 10 ** fractionDigits(currency);
  try {
    return new Intl.NumberFormat(currentLanguage(), { style: 'currency', currency }).format(value);
  } catch {
    return `${value.toFixed(fractionDigits(currency))} ${currency}`;
  }
}

/** Major units as a plain number (for charts and CSV): 499 USD → 4.99. */
export function major(amount, currency) {
  return (Number(amount) || 0) / 10 ** fractionDigits(currency);
}

export function when(iso) {
  return iso ? formatDate(iso, { compact: true }) : '';
}

/** The (UTC) day of a moment, without the time. */
export function day(iso) {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return iso ?? '';
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** The text for `key`, or `fallback` (a value the server sent) when there is none. */
export function known(key, fallback) {
  const text = t(key);
  return text === key ? fallback ?? '' : text;
}


/** Today's UTC day, and `days` before it, as YYYY-MM-DD. */
export function utcDay(daysBack = 0) {
  return new Date(Date.now() - daysBack * 86400000).toISOString().slice(0, 10);
}

/**
 * A search box like the store's (a label for screen readers, a Search button); onSearch(q) runs on
 * submit and a moment after typing stops.
 */
export function searchForm({ label, placeholder, value = '', onSearch, id }) {
  const inputId = `${id}-q`;
  let timer = null;
  const input = h('input', { type: 'search', name: 'q', id: inputId, value, placeholder, autocomplete: 'off', enterkeyhint: 'search', spellcheck: 'false' });
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => onSearch(input.value.trim()), 350);
  });
  return h('form', { class: 'search-box console-search', role: 'search', id, onsubmit: (e) => {
    e.preventDefault();
    clearTimeout(timer);
    onSearch(input.value.trim());
  } },
  h('label', { for: inputId, class: 'sr-only' }, label), icon('search'), input,
  h('button', { class: 'btn btn-primary', type: 'submit' }, t('search.submit')));
}

/** Writes the section's state into the address without drawing the screen again. */
export function keepInAddress(path, query) {
  const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== null && v !== undefined && v !== ''));
  const text = params.toString();
  history.replaceState(null, '', `#/${path}${text ? `?${text}` : ''}`);
}
