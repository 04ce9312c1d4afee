// SoTube web app: shell, tab bar, routing, session.
import { onActivity, takePreload, dropPreload } from './js/api.js';
import { storeHome } from './js/endpoints.js';
import { t, languages, currentLanguage, setLanguage, formatDate } from './js/i18n.js';
import { h, icon, toast, notFoundPanel } from './js/ui.js';
import { resetShelves } from './js/cards.js';
import { state, on, refreshMe } from './js/state.js';
import { parseHash, go } from './js/router.js';
import { initPlayer, play, relabelPlayer, restoreQueue, markPlaying, focusPlayer } from './js/player.js';
import { removeAllOffline } from './js/offline.js';

const screens = {
  login: () => import('./js/screens/auth.js').then((m) => m.login),
  register: () => import('./js/screens/auth.js').then((m) => m.register),
  forgot: () => import('./js/screens/auth.js').then((m) => m.forgot),
  'reset-password': () => import('./js/screens/auth.js').then((m) => m.resetPassword),
  store: () => import('./js/screens/store.js').then((m) => m.store),
  'see-all': () => import('./js/screens/store.js').then((m) => m.seeAll),
  search: () => import('./js/screens/search.js').then((m) => m.search),
  genre: () => import('./js/screens/browse.js').then((m) => m.genre),
  artist: () => import('./js/screens/pages.js').then((m) => m.artist),
  album: () => import('./js/screens/pages.js').then((m) => m.album),
  playlist: () => import('./js/screens/pages.js').then((m) => m.playlist),
  song: () => import('./js/screens/song.js').then((m) => m.song),
  library: () => import('./js/screens/library.js').then((m) => m.library),
  'my-playlist': () => import('./js/screens/my-playlist.js').then((m) => m.myPlaylist),
  account: () => import('./js/screens/account.js').then((m) => m.account),
  topup: () => import('./js/screens/account.js').then((m) => m.topup),
  pay: () => import('./js/screens/pay.js').then((m) => m.pay),
  history: () => import('./js/screens/account.js').then((m) => m.history),
  console: () => import('./js/screens/console.js').then((m) => m.consoleScreen),
  invite: () => import('./js/screens/invite.js').then((m) => m.invite),
  'oidc-link': () => import('./js/screens/oidc-link.js').then((m) => m.oidcLink),
  'artist-area': () => import('./js/screens/artist.js').then((m) => m.artistArea),
};
// #/artist, #/artist/releases, #/artist/upload(/<draft id>), #/artist/statements, #/artist/discounts: the selling area of an
// artist or label account (js/screens/artist.js); #/artist/<id> stays an artist's page in the store.
const artistSections = new Set(['releases', 'upload', 'statements', 'discounts']);
const screenName = (r) => (r.name === 'artist' && (!r.id || artistSections.has(r.id)) ? 'artist-area' : r.name);
const sells = () => state.me?.role === 'artist' || state.me?.role === 'label';
// #/oidc-link/<ticket> (a provider's first sign-in meeting an account here) looks like them: no dock, no
// guest links, no Back (back is the provider's page); a member may open it too (it signs in as that account).
const authScreens = new Set(['login', 'register', 'forgot', 'reset-password', 'oidc-link']);
const memberScreens = new Set(['library', 'my-playlist', 'account', 'topup', 'pay', 'history', 'console', 'artist-area']);
const topLevel = new Set(['store', 'search', 'library', 'account', 'console', 'artist-area', 'login', 'register', 'oidc-link', '']);

const main = document.getElementById('main');
const ctx = {
  play: (tracks, index) => play(tracks, index),
  // Loaded when first needed, like the keyboard shortcuts: the first screen does not wait for them.
  buy: async (track) => (await import('./js/buy.js')).buyTrack(track),
};
let renderToken = 0;
let screenShown = false; // a screen was drawn (the first keeps focus at the page's start)
// Routing waits until boot knows who the user is: a hash change during that first /me request
// would otherwise send a member to the log-in screen (and from there to the Store).
let sessionKnown;
const sessionReady = new Promise((resolve) => { sessionKnown = resolve; });

// ---- shell ----

function renderTabs(route) {
  const tabs = state.me
    ? [['store', 'nav.store', 'store'], ['search', 'search.label', 'search'], ['library', 'nav.myMusic', 'music'], ['account', 'nav.account', 'account'],
      ...(state.me.role === 'operator' ? [['console', 'nav.console', 'console']] : []),
      ...(sells() ? [['artist', 'nav.artist', 'mic']] : [])]
    : [['store', 'nav.store', 'store'], ['search', 'search.label', 'search'], ['login', 'nav.login', 'login'], ['register', 'nav.register', 'register']];
  const active = screenName(route) === 'artist-area' ? 'artist' : ['artist', 'album', 'playlist', 'song', 'see-all'].includes(route.name) ? 'store'
    : ['topup', 'pay', 'history'].includes(route.name) ? 'account' : route.name === 'genre' ? 'search' : route.name === 'my-playlist' ? 'library' : route.name;
  const nav = document.getElementById('tabs');
  nav.setAttribute('aria-label', t('nav.main'));
  nav.replaceChildren(h('ul', { role: 'list' }, tabs.map(([name, label, ico]) =>
    h('li', {}, h('a', { href: `#/${name}`, class: 'tab', 'aria-current': active === name ? 'page' : undefined }, icon(ico), h('span', {}, t(label)))))));
  const hideDock = authScreens.has(route.name) && !state.guest && !state.me;
  document.body.classList.toggle('no-dock', hideDock);
}

