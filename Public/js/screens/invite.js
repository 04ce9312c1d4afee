// #/invite/<token>: an invitation to sell music as an artist or a label (the link in the operator's
// mail). Shows who is invited and as what; choosing a username and a password creates the account,
// signed in like a sign-up, and opens the artist area (#/artist).
import { api } from '../api.js';
import * as endpoints from '../endpoints.js';
import { t, formatDate } from '../i18n.js';
import { h, load } from '../ui.js';
import { field, wireForm } from '../forms.js';
import { state, refreshMe } from '../state.js';
import { go } from '../router.js';

/** "as Ann and Bob" / "as the label Night Records (Ann, Bob)". */
function invitedAs(invite) {
  const artists = (invite.artists || []).join(', ');
  if (invite.role === 'label') {
    return t('invite.asLabel', { label: invite.label || artists, artists: artists || '—' });
  }
  return t('invite.asArtist', { artists: artists || '—' });
}

/** An invitation that is unknown, used or expired: say so, and lead to the store. */
function gone(container) {
  container.replaceChildren(h('section', { class: 'auth' },
    h('h1', {}, t('invite.goneTitle')),
    h('div', { class: 'error-panel not-found', role: 'alert', id: 'invite-gone' },
      h('p', {}, t('invite.gone')),
      h('a', { class: 'btn btn-primary', href: '#/store' }, t('library.goStore')))));
}

export async function invite(container, route) {
  const token = route.id || '';
  if (!token) { gone(container); return; }
  let unknown = false;
  await load(container, async () => {
    try {
      return await api.get(endpoints.invite(token));
    } catch (error) {
      if (error.status === 404) { unknown = true; return null; }
      throw error;
    }
  }, (data) => {
    if (unknown || !data) { gone(container); return; }
    // Signed in with the address the invitation went to: that account may take it as it is.
    const mine = !!state.me?.email && state.me.email.toLowerCase() === (data.email || '').toLowerCase();
    const useAccount = async () => {
      try {
        await api.post(endpoints.inviteAccept(token), {});
      } catch (error) {
        if (error.status === 404) { gone(container); return; }
        throw error;
      }
      await refreshMe();
      go('#/artist');
    };
    const form = h('form', { class: 'form', novalidate: true, id: 'invite-form' },
      field(t('login.username'), { name: 'username', autocomplete: 'username', required: true, autocapitalize: 'none', spellcheck: 'false', minlength: 3, maxlength: 32, dataset: { rule: 'username' } }, t('register.hintUsername')),
      field(t('login.password'), { name: 'password', type: 'password', autocomplete: 'new-password', required: true, minlength: 8 }, t('register.hintPassword')),
      h('button', { class: 'btn btn-primary btn-block', type: 'submit' }, t('invite.submit')));
    wireForm(form, async (values) => {
      try {
        await api.post(endpoints.invite(token), { username: values.username.trim(), password: values.password });
      } catch (error) {
        if (error.status === 404) { gone(container); return; }
        throw error;
      }
      // The answer is a session, as a sign-up's: the app reads who is signed in, as after a sign-up.
      if (!(await refreshMe())) throw new Error(t('error.sessionExpired'));
      go('#/artist');
    }, { check: true });
    container.append(h('section', { class: 'auth' },
      h('img', { class: 'auth-logo', src: '/icons/icon.svg', alt: '', width: 72, height: 72 }),
      h('h1', {}, t('invite.title')),
      h('p', { class: 'lead', id: 'invite-as' }, invitedAs(data)),
      h('p', { id: 'invite-email' }, t('invite.email', { email: data.email })),
      data.expiresAt ? h('p', { class: 'hint' }, t('invite.expires', { date: formatDate(data.expiresAt) })) : null,
      mine ? h('button', { class: 'btn btn-primary btn-block', type: 'button', id: 'invite-use-account', onclick: useAccount }, t('invite.useAccount', { name: state.me.username })) : null,
      state.me && !mine ? h('p', { class: 'notice', id: 'invite-signed-in' }, t('invite.signedIn', { name: state.me.username })) : null,
      mine ? null : form));
  });
}
