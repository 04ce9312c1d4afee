// #/oidc-link/<ticket>: a first sign-in through the store's OpenID provider whose verified email
// already has an account here. The account's password, given once, links the two; from then on the
// provider signs that account in (issue 34).
import { api } from '../api.js';
import * as endpoints from '../endpoints.js';
import { t } from '../i18n.js';
import { h, load } from '../ui.js';
import { field, wireForm } from '../forms.js';
import { refreshMe } from '../state.js';
import { go } from '../router.js';
import { signInMethods, signInTexts } from '../sign-in-methods.js';

/** The problem type of a log-in that needs a two-step sign-in code (as on the log-in screen). */
const TWO_FACTOR_REQUIRED = 'urn:sotube:problem:two-factor-required';

const logo = () => h('img', { class: 'auth-logo', src: '/icons/icon.svg', alt: '', width: 72, height: 72 });

function gone(container) {
  container.replaceChildren(h('section', { class: 'auth' },
    logo(),
    h('h1', {}, t('oidcLink.title')),
    h('div', { class: 'error-panel not-found', role: 'alert', id: 'oidc-link-gone' },
      h('p', {}, t('oidcLink.gone')),
      h('a', { class: 'btn btn-primary', href: '#/login' }, t('login.submit')))));
}

export async function oidcLink(container, route) {
  await signInTexts();
  const ticket = route.id || '';
  if (!ticket) { gone(container); return; }
  let unknown = false;
  let passwordReset = true; // "Forgot password?" leads nowhere on a store with password sign-in off
  await load(container, async () => {
    try {
      passwordReset = (await signInMethods()).localLogin !== false;
      return await api.get(endpoints.oidcLink(ticket));
    } catch (error) {
      if (error.status === 404) { unknown = true; return null; }
      throw error;
    }
  }, (offer) => {
    if (unknown || !offer) { gone(container); return; }
    // An account with two-step sign-in is asked for its code too, as at log-in.
    const code = field(t('login.code'), { name: 'totp', autocomplete: 'one-time-code', autocapitalize: 'none', spellcheck: 'false' }, t('login.codeHint'));
    code.hidden = true;
    const form = h('form', { class: 'form', novalidate: true, id: 'oidc-link-form' },
      h('input', { type: 'text', name: 'username', autocomplete: 'username', value: offer.username, hidden: true, readonly: true, tabindex: '-1', 'aria-hidden': 'true' }),
      field(t('login.password'), { name: 'password', type: 'password', autocomplete: 'current-password', required: true }),
      code,
      h('button', { class: 'btn btn-primary btn-block', type: 'submit' }, t('oidcLink.submit')));
    wireForm(form, async (values) => {
      const body = { password: values.password };
      if (!code.hidden && values.totp?.trim()) body.totp = values.totp.trim();
      try {
        await api.post(endpoints.oidcLink(ticket), body);
      } catch (error) {
        if (error.status === 404) { gone(container); return; }
        if (error.problem?.type === TWO_FACTOR_REQUIRED && code.hidden) {
          code.hidden = false;
          throw Object.assign(error, { problem: { ...error.problem, detail: t('login.codeNeeded') } });
        }
        throw error;
      }
      await refreshMe();
      const back = offer.returnTo?.startsWith('/#/') ? offer.returnTo.slice(1) : '#/store';
      go(back);
    }, { check: true });
    container.replaceChildren(h('section', { class: 'auth' },
      logo(),
      h('h1', {}, t('oidcLink.title')),
      h('p', { class: 'lead' }, t('oidcLink.text', { email: offer.email, username: offer.username, provider: offer.provider })),
      form,
      passwordReset ? h('p', { class: 'auth-links' }, h('a', { href: '#/forgot' }, t('login.forgot'))) : null));
  });
}
