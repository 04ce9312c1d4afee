// My Music (SPEC L1–L3): Songs / Albums / Artists with the seed's sorts and Recently added; artists split
// view; a filter box and "Saved offline only" narrow what each view shows. Playlists: the buyer's own
// (js/playlists-view.js, loaded when shown).
import { api } from '../api.js';
import * as endpoints from '../endpoints.js';
import { t } from '../i18n.js';
import { h, icon, load, append } from '../ui.js';
import { artwork } from '../cards.js';
import { trackList, offlineBadge } from '../track-list.js';
import { go } from '../router.js';
import { state } from '../state.js';
import { savedTracks, isSaved } from '../offline.js';
import { downloadAlbum, offlineControl } from '../owned.js';
import { loadLibraryExtras } from '../library-extras.js';

const views = [['albums', 'library.albums'], ['songs', 'library.songs'], ['artists', 'library.artists'], ['playlists', 'library.playlists']];
// "recent" (Recently added) is not the server's: its default order, then newest purchase first.
const sorts = {
  albums: [['artist', 'library.sortArtist'], ['name', 'library.sortAlbum'], ['recent', 'library.sortRecent']],
  songs: [['default', 'library.sortDefault'], ['name', 'library.sortName'], ['recent', 'library.sortRecent']],
};

const fold = (text) => String(text || '').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
/** Whether every word of the filter is in one of the texts (accents and case ignored). */
const matches = (words, ...texts) => { const hay = fold(texts.join(' \u0001 ')); return words.every((w) => hay.includes(w)); };
const trackText = (tr) => [tr.title, tr.artistName, tr.albumTitle];

/** When each owned song was bought: track id → [purchase time, place in the history (0 = newest)]. */
async function purchaseTimes() {
  const { purchases = [] } = await api.get(endpoints.purchases);
  const times = new Map();
  purchases.forEach((p, i) => (p.trackIds || []).forEach((id) => { if (!times.has(id)) times.set(id, [p.createdAt || '', i]); }));
  return times;
}

/** `items` newest purchase first (ties keep the server's order); ids(item) → its song ids. */
function newestFirst(items, ids, times) {
  const newest = (item) => ids(item).map((id) => times.get(id)).filter(Boolean)
    .reduce((best, x) => (!best || x[0] > best[0] || (x[0] === best[0] && x[1] < best[1]) ? x : best), null);
  return items.map((item, i) => [item, newest(item), i]).sort(([, a, i], [, b, j]) => {
    if (a && b && a[0] !== b[0]) return a[0] > b[0] ? -1 : 1;
    if (a && b && a[1] !== b[1]) return a[1] - b[1];
    return (a ? 0 : 1) - (b ? 0 : 1) || i - j;
  }).map(([item]) => item);
}

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
      partOwned(entry),
      h('div', { class: 'lib-album-actions' }, downloadAlbum(a, entry.ownedTracks), offlineControl(entry.ownedTracks.map((tr) => ({ ...tr, owned: true }))))),
    trackList(entry.ownedTracks, ctx, { showArt: false, numbered: true }));
}

/** "3 of 10 songs owned" under an album the buyer owns only part of (nothing when every song is owned). */
function partOwned(entry) {
  const n = entry.ownedTracks.length;
  return n < entry.album.trackCount ? h('p', { class: 'card-sub lib-part' }, t('library.ownedOf', { owned: n, n: entry.album.trackCount })) : null;
}

/**
 * An owned album in the cover grid: its cover and title lead to the album; Play plays its owned songs;
 * one menu holds Download and Make available offline (built when it is first opened).
 */
