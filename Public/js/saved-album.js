// An album page opened offline (issue 32 #9): the songs of it saved on this device, playable, under
// the one note saying so (the offline banner steps aside for it), instead of only "Try again".
import { t } from './i18n.js';
import { h, icon } from './ui.js';
import { artwork } from './cards.js';
import { trackList } from './track-list.js';
import { savedTracks } from './offline.js';

/** For load()'s fetcher: the album's saved songs when the network failed and some are saved, else rethrows. */
export function savedAlbumOr(error, albumId) {
  const tracks = error?.status === 0 ? savedTracks().filter((track) => track.albumId === albumId) : [];
  if (!tracks.length) throw error;
  const order = (track) => (track.discNumber || 1) * 10000 + (track.trackNumber || 0);
  return { savedOffline: tracks.sort((a, b) => order(a) - order(b)) };
}

/** Draws them: the album's title and artist as saved, Play all, the songs. */
export function savedAlbum(container, tracks, ctx) {
  const first = tracks[0];
  container.append(
    h('header', { class: 'hero' },
      artwork(first.artworkUrl, 600, 'art hero-art'),
      h('div', { class: 'hero-text' },
        h('h1', {}, first.albumTitle),
        h('p', { class: 'hero-sub' }, first.artistName),
        h('div', { class: 'hero-actions' },
          h('button', { class: 'btn btn-primary', type: 'button', onclick: () => ctx.play(tracks, 0) }, icon('play'), h('span', {}, t('album.playAll')))))),
    h('p', { class: 'notice notice-info offline-note', role: 'status', id: 'offline-album' }, t('offline.libraryNote')),
    trackList(tracks, ctx, { showArt: false, numbered: true }));
}
