// The artist area (role artist or label): #/artist (overview: balance, totals, recent sales,
// payouts), #/artist/releases (prices, name your price, release date, published), #/artist/upload
// (drafts of new releases: files sent in pieces, songs and album edited, published; #/artist/upload/ID
// for one), #/artist/statements (a month's statement, its CSV and printable page) and #/artist/discounts
// (discount codes for buyers). Loaded only when opened,
// with its own texts (js/i18n/artist-*.js) and the console's styles (css/console.css, css/artist.css);
// each section is a module of js/artist/.
import { t } from '../i18n.js';
import { h, append } from '../ui.js';
import { state } from '../state.js';
import { loadArtistTexts } from '../artist/texts.js';
import { loadStyle } from '../part-loader.js';

const sections = [
  { key: '', label: 'artistArea.nav.overview', load: () => import('../artist/overview.js') },
  { key: 'releases', label: 'artistArea.nav.releases', load: () => import('../artist/releases.js') },
  { key: 'upload', label: 'artistArea.nav.upload', load: () => import('../artist/upload.js') },
  { key: 'statements', label: 'artistArea.nav.statements', load: () => import('../artist/statements.js') },
  { key: 'discounts', label: 'artistArea.nav.discounts', load: () => import('../artist/discounts.js') },
];

function subNav(active) {
  return h('nav', { class: 'console-nav', 'aria-label': t('artistArea.nav.label') },
    h('ul', { role: 'list' }, sections.map((s) => h('li', {},
      h('a', { href: s.key ? `#/artist/${s.key}` : '#/artist', class: 'console-tab', 'aria-current': s.key === active ? 'page' : undefined }, t(s.label))))));
}

export async function artistArea(container, route) {
  await Promise.all([loadArtistTexts(), loadStyle('/css/console.css'), loadStyle('/css/artist.css')]);
  container.classList.add('console', 'artist-area');
  const key = route.id || '';
  const section = sections.find((s) => s.key === key);
  if (state.me?.role !== 'artist' && state.me?.role !== 'label') {
    container.append(h('h1', { class: 'page-title' }, t('artistArea.title')),
      h('div', { class: 'error-panel not-found', role: 'alert', id: 'artist-forbidden' },
        h('p', {}, t('artistArea.artistsOnly')),
        h('a', { class: 'btn btn-primary', href: '#/store' }, t('library.goStore'))));
    return;
  }
  const heading = h('h1', { class: 'page-title' }, t(section.label));
  const body = h('div', { class: 'console-body artist-body' });
  append(container,
    h('div', { class: 'console-head' }, h('p', { class: 'console-eyebrow' }, t('artistArea.title')), heading),
    subNav(key),
    body);
  const module = await section.load();
  await module.render(body, route, { heading });
}
