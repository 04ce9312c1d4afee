// Browsing without a query (issue 32 #19): genre and mood tiles on the empty search page (guests
// too), a genre's albums (#/genre/<name>), and the line that says a mistyped search was corrected.
// Loaded when the search page is empty or corrected, with its texts (js/i18n/browse-*.js).
import { api } from '../api.js';
import * as endpoints from '../endpoints.js';
import { t } from '../i18n.js';
import { textLoader } from '../part-loader.js';
import { h, load } from '../ui.js';
import { artwork, albumCard, moodCard } from '../cards.js';

const loadBrowseTexts = textLoader({ en: () => import('../i18n/browse-en.js'), ru: () => import('../i18n/browse-ru.js') });

function genreTile(genre) {
  return h('a', { class: 'card card-genre', href: `#/genre/${encodeURIComponent(genre.name)}` },
    artwork(genre.artworkUrl, 300, 'art', { shown: 168 }),
    h('span', { class: 'card-title' }, genre.name),
    h('span', { class: 'card-sub' }, t('browse.albums', { n: genre.albumCount })));
}

function tiles(titleKey, items, card) {
  if (!items?.length) return null;
  const id = `browse-${titleKey.replace(/\W+/g, '-')}`;
  return h('section', { class: 'browse', 'aria-labelledby': id }, h('h2', { id }, t(titleKey)),
    h('ul', { class: 'card-grid', role: 'list' }, items.map((item) => h('li', {}, card(item)))));
}

/** The genre and mood tiles, drawn into `into` (the search page's results while the box is empty). */
export async function browseTiles(into) {
  await load(into, () => Promise.all([api.get(endpoints.genres), api.get(endpoints.moods), loadBrowseTexts()]),
    ([genres, moods]) => {
      into.append(...[tiles('browse.genres', genres.genres, genreTile), tiles('browse.moods', moods.moods, moodCard)]
        .filter(Boolean));
    });
}

/** "Showing results for …": the search answered a corrected query. */
export async function correctedNote(corrected, typed) {
  await loadBrowseTexts();
  return h('p', { class: 'corrected', role: 'status' }, t('browse.corrected', { q: corrected, typed }));
}

/** #/genre/<name>: the genre's albums on sale, newest first. */
export async function genre(container, route) {
  const name = route.id || '';
  await loadBrowseTexts();
  const body = h('div', {});
  container.append(h('h1', { class: 'page-title' }, name), body);
  await load(body, () => api.get(endpoints.genreAlbums({ genre: name, limit: 100 })), (found) => {
    body.append(found.albums.length
      ? h('ul', { class: 'card-grid', role: 'list' }, found.albums.map((album) => h('li', {}, albumCard(album))))
      : h('p', { class: 'empty' }, t('browse.genreEmpty')));
  });
}
