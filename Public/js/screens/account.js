// Account (seed "Account"): songs owned, coins, username, change username/password, top up,
// purchase and top-up history, gift codes, log out. Top-up: choose a pack → the provider's checkout
// (the sandbox's page, or for Stripe the app's own #/pay screen, screens/pay.js); when
// the store sells no coins (wallet.topUps is false) the packs are hidden and gift codes are offered.
import { api } from '../api.js';
import * as endpoints from '../endpoints.js';
import { t, formatDate, formatMoney } from '../i18n.js';
import { h, icon, load, toast, append } from '../ui.js';
import { scrollable } from '../scroll-box.js';
import { priceText } from '../track-list.js';
import { field, wireForm } from '../forms.js';
import { state, refreshMe, emit } from '../state.js';
import { stopPlayer } from '../player.js';
import { go } from '../router.js';
import { pendingPurchase, updatePurchase, forgetPurchase } from '../intent.js';
import { removeAllOffline } from '../offline.js';
import { connectPlayer } from './players.js';
import { signInTexts } from '../sign-in-methods.js';
import { twoFactorPanel } from './twofactor.js';
import { avatarPanel, offlinePanel, playbackPanel, themePanel, displayNameForm, emailText } from './account-panels.js';
import { loadAccountExtras } from '../account-extras.js';

async function topUpNotice(id) {
  try {
    const topUp = await api.get(endpoints.topUp(id));
    if (topUp.status === 'captured') return [t('account.topUpDone', { n: topUp.coins }), 'success'];
    if (topUp.status === 'pending') return [t('account.topUpPending'), 'info'];
    if (topUp.status === 'cancelled') return [t('account.topUpCancelled'), 'info'];
    return [t('account.topUpFailed'), 'error'];
  } catch (error) {
    return [error.message, 'error'];
  }
}

