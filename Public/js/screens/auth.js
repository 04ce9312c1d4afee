// Log in, create account, forgot password, reset password (SPEC A1–A4).
import { api } from '../api.js';
import * as endpoints from '../endpoints.js';
import { t } from '../i18n.js';
import { h, toast } from '../ui.js';
import { field, wireForm } from '../forms.js';
import { state, refreshMe } from '../state.js';
import { go } from '../router.js';
import { pendingPurchase, updatePurchase } from '../intent.js';
import { signInMethods, providerButton, orSeparator } from '../sign-in-methods.js';

/** Keeps `?next=` on links between the log-in and sign-up screens. */
function withNext(hash, route) {
  const next = route.query.get('next');
  return next ? `${hash}?next=${encodeURIComponent(next)}` : hash;
}

function afterLogin(route) {
  const next = route.query.get('next');
  const intent = pendingPurchase();
  if (intent?.waitingFor === 'login') updatePurchase({ waitingFor: null });
  go(next && next.startsWith('#/') ? next : state.me?.landing === 'library' ? '#/library' : '#/store');
}

/** The problem type of a log-in that needs a two-step sign-in code (SoTubeAPI's ProblemType). */
const TWO_FACTOR_REQUIRED = 'urn:sotube:problem:two-factor-required';

function logo() {
  return h('img', { class: 'auth-logo', src: '/icons/icon.svg', alt: '', width: 72, height: 72 });
}

export async function login(container, route) {
  const methods = await signInMethods();
  const next = route.query.get('next');
  // A refused provider sign-in comes back here with the reason (never markup: text only).
  const reason = route.query.get('signInError');
  const refused = reason ? h('p', { class: 'notice notice-error', role: 'alert', id: 'sign-in-error' }, reason) : null;
  const remember = h('input', { type: 'checkbox', name: 'remember', checked: true });
  const provider = methods.oidc ? providerButton(methods.oidc, next, remember) : null;
  const guest = h('button', { class: 'btn btn-block', type: 'button', onclick: () => { state.guest = true; go('#/store'); } }, t('login.guest'));
  if (!methods.localLogin) {
    container.append(h('section', { class: 'auth' },
      logo(),
      h('h1', {}, t('login.title')),
      h('p', { class: 'lead' }, t('login.subtitle')),
      refused,
      provider ?? h('p', { class: 'notice' }, t('login.providerOnly')),
      provider ? h('label', { class: 'check' }, remember, h('span', {}, t('login.remember'))) : null,
      h('div', { class: 'auth-alt' }, guest)));
    return;
  }
  // Shown when the server says the account needs a code (two-step sign-in, SPEC A8).
  const code = field(t('login.code'), { name: 'totp', autocomplete: 'one-time-code', autocapitalize: 'none', spellcheck: 'false' }, t('login.codeHint'));
  code.hidden = true;
  const form = h('form', { class: 'form', novalidate: true },
    field(t('login.username'), { name: 'username', autocomplete: 'username', required: true, autocapitalize: 'none', spellcheck: 'false' }),
    field(t('login.password'), { name: 'password', type: 'password', autocomplete: 'current-password', required: true }),
    code,
    h('label', { class: 'check' }, remember, h('span', {}, t('login.remember'))),
    h('button', { class: provider ? 'btn btn-block' : 'btn btn-primary btn-block', type: 'submit' }, t('login.submit')));
  wireForm(form, async (values) => {
    const body = { username: values.username.trim(), password: values.password, remember: values.remember === 'on' };
    if (!code.hidden && values.totp?.trim()) body.totp = values.totp.trim();
    try {
      await api.post(endpoints.login, body);
    } catch (error) {
      if (error.problem?.type === TWO_FACTOR_REQUIRED) {
        const first = code.hidden;
        code.hidden = false;
        // The first time, ask for the code in the user's language; after that, the server's reason.
        if (first) throw Object.assign(error, { problem: { ...error.problem, detail: t('login.codeNeeded') } });
      }
      throw error;
    }
    await refreshMe();
    afterLogin(route);
  }, { check: true });
  container.append(h('section', { class: 'auth' },
    logo(),
    h('h1', {}, t('login.title')),
    h('p', { class: 'lead' }, t('login.subtitle')),
    refused,
    provider,
    provider ? orSeparator() : null,
    form,
    h('p', { class: 'auth-links' }, h('a', { href: '#/forgot' }, t('login.forgot'))),
    h('div', { class: 'auth-alt' },
      guest,
      h('p', {}, t('login.noAccount'), ' ', h('a', { href: withNext('#/register', route) }, t('login.create'))))));
}

