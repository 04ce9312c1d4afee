// How this store signs people in (GET /api/v1/auth/methods): password sign-in on or off, and the
// store's OpenID provider, whose button the log-in and sign-up screens show (issue 34).
import { api } from './api.js';
import * as endpoints from './endpoints.js';
import { t } from './i18n.js';
import { textLoader } from './part-loader.js';
import { h } from './ui.js';
import { pendingPurchase, updatePurchase } from './intent.js';

let known = null;
/** English (every key's fallback) and the current language's sign-in texts, once each. */
export const signInTexts = textLoader({ en: () => import('./i18n/signin-en.js'), ru: () => import('./i18n/signin-ru.js') });

/** The store's sign-in methods, asked once per page load (password sign-in alone when unknown), and their texts. */
export async function signInMethods() {
  known ??= api.get(endpoints.signInMethods).catch(() => { known = null; return { localLogin: true, headerSignIn: false }; });
  const [methods] = await Promise.all([known, signInTexts()]);
  return methods;
}

/**
 * "Sign in with {name}": a link to the provider's start, back to `next` (a #/ hash) afterwards;
 * `remember` (a checkbox) adds remember=1 while it is ticked.
 */
export function providerButton(oidc, next, remember = null) {
  const href = () => endpoints.oidcStart({
    returnTo: `/${next && next.startsWith('#/') ? next : '#/store'}`,
    remember: remember?.checked ? '1' : null,
  });
  // A purchase left to sign in is offered again back on its screen, as after a password log-in.
  const leaving = () => { if (pendingPurchase()?.waitingFor === 'login') updatePurchase({ waitingFor: null }); };
  const link = h('a', { id: 'oidc-sign-in', class: 'btn btn-primary btn-block btn-provider', href: href(), onclick: leaving },
    t('login.withProvider', { name: oidc.name }));
  remember?.addEventListener('change', () => { link.href = href(); });
  return link;
}

/** The line between the provider's button and the password form. */
export function orSeparator() {
  return h('p', { class: 'auth-or', role: 'separator' }, h('span', {}, t('login.or')));
}
