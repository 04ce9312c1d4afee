// Controls for what the user owns (SPEC P9, M9): Download links and "Make available offline"
// with its progress and badge. Shown only on owned songs and on albums with owned songs.
import * as endpoints from './endpoints.js';
import { t } from './i18n.js';
import { h, icon, toast } from './ui.js';
import { offlineBadge } from './track-list.js';
import { state } from './state.js';
import { isSaved, offlineSupported, saveTracks } from './offline.js';
import { isPreOrder } from './release-date.js';

/**
 * Download of one owned song's file. When the song was imported in another format than the MP3 it
 * plays from (FLAC, Ogg…), both are offered: "Download FLAC" and "Download MP3".
 */
export function downloadSong(track) {
  if (isPreOrder(track)) return null; // a pre-order: nothing to download before the release date
  const link = (format, label) => h('a', { class: 'btn btn-download', href: endpoints.trackDownload(track.id, { format }), download: '', title: t('download.songTitle', { title: track.title }) },
    icon('download'), h('span', {}, label));
  const original = link(null, t('download.song'));
  const slot = h('span', { class: 'owned-actions' }, original);
  fetch(endpoints.trackDownload(track.id), { method: 'HEAD', credentials: 'same-origin' }).then((response) => {
    const formats = (response.headers.get('X-SoTube-Formats') || '').split(',').map((f) => f.trim()).filter(Boolean);
    if (!response.ok || formats.length < 2) return;
    original.lastChild.textContent = t('download.format', { format: formats[0].toUpperCase() });
    slot.append(link('mp3', t('download.format', { format: 'MP3' })));
  }).catch(() => { /* the plain Download link stays */ });
  return slot;
}

/**
 * Download of the owned songs of an album as one ZIP; when a song came in another format than MP3
 * (its first owned song tells), the ZIP is offered in both: "Download album (FLAC)" and "(MP3)".
 */
export function downloadAlbum(album, tracks) {
  const ownedTracks = tracks.filter((tr) => !isPreOrder(tr));
  if (!ownedTracks.length || isPreOrder(album)) return null;
  const link = (format, label) => h('a', { class: 'btn btn-download', href: endpoints.albumDownload(album.id, { format }), download: '', title: t('download.albumTitle', { title: album.title, n: ownedTracks.length }) },
    icon('download'), h('span', {}, label));
  const original = link(null, t('download.album'));
  const slot = h('span', { class: 'owned-actions' }, original);
  if (ownedTracks[0]) {
    fetch(endpoints.trackDownload(ownedTracks[0].id), { method: 'HEAD', credentials: 'same-origin' }).then((response) => {
      const formats = (response.headers.get('X-SoTube-Formats') || '').split(',').map((f) => f.trim()).filter(Boolean);
      if (!response.ok || formats.length < 2) return;
      original.lastChild.textContent = t('download.albumFormat', { format: formats[0].toUpperCase() });
      slot.append(link('mp3', t('download.albumFormat', { format: 'MP3' })));
    }).catch(() => { /* the plain Download album link stays */ });
  }
  return slot;
}

/**
 * "Make available offline" for the owned songs among `tracks`: a progress bar while saving, then
 * "Available offline". Nothing when none is owned or the browser cannot keep them.
 */
export function offlineControl(tracks) {
  const owned = tracks.filter((tr) => tr.owned && !isPreOrder(tr));
  if (!owned.length || !offlineSupported()) return null;
  const slot = h('span', { class: 'offline-control' });
  const done = () => slot.replaceChildren(h('span', { class: 'offline-done', role: 'status' }, icon('offline'), h('span', {}, t('offline.available'))));
  if (owned.every((tr) => isSaved(tr.id))) { done(); return slot; }
  const button = h('button', { class: 'btn btn-offline', type: 'button', onclick: async () => {
    const bar = h('progress', { max: 100, value: 0, 'aria-label': t('offline.saving') });
    const label = h('span', { class: 'offline-percent' }, t('offline.savingPercent', { n: 0 }));
    slot.replaceChildren(h('span', { class: 'offline-progress', role: 'status' }, label, bar));
    try {
      await saveTracks(owned, state.me, {
        onProgress: (fraction) => {
          const n = Math.round(fraction * 100);
          bar.value = n;
          label.textContent = t('offline.savingPercent', { n });
        },
      });
      done();
      toast(t('offline.saved', { n: owned.length }), 'success');
      document.querySelectorAll('.track-row').forEach((row) => {
        if (isSaved(row.dataset.trackId) && !row.querySelector('.offline-badge')) {
          row.querySelector('.track-meta')?.append(offlineBadge({ id: row.dataset.trackId }));
        }
      });
    } catch (error) {
      slot.replaceChildren(button);
      toast(error?.name === 'QuotaExceededError' ? t('offline.full') : t('offline.failed'), 'error');
    }
  } }, icon('offline'), h('span', {}, t('offline.make')));
  slot.append(button);
  return slot;
}