function renderAppbar(route) {
  const back = document.getElementById('back');
  back.hidden = topLevel.has(screenName(route));
  back.setAttribute('aria-label', t('nav.back'));
  back.replaceChildren(icon('back'));
  const coins = document.getElementById('coins');
  coins.hidden = !state.me;
  if (state.me) {
    coins.replaceChildren(icon('coin'), h('span', {}, String(state.me.coins)));
    coins.setAttribute('aria-label', `${t('account.coins')}: ${state.me.coins}`);
  }
  const avatar = document.getElementById('avatar');
  avatar.hidden = !state.me?.avatarUrl || state.offline;
  avatar.setAttribute('aria-label', t('account.title'));
  if (!avatar.hidden) {
    const img = avatar.querySelector('img');
    if (img.getAttribute('src') !== state.me.avatarUrl) img.src = state.me.avatarUrl;
  }
  paintGuestLinks(route);
  paintOffline();
  const lang = document.getElementById('lang');
  lang.setAttribute('aria-label', t('app.language'));
  if (!lang.options.length) lang.append(...languages.map(([code, name]) => h('option', { value: code, lang: code }, name)));
  lang.value = currentLanguage();
  document.getElementById('skip-link').textContent = t('app.skip');
  document.getElementById('skip-player').textContent = t('app.skipPlayer');
}

/** Guests browse the store: "Log in" and "Create account" in the app bar's corner (not on the
 * log-in and sign-up screens themselves). Made here once, before the language menu. */
function paintGuestLinks(route) {
  let links = document.getElementById('guest-links');
  if (!links) {
    links = h('div', { class: 'guest-links', id: 'guest-links' });
    document.getElementById('lang').before(links);
  }
  links.hidden = !!state.me || authScreens.has(route.name);
  links.replaceChildren(...(links.hidden ? [] : [
    h('a', { class: 'btn btn-sm', href: '#/login' }, t('nav.login')),
    h('a', { class: 'btn btn-sm btn-primary', href: '#/register' }, t('nav.register'))]));
}

/** The banner saying the app is offline (only songs saved on this device play). */
function paintOffline() {
  const banner = document.getElementById('offline-banner');
  const offline = state.offline || !navigator.onLine;
  banner.hidden = !offline;
  banner.textContent = offline ? t('offline.banner') : '';
  document.body.classList.toggle('is-offline', offline);
}