function albumCover(entry, ctx) {
  const a = entry.album;
  const id = `lib-album-${a.id}`;
  const owned = entry.ownedTracks.map((tr) => ({ ...tr, owned: true }));
  const panel = h('div', { class: 'lib-menu-panel' });
  const menu = h('details', { class: 'lib-menu' },
    h('summary', { class: 'btn', 'aria-label': t('library.albumMenu', { title: a.title }) }, icon('download'), h('span', { 'aria-hidden': 'true' }, t('download.song')), h('span', { class: 'lib-menu-caret', 'aria-hidden': 'true' }, '▾')),
    panel);
  menu.addEventListener('toggle', () => {
    if (menu.open && !panel.childElementCount) panel.append(...[downloadAlbum(a, entry.ownedTracks), offlineControl(owned)].filter(Boolean));
  });
  menu.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && menu.open) { e.stopPropagation(); menu.open = false; menu.querySelector('summary').focus(); }
  });
  const saved = owned.length && owned.every((tr) => isSaved(tr.id));
  return h('li', { class: 'lib-album lib-cover', 'aria-labelledby': id },
    h('div', { class: 'lib-cover-art' },
      h('a', { href: `#/album/${encodeURIComponent(a.id)}`, tabindex: '-1', 'aria-hidden': 'true' }, artwork(a.artworkUrl, 300, 'art', { shown: 200 })),
      h('button', { class: 'icon-btn cover-play', type: 'button', 'aria-label': t('track.playTitle', { title: a.title }), onclick: () => ctx.play(entry.ownedTracks, 0) }, icon('play'))),
    h('h2', { id }, h('a', { href: `#/album/${encodeURIComponent(a.id)}` }, a.title)),
    h('p', { class: 'card-sub' }, a.artistName),
    partOwned(entry),
    saved ? offlineBadge({ id: owned[0].id }) : null,
    h('div', { class: 'lib-album-actions' }, menu));
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
  await loadLibraryExtras();
  const view = views.some(([v]) => v === route.query.get('view')) ? route.query.get('view') : 'albums';
  const sortOptions = sorts[view];
  const sort = sortOptions?.some(([s]) => s === route.query.get('sort')) ? route.query.get('sort') : sortOptions?.[0][0];
  let filter = route.query.get('q') || '';
  let savedOnly = route.query.get('saved') === '1';
  const params = (change = {}) => {
    const p = new URLSearchParams({ view, ...(sort ? { sort } : {}), ...(filter ? { q: filter } : {}), ...(savedOnly ? { saved: '1' } : {}), ...change });
    if (change.view) { p.delete('sort'); p.delete('artist'); }
    if (route.query.get('artist') && !change.view && !change.artist) p.set('artist', route.query.get('artist'));
    return p;
  };
  const set = (change) => go(`#/library?${params(change)}`, { replace: true });
  let paint = () => {};
  let typing = null;
  const filterBox = h('input', {
    type: 'search', class: 'lib-filter', value: filter, placeholder: t('library.filter'), 'aria-label': t('library.filter'),
    autocomplete: 'off', spellcheck: 'false', enterkeyhint: 'search',
  });
  filterBox.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(() => {
      filter = filterBox.value;
      history.replaceState(null, '', `#/library?${params()}`);
      paint();
    }, 120);
  });
  const savedBox = h('input', { type: 'checkbox', checked: savedOnly, onchange: (e) => {
    savedOnly = e.target.checked;
    history.replaceState(null, '', `#/library?${params()}`);
    paint();
  } });
  const controls = h('div', { class: 'lib-controls' },
    h('div', { class: 'segmented', role: 'group', 'aria-label': t('library.view') }, views.map(([v, label]) =>
      h('button', { type: 'button', 'aria-pressed': String(v === view), onclick: () => set({ view: v }) }, t(label)))),
    sortOptions ? h('label', { class: 'inline' }, h('span', {}, t('library.sort')),
      h('select', { onchange: (e) => set({ sort: e.target.value }) }, sortOptions.map(([s, label]) => h('option', { value: s, selected: s === sort }, t(label))))) : null);
  const filters = h('div', { class: 'lib-filters', role: 'search' }, filterBox,
    h('label', { class: 'check' }, savedBox, h('span', {}, t('library.savedOnly'))));
  const body = h('div', { class: `lib-body lib-${view}` });
  append(container, h('h1', { class: 'page-title' }, t('library.title')), controls, view === 'playlists' ? null : filters, body);
  const words = () => fold(filter).split(/\s+/).filter(Boolean);
  const noMatch = () => h('p', { class: 'empty lib-no-match', role: 'status' }, t('library.noMatch'));
  const serverSort = sort === 'recent' ? sortOptions[0][0] : sort;
  const times = () => (sort === 'recent' ? purchaseTimes() : null);

  if (view === 'playlists') {
    await (await import('../playlists-view.js')).playlistsView(body);
  } else if (view === 'songs') {
    await load(body, () => Promise.all([api.get(endpoints.librarySongs({ sort: serverSort })), times()]), ([d, bought]) => {
      if (!d.tracks.length) { body.append(emptyState()); return; }
      const all = bought ? newestFirst(d.tracks, (tr) => [tr.id], bought) : d.tracks;
      paint = () => {
        const w = words();
        const shown = all.filter((tr) => (!savedOnly || isSaved(tr.id)) && matches(w, ...trackText(tr)));
        body.replaceChildren(...(shown.length ? [playAll(shown, ctx), trackList(shown, ctx)] : [noMatch()]));
      };
      paint();
    });
  } else if (view === 'albums') {
    await load(body, () => Promise.all([api.get(endpoints.libraryAlbums({ sort: serverSort })), times()]), ([d, bought]) => {
      if (!d.albums.length) { body.append(emptyState()); return; }
      const all = bought ? newestFirst(d.albums, (e) => e.ownedTracks.map((tr) => tr.id), bought) : d.albums;
      const covers = new Map();
      paint = () => {
        const w = words();
        const shown = all.filter((e) => (!savedOnly || e.ownedTracks.some((tr) => isSaved(tr.id)))
          && matches(w, e.album.title, e.album.artistName, ...e.ownedTracks.map((tr) => tr.title)));
        if (!shown.length) { body.replaceChildren(noMatch()); return; }
        for (const e of shown) if (!covers.has(e)) covers.set(e, albumCover(e, ctx));
        body.replaceChildren(playAll(shown.flatMap((e) => e.ownedTracks), ctx),
          h('ul', { class: 'card-grid lib-grid', role: 'list' }, shown.map((e) => covers.get(e))));
      };
      paint();
    });
  } else {
    await load(body, () => api.get(endpoints.libraryArtists), (d) => {
      if (!d.artists.length) { body.append(emptyState()); return; }
      paint = () => {
        const w = words();
        // An artist stays when their name matches (all their albums) or one of their albums or songs does.
        const found = d.artists.map((x) => {
          const albums = x.albums.filter((e) => (!savedOnly || e.ownedTracks.some((tr) => isSaved(tr.id)))
            && (matches(w, x.artist.name) || matches(w, e.album.title, ...e.ownedTracks.map((tr) => tr.title))));
          return albums.length ? { ...x, albums } : null;
        }).filter(Boolean);
        if (!found.length) { body.replaceChildren(noMatch()); return; }
        const chosen = found.find((x) => x.artist.id === route.query.get('artist')) || found[0];
        const list = h('nav', { class: 'split-list', 'aria-label': t('library.artists') }, h('ul', { role: 'list' }, found.map((x) =>
          h('li', {}, h('a', {
            href: `#/library?${params({ artist: x.artist.id })}`,
            'aria-current': x === chosen ? 'true' : undefined,
          }, artwork(x.artist.imageUrl, 100, 'art art-sm round'), h('span', {}, x.artist.name))))));
        const detail = h('section', { class: 'split-detail', 'aria-label': chosen.artist.name },
          h('h2', { class: 'split-title' }, chosen.artist.name),
          chosen.albums.map((entry) => albumBlock(entry, ctx)));
        body.replaceChildren(h('div', { class: 'split' }, list, detail));
      };
      paint();
    });
  }
}
