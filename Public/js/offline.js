// Offline playback (SPEC M9): owned songs' audio and artwork in the browser's Cache API; the
// service worker (sw.js) answers audio requests from it, Range included, so seeking works offline.
// The list of what is saved (and who saved it) is kept in localStorage beside it.
import * as endpoints from './endpoints.js';

export const CACHE = 'sotube-offline-v1';
const INDEX = 'sotube.offline.v1';
const listeners = new Set();

export function readIndex() {
  try {
    const index = JSON.parse(localStorage.getItem(INDEX) || 'null');
    if (index && typeof index === 'object' && index.tracks) return index;
  } catch { /* a damaged index counts as empty */ }
  return { me: null, tracks: {} };
}

export function writeIndex(index) {
  localStorage.setItem(INDEX, JSON.stringify(index));
  listeners.forEach((fn) => fn());
}

/** Called whenever what is saved changes. */
export function onOfflineChange(fn) { listeners.add(fn); }

export const offlineSupported = () => 'caches' in window && 'serviceWorker' in navigator;
export const isSaved = (trackId) => !!readIndex().tracks[trackId];

/** The account that saved the songs (shown when the server cannot be reached), or null. */
export const savedMe = () => readIndex().me;

/** Saved songs in My Music's default order: artist › album › disc › track. */
export function savedTracks() {
  const key = (t) => [t.artistName, t.albumTitle, String(t.discNumber || 1).padStart(3, '0'), String(t.trackNumber || 0).padStart(4, '0')].join('\u0001').toLowerCase();
  return Object.values(readIndex().tracks).map((entry) => entry.track).sort((a, b) => key(a).localeCompare(key(b)));
}

/** { songs, bytes } saved on this device. */
export function usage() {
  const entries = Object.values(readIndex().tracks);
  return { songs: entries.length, bytes: entries.reduce((sum, e) => sum + (e.bytes || 0), 0) };
}

const artworkSizes = [100, 300, 600];
const artworkUrls = (track) => artworkSizes.map((size) => track.artworkUrl.replace(/size=\d+/, `size=${size}`));

/** Reads a response's body, reporting bytes as they arrive; → Blob. */
async function readWithProgress(response, onBytes) {
  if (!response.body) { const blob = await response.blob(); onBytes(blob.size); return blob; }
  const reader = response.body.getReader();
  const parts = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    onBytes(value.byteLength);
  }
  return new Blob(parts, { type: response.headers.get('Content-Type') || 'audio/mpeg' });
}

/**
 * Saves the owned songs among `tracks` (audio and artwork). onProgress(fraction 0…1) while saving.
 * Songs the server answers with only a preview are not saved. → number of songs saved.
 */
export async function saveTracks(tracks, me, { onProgress = () => {} } = {}) {
  const wanted = tracks.filter((t) => t.owned);
  const cache = await caches.open(CACHE);
  const total = wanted.reduce((sum, t) => sum + Math.max(1, Math.round((t.durationMs || 1000) / 1000) * 24000), 0);
  let done = 0;
  let saved = 0;
  for (const track of wanted) {
    const expected = Math.max(1, Math.round((track.durationMs || 1000) / 1000) * 24000);
    let counted = 0;
    const response = await fetch(endpoints.trackAudio(track.id), { credentials: 'same-origin', cache: 'no-store' });
    if (!response.ok || response.headers.get('X-SoTube-Rendition') !== 'full') {
      done += expected;
      onProgress(Math.min(1, done / total));
      continue;
    }
    const length = Number(response.headers.get('Content-Length')) || expected;
    const blob = await readWithProgress(response, (n) => {
      counted += n;
      onProgress(Math.min(1, (done + (expected * Math.min(counted, length)) / length) / total));
    });
    await cache.put(endpoints.trackAudio(track.id), new Response(blob, {
      headers: { 'Content-Type': blob.type, 'Content-Length': String(blob.size), 'X-SoTube-Rendition': 'full' },
    }));
    let artBytes = 0;
    for (const url of artworkUrls(track)) {
      if (await cache.match(url)) continue;
      const art = await fetch(url, { credentials: 'same-origin' }).catch(() => null);
      if (art?.ok) {
        const copy = await art.blob();
        artBytes += copy.size;
        await cache.put(url, new Response(copy, { headers: { 'Content-Type': 'image/jpeg' } }));
      }
    }
    const index = readIndex();
    index.me = me ? { id: me.id, username: me.username, email: me.email, displayName: me.displayName, coins: me.coins, ownedCount: me.ownedCount, landing: 'library' } : index.me;
    index.tracks[track.id] = { track: { ...track, owned: true }, bytes: blob.size + artBytes, savedAt: Date.now() };
    writeIndex(index);
    done += expected;
    saved += 1;
    onProgress(Math.min(1, done / total));
  }
  onProgress(1);
  return saved;
}

/** Removes every saved song, its artwork and the list (log-out, password change, "Remove all"). */
export async function removeAllOffline() {
  localStorage.removeItem(INDEX);
  if ('caches' in window) await caches.delete(CACHE).catch(() => {});
  listeners.forEach((fn) => fn());
}