export async function account(container, route) {
  await Promise.all([signInTexts(), loadAccountExtras()]);
  const notice = h('div', { class: 'notices' });
  container.append(h('h1', { class: 'page-title' }, t('account.title')), notice);
  const topUpId = route.query.get('topUp');
  if (topUpId) {
    const [text, kind] = await topUpNotice(topUpId);
    const intent = pendingPurchase();
    if (intent?.waitingFor === 'topup' && kind !== 'error') {
      // Back from the checkout: return to the song or album the top-up was for; once paid, the
      // purchase is offered again there (buy.js offerPendingPurchase).
      if (kind === 'success') updatePurchase({ waitingFor: null }); else forgetPurchase();
      await refreshMe();
      toast(text, kind);
      // A new history entry: Back comes to this account screen (which says how the top-up went),
      // not to the checkout page before it.
      go(intent.returnTo);
      return;
    }
    notice.append(h('p', { class: `notice notice-${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text));
  }
  const body = h('div', { class: 'account-body' });
  container.append(body);
  let topUps = true;
  const fetcher = async () => {
    const me = await refreshMe({ quiet: false });
    if (me) topUps = (await api.get(endpoints.wallet).catch(() => null))?.topUps !== false;
    return me;
  };
  await load(body, fetcher, (me) => {
    if (!me) { go('#/login'); return; }
    const passwordless = me.hasPassword === false;
    const summary = h('dl', { class: 'summary' },
      h('div', {}, h('dt', {}, t('account.songsOwned')), h('dd', {}, String(me.ownedCount))),
      h('div', {}, h('dt', {}, t('account.coins')), h('dd', { id: 'account-coins' }, String(me.coins))),
      h('div', {}, h('dt', {}, t('account.username')), h('dd', { class: 'text' }, me.username)),
      h('div', { class: 'summary-email' }, h('dt', {}, t('account.email')), h('dd', { class: 'text email', title: me.email }, emailText(me.email))));

    // The API takes the current username too: it is the signed-in user's, never asked for.
    const usernameForm = h('form', { class: 'form', novalidate: true, id: 'username-form' },
      h('p', { class: 'hint' }, t('account.currentUsernameIs', { name: me.username })),
      field(t('account.newUsername'), { name: 'newUsername', required: true, autocapitalize: 'none' }, t('register.hintUsername')),
      h('button', { class: 'btn btn-primary', type: 'submit' }, t('account.save')));
    wireForm(usernameForm, async (v) => {
      const user = await api.put(endpoints.username, { oldUsername: state.me?.username ?? me.username, newUsername: v.newUsername.trim() });
      toast(t('account.usernameChanged', { name: user?.username ?? v.newUsername.trim() }), 'success');
      await refreshMe();
      go('#/account', { replace: true });
    });

    const passwordForm = h('form', { class: 'form', novalidate: true },
      h('p', { class: 'hint' }, t('account.reauth')),
      h('input', { type: 'text', autocomplete: 'username', value: me.username, hidden: true, readonly: true, tabindex: '-1', 'aria-hidden': 'true' }),
      field(t('account.currentPassword'), { name: 'currentPassword', type: 'password', autocomplete: 'current-password', required: true }),
      field(t('account.newPassword'), { name: 'newPassword', type: 'password', autocomplete: 'new-password', required: true, minlength: 8 }, t('register.hintPassword')),
      h('button', { class: 'btn btn-primary', type: 'submit' }, t('account.save')));
    wireForm(passwordForm, async (v) => {
      await api.put(endpoints.password, { currentPassword: v.currentPassword, newPassword: v.newPassword });
      await removeAllOffline(); // saved audio goes with the old password
      passwordForm.reset();
      toast(t('account.passwordChanged'), 'success');
    });

    const redeemForm = h('form', { class: 'form form-inline', novalidate: true },
      field(t('account.code'), { name: 'code', required: true, autocapitalize: 'characters' }),
      h('button', { class: 'btn', type: 'submit' }, t('account.redeemSubmit')));
    wireForm(redeemForm, async (v) => {
      const result = await api.post(endpoints.redeem, { code: v.code.trim() });
      await refreshMe();
      redeemForm.reset();
      toast(t('account.redeemed', { n: result?.coins ?? state.me?.coins }), 'success');
      go('#/account', { replace: true });
    });

    const logout = h('button', { class: 'btn btn-danger', type: 'button', onclick: async () => {
      logout.disabled = true;
      try {
        await api.post(endpoints.logout);
      } catch (error) {
        if (error.status !== 401) { toast(error.message, 'error'); logout.disabled = false; return; }
      }
      // Signed out from here on, before anything awaits: a screen drawn meanwhile asks as a guest.
      state.me = null;
      state.guest = false;
      state.ownedIds.clear();
      stopPlayer();
      emit('me', null);
      await removeAllOffline();
      go('#/login');
    } }, t('account.logout'));

    // append() leaves the absent (null) parts out.
    append(body,
      avatarPanel(me),
      summary,
      me.signInProvider ? h('p', { class: 'hint', id: 'signs-in-with' }, t('account.signsInWith', { provider: me.signInProvider })) : null,
      h('nav', { class: 'account-links', 'aria-label': t('account.title') },
        topUps ? h('a', { class: 'btn btn-primary', href: '#/topup' }, icon('coin'), h('span', {}, t('account.topUp'))) : null,
        h('a', { class: 'btn', href: '#/history/purchases' }, t('account.purchases')),
        h('a', { class: 'btn', href: '#/history/topups' }, t('account.topUps'))),
      topUps ? null : h('p', { class: 'notice notice-info', id: 'coins-from-codes' }, t('account.coinsFromCodes')),
      // An account the provider made has no password here: players need an app password, so that
      // comes first, open; the password and two-step sign-in (the provider's business) are not offered.
      passwordless ? h('p', { class: 'notice', id: 'players-need-app-password' },
        t('account.playersNeedAppPassword', { provider: me.signInProvider || t('account.yourSignIn') })) : null,
      passwordless ? details(t('players.title'), connectPlayer(), true) : null,
      details(t('account.displayName'), displayNameForm(me, () => go('#/account', { replace: true }))),
      details(t('account.changeUsername'), usernameForm),
      passwordless ? null : details(t('account.changePassword'), passwordForm),
      passwordless ? null : details(t('twoFactor.title'), twoFactorPanel()),
      details(t('account.redeem'), redeemForm, !topUps),
      offlinePanel(),
      passwordless ? null : details(t('players.title'), connectPlayer()),
      themePanel(),
      playbackPanel(),
      logout);
  });
}

function details(summary, content, open = false) {
  return h('details', { class: 'panel', open }, h('summary', {}, summary), content);
}

export async function topup(container) {
  const body = h('div', {});
  container.append(h('h1', { class: 'page-title' }, t('topup.title')), body);
  await load(body, () => api.get(endpoints.wallet), (wallet) => {
    if (wallet.topUps === false) {
      body.append(
        h('p', { class: 'notice notice-info', id: 'topups-off' }, t('topup.off')),
        h('p', {}, t('topup.balance', { coins: priceText(wallet.coins) })),
        h('a', { class: 'btn btn-primary', href: '#/account' }, t('topup.redeemLink')));
      return;
    }
    body.append(h('p', { class: 'lead' }, t('topup.text')));
    const form = h('form', { class: 'form packs-form', novalidate: true },
      h('p', {}, t('topup.balance', { coins: priceText(wallet.coins) })),
      h('fieldset', { class: 'packs' }, h('legend', { class: 'sr-only' }, t('topup.title')),
        wallet.packs.map((pack, i) => h('label', { class: 'pack' },
          h('input', { type: 'radio', name: 'packId', value: pack.id, checked: i === 0 }),
          h('span', { class: 'pack-coins' }, icon('coin'), priceText(pack.coins)),
          h('span', { class: 'pack-price' }, formatMoney(pack.price))))),
      h('button', { class: 'btn btn-primary btn-block', type: 'submit' }, t('topup.checkout')));
    wireForm(form, async (v) => {
      if (!v.packId) throw new Error(t('topup.choose'));
      const created = await api.post(endpoints.topUps, { packId: v.packId });
      if (created.provider === 'stripe') {
        // Card payments happen on the app's own screen (screens/pay.js): a new history entry.
        go(`#/pay/${encodeURIComponent(created.topUpId)}`);
        return;
      }
      toast(t('topup.redirecting'));
      location.assign(created.checkoutUrl);
    });
    body.append(form);
  });
}