async function route() {
  const token = ++renderToken;
  await sessionReady;
  if (token !== renderToken) return;
  const r = parseHash();
  const name = screenName(r);
  if (!r.name) {
    // Landing (SPEC A7): members → My Music when they own songs, else Store; guests → the Store,
    // browsable (the log-in screen is where buying and My Music send them).
    go(state.me && state.me.landing === 'library' ? '#/library' : '#/store', { replace: true });
    return;
  }
  if (memberScreens.has(name) && !state.me) {
    go(`#/login?next=${encodeURIComponent(`#/${r.raw}`)}`, { replace: true });
    return;
  }
  if (authScreens.has(r.name) && state.me && r.name !== 'reset-password' && r.name !== 'oidc-link') {
    const next = r.query.get('next');
    go(next && next.startsWith('#/') ? next : '#/store', { replace: true });
    return;
  }
  if (!authScreens.has(r.name) && !state.me) state.guest = true;
  renderTabs(r);
  renderAppbar(r);
  const loader = screens[name];
  const container = h('div', { class: `screen screen-${name}` });
  resetShelves();
  main.replaceChildren(container);
  if (!loader) {
    container.append(h('h1', { tabindex: '-1' }, t('error.notFoundTitle')), notFoundPanel());
    return;
  }
  try {
    const screen = await loader();
    if (token !== renderToken) return;
    await screen(container, r, ctx);
  } catch (error) {
    if (token !== renderToken) return;
    // Offline, a screen whose code is not saved says so (in the banner's place: app.css).
    const off = !navigator.onLine;
    container.replaceChildren(h('p', { class: `error-panel${off ? ' offline-note' : ''}`, role: 'alert' }, off ? t('error.offline') : error.message || t('error.generic')));
  }
  if (token !== renderToken) return;
  const heading = container.querySelector('h1');
  document.title = heading ? `${heading.textContent} · SoTube` : 'SoTube';
  const leftOverlay = focusNewScreen;
  focusNewScreen = false;
  // The first screen keeps focus at the page's start (the skip links come first); a navigation
  // after it moves focus to the new screen's heading.
  const firstScreen = !screenShown;
  screenShown = true;
  dropPreload();
  if (heading && (leftOverlay || (!firstScreen && document.activeElement === document.body))) {
    heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }
  window.scrollTo(0, 0);
  markPlaying();
  // buy.js comes only when a purchase waits to be offered again (intent.js keeps it under this key).
  if (sessionStorage.getItem('sotube.intent')) import('./js/buy.js').then((m) => m.offerPendingPurchase()).catch(() => {});
  if (!shortcutsWired) {
    shortcutsWired = true;
    afterFirstPictures(() => import('./js/shortcuts.js').then((m) => m.wireShortcuts()).catch(() => {}));
  }
}

/**
 * A navigation leaves the full player (and any dialog still open): it would otherwise stay over the
 * new screen (on a phone it fills the screen), so the screen is shown and its heading focused.
 */
let focusNewScreen = false;
function leaveOverlays() {
  const sheet = document.getElementById('player');
  if (sheet.open) { sheet.close(); focusNewScreen = true; }
  // A dialog still open (Back pressed while it asks): cancelled, as Escape would.
  document.querySelectorAll('dialog.dialog[open]').forEach((el) => {
    el.dispatchEvent(new Event('cancel', { cancelable: true }));
    focusNewScreen = true;
  });
}

// The keyboard shortcuts load once the first screen's pictures are in (on a slow network they
// would otherwise take a connection from them), or after 3 s.
let shortcutsWired = false;
function afterFirstPictures(fn) {
  const pending = [...main.querySelectorAll('img[loading=eager]')].filter((img) => !img.complete);
  const loaded = Promise.allSettled(pending.map((img) => img.decode()));
  Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 3000))]).then(fn);
}

// ---- boot ----

function wireActivity() {
  const bar = document.getElementById('activity');
  const status = document.getElementById('activity-status');
  let timer = null;
  onActivity((busy) => {
    clearTimeout(timer);
    if (busy) {
      timer = setTimeout(() => { bar.hidden = false; status.textContent = t('app.loading'); document.body.setAttribute('aria-busy', 'true'); }, 120);
    } else {
      bar.hidden = true;
      status.textContent = '';
      document.body.removeAttribute('aria-busy');
    }
  });
}

async function boot() {
  takePreload(storeHome);
  wireActivity();
  initPlayer();
  // Skip links move focus without touching the hash (the hash is the router's).
  document.getElementById('skip-link').addEventListener('click', (e) => { e.preventDefault(); main.focus(); });
  document.getElementById('skip-player').addEventListener('click', (e) => {
    e.preventDefault();
    if (!focusPlayer()) main.focus();
  });
  document.getElementById('back').addEventListener('click', () => {
    if (history.length > 1) history.back(); else go('#/store');
  });
  document.getElementById('lang').addEventListener('change', async (e) => {
    await setLanguage(e.target.value);
    relabelPlayer();
    route();
  });
  window.addEventListener('hashchange', () => { leaveOverlays(); route(); });
  window.addEventListener('sotube:unauthorized', (e) => {
    if (state.me && !String(e.detail?.path).endsWith('/auth/login')) {
      state.me = null;
      // The session ended (a password change elsewhere, or log-out): saved audio goes with it.
      removeAllOffline();
      toast(t('error.sessionExpired'), 'error');
      go('#/login');
    }
  });
  window.addEventListener('offline', paintOffline); // the banner says it (no toast besides)
  window.addEventListener('online', async () => {
    paintOffline();
    if (!state.offline) return;
    try { await refreshMe(); } catch { return; }
    paintOffline();
    route();
  });
  on('me', () => renderAppbar(parseHash()));
  on('owned', (ids) => {
    // Once bought, the Buy button disappears everywhere it is shown.
    for (const id of ids) {
      document.querySelectorAll(`[data-buy="${CSS.escape(id)}"]`).forEach((button) => {
        const wasFocused = document.activeElement === button;
        // A pre-order (data-out-on: its release date) says when it comes out.
        const outOn = button.dataset.outOn;
        const mark = h('span', { class: outOn ? 'owned-mark preorder-mark' : 'owned-mark', tabindex: wasFocused ? '-1' : undefined },
          outOn ? t('track.preOrdered', { date: formatDate(outOn) }) : t('track.owned'));
        button.replaceWith(mark);
        if (wasFocused) mark.focus();
      });
    }
  });
  try {
    await refreshMe();
  } catch (error) {
    toast(error.message, 'error');
  }
  sessionKnown();
  restoreQueue();
  route();
  if ('serviceWorker' in navigator && location.protocol !== 'file:') {
    navigator.serviceWorker.register('/sw.js').catch(() => {});
  }
}

boot();
