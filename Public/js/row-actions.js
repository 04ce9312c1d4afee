// What a song's row menu offers (issue 32 #16): Play next, Add to queue, Add to playlist… (signed in),
// Go to album, Go to artist, Share and, for its owner, Download and the offline copy. row-menu.js draws the menu.
import * as endpoints from './endpoints.js';
import { t } from './i18n.js';
import { toast } from './ui.js';
import { state, isOwned } from './state.js';
import { isPreOrder } from './release-date.js';
import { queue, current } from './queue.js';
import { CACHE, isSaved, offlineSupported, readIndex, writeIndex, saveTracks } from './offline.js';
import { offlineBadge } from './track-list.js';

/**
 * The items for `track`: {key, href?, download?, run?}, `key` naming its text (listening-*.js).
 * `ctx.play` starts a queue when nothing plays.
 */
export function rowActions(track, ctx) {
  const owned = isOwned(track) && !isPreOrder(track); // a pre-order has nothing to download before its date
  const items = [
    { key: 'menu.playNext', run: () => enqueue(track, true, ctx) },
    { key: 'menu.addToQueue', run: () => enqueue(track, false, ctx) },
    // A buyer's own playlists (issue 32 #17): playlist-picker.js.
    state.me ? { key: 'menu.addToPlaylist', run: () => import('./playlist-picker.js').then((m) => m.addToPlaylist(track)) } : null,
    { key: 'menu.goAlbum', href: `#/album/${encodeURIComponent(track.albumId)}` },
    { key: 'menu.goArtist', href: `#/artist/${encodeURIComponent(track.artistId)}` },
    { key: 'menu.share', run: () => import('./sharing.js').then((m) => m.shareTrack(track)) },
  ].filter(Boolean);
  if (owned) items.push({ key: 'menu.download', href: endpoints.trackDownload(track.id), download: true });
  if (owned && offlineSupported()) {
    items.push(isSaved(track.id)
      ? { key: 'menu.removeOffline', run: () => removeOffline(track) }
      : { key: 'menu.makeOffline', run: () => saveOffline(track) });
  }
  return items;
}

/**
 * Puts `track` right after the playing song (`next`) or at the end of the queue; with nothing
 * playing, it plays. Shuffle keeps it: it is in the order shuffle goes back to as well.
 */
export function enqueue(track, next, ctx) {
  const playing = current();
  if (!playing) { ctx.play([track], 0); return; }
  const copy = { ...track };
  queue.tracks.splice(next ? queue.index + 1 : queue.tracks.length, 0, copy);
  if (queue.unshuffled) {
    const at = queue.unshuffled.indexOf(playing);
    queue.unshuffled.splice(next && at >= 0 ? at + 1 : queue.unshuffled.length, 0, copy);
  }
  import('./player-view.js').then((m) => m.queueChanged()).catch(() => {});
  toast(t(next ? 'menu.playingNext' : 'menu.queued', { title: track.title }), 'success');
}

/** The "Offline" mark on every row of `id`, or none. */
function markRows(id, saved) {
  document.querySelectorAll(`.track-row[data-track-id="${CSS.escape(id)}"]`).forEach((row) => {
    const badge = row.querySelector('.offline-badge');
    if (!saved) badge?.remove();
    else if (!badge) row.querySelector('.track-meta')?.append(offlineBadge({ id }));
  });
}

async function saveOffline(track) {
  toast(t('menu.savingOffline', { title: track.title }));
  try {
    const saved = await saveTracks([{ ...track, owned: true }], state.me);
    if (!saved) throw new Error('not saved');
    markRows(track.id, true);
    toast(t('offline.saved', { n: 1 }), 'success');
  } catch (error) {
    toast(error?.name === 'QuotaExceededError' ? t('offline.full') : t('offline.failed'), 'error');
  }
}

/** Forgets one saved song: its audio leaves the cache (the artwork stays for its album's other songs). */
async function removeOffline(track) {
  const index = readIndex();
  delete index.tracks[track.id];
  writeIndex(index);
  try { await (await caches.open(CACHE)).delete(endpoints.trackAudio(track.id)); } catch { /* the list no longer names it */ }
  markRows(track.id, false);
  toast(t('menu.offlineRemoved', { title: track.title }), 'success');
}
