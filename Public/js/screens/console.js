// The operator's console (docs/console.md): #/console (dashboard), #/console/catalog,
// #/console/home (the store home's featured playlists and moods), #/console/customers[/<id>],
// #/console/codes, #/console/artists (artist and label accounts), #/console/jobs, #/console/audit. Loaded only when an
// operator opens it, with its own texts (js/i18n/console-*.js) and styles (css/console.css); each
// section is a module of js/console/.
import { t } from '../i18n.js';
import { textLoader, loadStyle } from '../part-loader.js';
import { h, append } from '../ui.js';
import { state } from '../state.js';

const sections = [
  { key: '', label: 'console.nav.dashboard', load: () => import('../console/dashboard.js') },
  { key: 'catalog', label: 'console.nav.catalog', load: () => import('../console/catalog.js') },
  { key: 'home', label: 'console.nav.home', load: () => import('../console/home.js') },
  { key: 'customers', label: 'console.nav.customers', load: () => import('../console/customers.js') },
  { key: 'codes', label: 'console.nav.codes', load: () => import('../console/codes.js') },
  { key: 'artists', label: 'console.nav.artists', load: () => import('../console/artists.js') },
  { key: 'jobs', label: 'console.nav.jobs', load: () => import('../console/jobs.js') },
  { key: 'audit', label: 'console.nav.audit', load: () => import('../console/audit.js') },
];

/** English (every key's fallback) and the current language's console texts. */
const loadTexts = textLoader({ en: () => import('../i18n/console-en.js'), ru: () => import('../i18n/console-ru.js') });
/** The console's stylesheet, once; the screen waits for it so nothing shows unstyled. */
const loadStyles = () => loadStyle('/css/console.css');

function subNav(active) {
  return h('nav', { class: 'console-nav', 'aria-label': t('console.nav.label') },
    h('ul', { role: 'list' }, sections.map((s) => h('li', {},
      h('a', { href: s.key ? `#/console/${s.key}` : '#/console', class: 'console-tab', 'aria-current': s.key === active ? 'page' : undefined }, t(s.label))))));
}

/** Operators who have not turned on two-step sign-in are asked to. */
function twoFactorNotice() {
  if (state.me?.twoFactorEnabled) return null;
  return h('p', { class: 'notice console-notice', id: 'console-two-factor' },
    t('console.twoFactor'), ' ', h('a', { href: '#/account' }, t('console.twoFactorLink')));
}

export async function consoleScreen(container, route) {
  await Promise.all([loadTexts(), loadStyles()]);
  container.classList.add('console');
  if (state.me?.role !== 'operator') {
    container.append(h('h1', { class: 'page-title' }, t('console.title')),
      h('div', { class: 'error-panel not-found', role: 'alert', id: 'console-forbidden' },
        h('p', {}, t('console.operatorsOnly')),
        h('a', { class: 'btn btn-primary', href: '#/store' }, t('library.goStore'))));
    return;
  }
  const key = route.sub[0] || '';
  const section = sections.find((s) => s.key === key);
  const heading = h('h1', { class: 'page-title' }, section ? t(section.label) : t('error.notFoundTitle'));
  const body = h('div', { class: 'console-body' });
  append(container,
    h('div', { class: 'console-head' }, h('p', { class: 'console-eyebrow' }, t('console.title')), heading),
    subNav(section ? key : null),
    twoFactorNotice(),
    body);
  // On a phone the row of sections scrolls sideways: show the current one.
  const current = container.querySelector('.console-tab[aria-current="page"]');
  const row = current?.closest('ul');
  if (row) {
    const [tab, box] = [current.getBoundingClientRect(), row.getBoundingClientRect()];
    if (tab.right > box.right) row.scrollLeft += tab.left + tab.width / 2 - (box.left + box.width / 2);
  }
  if (!section) {
    body.append(h('div', { class: 'error-panel not-found', role: 'alert' }, h('p', {}, t('error.notFound')),
      h('a', { class: 'btn btn-primary', href: '#/console' }, t('console.nav.dashboard'))));
    return;
  }
  const module = await section.load();
  await module.render(body, route, { heading });
}
