// My Music (SPEC L1–L3): Songs / Albums / Artists with the seed's sorts; artists split view.
import { api } from '../api.js';
import * as endpoints from '../endpoints.js';
import { t } from '../i18n.js';
import { h, icon, load } from '../ui.js';
import { artwork } from '../cards.js';
import { trackList } from '../track-list.js';
import { go } from '../router.js';
import { state } from '../state.js';
import { savedTracks } from '../offline.js';
import { downloadAlbum, offlineControl } from '../owned.js';

const views = [['albums', 'library.albums'], ['songs', 'library.songs'], ['artists', 'library.artists']];
const sorts = {
  albums: [['artist', 'library.sortArtist'], ['name', 'library.sortAlbum']],
  songs: [['default', 'library.sortDefault'], ['name', 'library.sortName']],
};

function emptyState() {
  return h('div', { class: 'empty' }, h('p', {}, t('library.empty')), h('a', { class: 'btn btn-primary', href: '#/store' }, t('library.goStore')));
}

/** One owned album: artwork beside (landscape/wide) or above (portrait) its owned songs. */
function albumBlock(entry, ctx) {
  const a = entry.album;
  const id = `lib-album-${a.id}`;
  return h('section', { class: 'lib-album', 'aria-labelledby': id },
    h('a', { class: 'lib-album-art', href: `#/album/${encodeURIComponent(a.id)}`, tabindex: '-1', 'aria-hidden': 'true' }, artwork(a.artworkUrl, 300)),
    h('div', { class: 'lib-album-head' },
      h('h2', { id }, h('a', { href: `#/album/${encodeURIComponent(a.id)}` }, a.title)),
      h('p', { class: 'card-sub' }, a.artistName),
      h('div', { class: 'lib-album-actions' }, downloadAlbum(a, entry.ownedTracks), offlineControl(entry.ownedTracks.map((tr) => ({ ...tr, owned: true }))))),
    trackList(entry.ownedTracks, ctx, { showArt: false, numbered: true }));
}

/** One owned album in the cover grid: its cover and title lead to the album; Play plays its owned songs. */
function albumCover(entry, ctx) {
  const a = entry.album;
  const id = `lib-album-${a.id}`;
  return h('li', { class: 'lib-album lib-cover', 'aria-labelledby': id },
    h('div', { class: 'lib-cover-art' },
      h('a', { href: `#/album/${encodeURIComponent(a.id)}`, tabindex: '-1', 'aria-hidden': 'true' }, artwork(a.artworkUrl, 300, 'art', { shown: 200 })),
      h('button', { class: 'icon-btn cover-play', type: 'button', 'aria-label': t('track.playTitle', { title: a.title }), onclick: () => ctx.play(entry.ownedTracks, 0) }, icon('play'))),
    h('h2', { id }, h('a', { href: `#/album/${encodeURIComponent(a.id)}` }, a.title)),
    h('p', { class: 'card-sub' }, a.artistName),
    h('div', { class: 'lib-album-actions' }, downloadAlbum(a, entry.ownedTracks), offlineControl(entry.ownedTracks.map((tr) => ({ ...tr, owned: true })))));
}

/** Play and Shuffle over every owned song the view shows. */
function playAll(tracks, ctx) {
  if (!tracks.length) return null;
  const shuffled = () => {
    const copy = tracks.slice();
    for (let i = copy.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [copy[i], copy[j]] = [copy[j], copy[i]]; }
    return copy;
  };
  return h('div', { class: 'hero-actions lib-play' },
    h('button', { class: 'btn btn-primary', type: 'button', onclick: () => ctx.play(tracks, 0) }, icon('play'), h('span', {}, t('album.playAll'))),
    h('button', { class: 'btn', type: 'button', onclick: () => ctx.play(shuffled(), 0) }, icon('shuffle'), h('span', {}, t('player.shuffle'))));
}

/** Offline: the songs saved on this device, playable without a network. */
function offlineLibrary(container, ctx) {
  const tracks = savedTracks();
  container.append(h('h1', { class: 'page-title' }, t('library.title')),
    h('p', { class: 'notice notice-info', role: 'status', id: 'offline-library' }, t('offline.libraryNote')),
    tracks.length ? trackList(tracks, ctx) : h('p', { class: 'empty' }, t('offline.nothingSaved')));
}

export async function library(container, route, ctx) {
  if (state.offline || !navigator.onLine) { offlineLibrary(container, ctx); return; }
  const view = views.some(([v]) => v === route.query.get('view')) ? route.query.get('view') : 'albums';
  const sortOptions = sorts[view];
  const sort = sortOptions?.some(([s]) => s === route.query.get('sort')) ? route.query.get('sort') : sortOptions?.[0][0];
  const set = (change) => {
    const params = new URLSearchParams({ view, ...(sort ? { sort } : {}), ...change });
    if (change.view) { params.delete('sort'); params.delete('artist'); }
    go(`#/library?${params}`, { replace: true });
  };
  const controls = h('div', { class: 'lib-controls' },
    h('div', { class: 'segmented', role: 'group', 'aria-label': t('library.view') }, views.map(([v, label]) =>
      h('button', { type: 'button', 'aria-pressed': String(v === view), onclick: () => set({ view: v }) }, t(label)))),
    sortOptions ? h('label', { class: 'inline' }, h('span', {}, t('library.sort')),
      h('select', { onchange: (e) => set({ sort: e.target.value }) }, sortOptions.map(([s, label]) => h('option', { value: s, selected: s === sort }, t(label))))) : null);
  const body = h('div', { class: `lib-body lib-${view}` });
  container.append(h('h1', { class: 'page-title' }, t('library.title')), controls, body);

  if (view === 'songs') {
    await load(body, () => api.get(endpoints.librarySongs({ sort })), (d) => {
      body.append(...(d.tracks.length ? [playAll(d.tracks, ctx), trackList(d.tracks, ctx)] : [emptyState()]));
    });
  } else if (view === 'albums') {
    await load(body, () => api.get(endpoints.libraryAlbums({ sort })), (d) => {
      if (!d.albums.length) { body.append(emptyState()); return; }
      body.append(playAll(d.albums.flatMap((entry) => entry.ownedTracks), ctx),
        h('ul', { class: 'card-grid lib-grid', role: 'list' }, d.albums.map((entry) => albumCover(entry, ctx))));
    });
  } else {
    await load(body, () => api.get(endpoints.libraryArtists), (d) => {
      if (!d.artists.length) { body.append(emptyState()); return; }
      const chosen = d.artists.find((x) => x.artist.id === route.query.get('artist')) || d.artists[0];
      const list = h('nav', { class: 'split-list', 'aria-label': t('library.artists') }, h('ul', { role: 'list' }, d.artists.map((x) =>
        h('li', {}, h('a', {
          href: `#/library?view=artists&artist=${encodeURIComponent(x.artist.id)}`,
          'aria-current': x === chosen ? 'true' : undefined,
        }, artwork(x.artist.imageUrl, 100, 'art art-sm round'), h('span', {}, x.artist.name))))));
      const detail = h('section', { class: 'split-detail', 'aria-label': chosen.artist.name },
        h('h2', { class: 'split-title' }, chosen.artist.name),
        chosen.albums.map((entry) => albumBlock(entry, ctx)));
      body.append(h('div', { class: 'split' }, list, detail));
    });
  }
}