export async function history(container, route) {
  const purchases = route.id !== 'topups';
  const body = h('div', {});
  container.append(h('h1', { class: 'page-title' }, purchases ? t('history.purchasesTitle') : t('history.topUpsTitle')), body);
  await load(body, () => Promise.all([
    api.get(endpoints.walletHistory()),
    purchases ? null : api.get(endpoints.topUps),
  ]), ([d, payments]) => {
    if (payments && payments.topUps.length) body.append(paymentsTable(payments.topUps));
    const entries = d.entries.filter((e) => (purchases ? e.kind === 'purchase' : e.kind !== 'purchase'));
    if (!entries.length) { body.append(h('p', { class: 'empty' }, t('history.empty'))); return; }
    if (payments && payments.topUps.length) body.append(h('h2', { class: 'section-title' }, t('history.coinsMoved')));
    body.append(scrollable(h('div', { class: 'table-wrap' }, h('table', { class: 'history' },
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, t('history.date')), h('th', { scope: 'col' }, t('history.item')),
        purchases ? null : h('th', { scope: 'col' }, t('history.price')),
        h('th', { scope: 'col', class: 'num' }, t('history.coins')), h('th', { scope: 'col', class: 'num' }, t('history.balance')))),
      h('tbody', {}, entries.map((e) => h('tr', {},
        h('td', { class: 'date' }, formatDate(e.createdAt, { compact: true })), h('td', {}, describe(e)),
        purchases ? null : h('td', {}, e.money ? formatMoney(e.money) : '—'),
        h('td', { class: 'num' }, e.coins > 0 ? `+${e.coins}` : String(e.coins)),
        h('td', { class: 'num' }, String(e.balanceAfter)))))),
      payments?.topUps.length ? t('history.coinsMoved') : container.querySelector('h1').textContent)));
  });
}

/** Each top-up with its state (paid, declined with the bank's reason, waiting, cancelled, refunded) and what was paid. */
function paymentsTable(topUps) {
  const state = (p) => {
    if (p.status === 'captured' && p.refundedCoins > 0) return t('history.stateRefunded', { n: p.refundedCoins });
    return t(`history.state.${p.status}`);
  };
  return scrollable(h('div', { class: 'table-wrap', id: 'top-up-payments' }, h('table', { class: 'history' },
    h('caption', {}, t('history.payments')),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, t('history.date')), h('th', { scope: 'col' }, t('history.item')),
      h('th', { scope: 'col' }, t('history.state')), h('th', { scope: 'col', class: 'num' }, t('history.paid')))),
    h('tbody', {}, topUps.map((p) => h('tr', { 'data-status': p.status },
      h('td', { class: 'date' }, formatDate(p.createdAt, { compact: true })),
      h('td', {}, t('history.topUp', { n: p.coins, price: formatMoney(p.price) })),
      h('td', {}, state(p), p.status === 'declined' && p.message ? h('span', { class: 'hint' }, ` — ${p.message}`) : ''),
      h('td', { class: 'num' }, p.paid ? formatMoney(p.paid) : '—')))))));
}

/**
 * The ledger keeps its descriptions in English ("Song “X”", "Top-up: 100 coins (€0.99)"): show them
 * in the user's language. Unknown shapes are shown as stored.
 */
function describe(entry) {
  const text = entry.description || '';
  let m;
  if ((m = /^Song “(.*)”$/s.exec(text))) return t('history.song', { title: m[1] });
  if ((m = /^Album “(.*)”$/s.exec(text))) return t('history.album', { title: m[1] });
  if (entry.kind === 'top-up' && (m = /^Top-up: (\d+) coins/.exec(text))) {
    return t('history.topUp', { n: Number(m[1]), price: entry.money ? formatMoney(entry.money) : '' });
  }
  if ((m = /^Gift code (.*)$/s.exec(text))) return t('history.giftCode', { code: m[1] });
  if (entry.kind === 'purchase-refund' && (m = /^Refund of “(.*)”$/s.exec(text))) return t('history.purchaseRefund', { title: m[1] });
  if (entry.kind === 'grant' && text === 'Granted by the operator') return t('history.grant');
  if (entry.kind === 'refund') {
    return entry.coins < 0 ? t('history.refund', { n: -entry.coins }) : t('history.refundReversed', { n: entry.coins });
  }
  return text;
}