export async function register(container, route) {
  const methods = await signInMethods();
  const provider = methods.oidc ? providerButton(methods.oidc, route.query.get('next')) : null;
  if (!methods.localLogin) {
    container.append(h('section', { class: 'auth' },
      logo(),
      h('h1', {}, t('register.title')),
      h('p', { class: 'lead' }, methods.oidc ? t('register.byProvider', { name: methods.oidc.name }) : t('login.providerOnly')),
      provider,
      h('div', { class: 'auth-alt' },
        h('button', { class: 'btn btn-block', type: 'button', onclick: () => { state.guest = true; go('#/store'); } }, t('login.guest')))));
    return;
  }
  const form = h('form', { class: 'form', novalidate: true },
    field(t('login.username'), { name: 'username', autocomplete: 'username', required: true, autocapitalize: 'none', spellcheck: 'false', minlength: 3, maxlength: 32, dataset: { rule: 'username' } }, t('register.hintUsername')),
    field(t('register.email'), { name: 'email', type: 'email', autocomplete: 'email', required: true }),
    field(t('login.password'), { name: 'password', type: 'password', autocomplete: 'new-password', required: true, minlength: 8 }, t('register.hintPassword')),
    h('button', { class: 'btn btn-primary btn-block', type: 'submit' }, t('register.submit')));
  // A sign-up with an address that has an account already is answered like any other (the owner is
  // mailed instead), but opens no session: say where to look, not "session expired".
  const mailed = h('p', { class: 'notice', role: 'status', hidden: true });
  wireForm(form, async (values) => {
    mailed.hidden = true;
    await api.post(endpoints.register, { username: values.username.trim(), email: values.email.trim(), password: values.password });
    if (!(await refreshMe())) {
      mailed.textContent = t('register.checkMail', { email: values.email.trim() });
      mailed.hidden = false;
      mailed.focus?.();
      return;
    }
    afterLogin(route);
  }, { check: true });
  container.append(h('section', { class: 'auth' },
    logo(),
    h('h1', {}, t('register.title')),
    mailed,
    provider,
    provider ? orSeparator() : null,
    form,
    h('p', { class: 'auth-links' }, t('register.haveAccount'), ' ', h('a', { href: withNext('#/login', route) }, t('login.submit'))),
    h('div', { class: 'auth-alt' },
      h('button', { class: 'btn btn-block', type: 'button', onclick: () => { state.guest = true; go('#/store'); } }, t('login.guest')))));
}

export async function forgot(container) {
  const done = h('p', { class: 'notice', role: 'status', hidden: true });
  const form = h('form', { class: 'form', novalidate: true },
    field(t('register.email'), { name: 'email', type: 'email', autocomplete: 'email', required: true }),
    h('button', { class: 'btn btn-primary btn-block', type: 'submit' }, t('forgot.submit')));
  wireForm(form, async (values) => {
    await api.post(endpoints.passwordReset, { email: values.email.trim() });
    done.textContent = t('forgot.sent');
    done.hidden = false;
  }, { check: true });
  container.append(h('section', { class: 'auth' },
    logo(), h('h1', {}, t('forgot.title')), h('p', { class: 'lead' }, t('forgot.text')), form, done,
    h('p', { class: 'auth-links' }, h('a', { href: '#/login' }, t('login.submit')))));
}

export async function resetPassword(container, route) {
  const form = h('form', { class: 'form', novalidate: true },
    field(t('reset.newPassword'), { name: 'newPassword', type: 'password', autocomplete: 'new-password', required: true, minlength: 8 }, t('register.hintPassword')),
    h('button', { class: 'btn btn-primary btn-block', type: 'submit' }, t('reset.submit')));
  wireForm(form, async (values) => {
    await api.post(endpoints.passwordResetConfirm, { token: route.query.get('token') || '', newPassword: values.newPassword });
    toast(t('reset.done'), 'success');
    go('#/login');
  }, { check: true });
  container.append(h('section', { class: 'auth' }, logo(), h('h1', {}, t('reset.title')), form,
    h('p', { class: 'hint', id: 'reset-two-factor-help' }, t('reset.twoFactorHelp'))));
}
