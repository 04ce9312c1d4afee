// Store home (SPEC C1, C5): search box, new releases, featured playlists, moods, favourites, recently played.
import { api } from '../api.js';
import * as endpoints from '../endpoints.js';
import { t } from '../i18n.js';
import { h, load, notFoundPanel } from '../ui.js';
import { shelf, albumCard, playlistCard, moodCard } from '../cards.js';
import { trackList } from '../track-list.js';
import { searchBox } from './search.js';
import { state } from '../state.js';

export async function store(container, route, ctx) {
  const body = h('div', { class: 'store-body' });
  container.append(h('h1', { class: 'page-title' }, t('store.title')), searchBox(''), body);
  await load(body, () => api.get(endpoints.storeHome), (home) => {
    const sections = [];
    if (state.me && home.recentlyPlayed?.length) sections.push(tracksShelf(t('store.recent'), home.recentlyPlayed, ctx));
    if (state.me && home.favourites?.length) sections.push(tracksShelf(t('store.favourites'), home.favourites, ctx));
    if (state.me && home.favouritePlaylists?.length) sections.push(shelf(t('store.favourites') + ' · ' + t('search.playlists'), home.favouritePlaylists, playlistCard));
    sections.push(shelf(t('store.newReleases'), home.newReleases, albumCard, { seeAll: '#/see-all/newReleases' }));
    sections.push(shelf(t('store.featured'), home.featuredPlaylists, playlistCard, { seeAll: '#/see-all/featuredPlaylists' }));
    sections.push(shelf(t('store.moods'), home.moods, moodCard, { seeAll: '#/see-all/moods' }));
    const shown = sections.filter(Boolean);
    body.append(...(shown.length ? shown : [h('p', { class: 'empty' }, t('store.empty'))]));
  });
}

/** A horizontally scrollable row of songs (favourites, recently played). */
function tracksShelf(title, tracks, ctx) {
  const id = `shelf-${Math.random().toString(36).slice(2, 8)}`;
  const list = trackList(tracks, ctx, { showArt: true });
  list.classList.add('track-shelf');
  return h('section', { class: 'shelf', 'aria-labelledby': id }, h('h2', { id }, title), list);
}

const seeAllShelves = {
  newReleases: ['store.newReleases', albumCard],
  featuredPlaylists: ['store.featured', playlistCard],
  moods: ['store.moods', moodCard],
};

/** "See all": one of the store's shelves as a grid. */
export async function seeAll(container, route) {
  const [titleKey, card] = seeAllShelves[route.id] || [];
  if (!card) { container.append(h('h1', {}, t('error.notFoundTitle')), notFoundPanel()); return; }
  const body = h('div', {});
  container.append(h('h1', { class: 'page-title' }, t(titleKey)), body);
  await load(body, () => api.get(endpoints.storeHome), (home) => {
    body.append(h('ul', { class: 'card-grid', role: 'list' }, (home[route.id] || []).map((item) => h('li', {}, card(item)))));
  });
}
