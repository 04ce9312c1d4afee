// The play queue: the songs, the one playing, shuffle and repeat, and their copy in localStorage
// so a reload finds the same queue (for the same user only).
const KEY = 'sotube.queue';
const KEPT = ['id', 'title', 'artistId', 'artistName', 'albumId', 'albumTitle', 'artworkUrl', 'audioUrl', 'durationMs', 'previewSeconds', 'price', 'owned', 'explicit', 'trackNumber', 'discNumber', 'loudness', 'ready', 'withdrawn'];

export const queue = {
  tracks: [],
  index: -1,
  shuffle: false,
  repeat: 'off', // 'off' | 'all' | 'one'
  unshuffled: null, // the order before shuffle was switched on
};

export function current() { return queue.tracks[queue.index] || null; }

export function setQueue(tracks, index) {
  queue.tracks = tracks.slice();
  queue.index = index;
  queue.unshuffled = null;
  if (queue.shuffle) shuffleUpcoming();
}

/** The index `delta` steps away, following repeat; -1 when the queue ends there. */
export function neighbour(delta) {
  const n = queue.tracks.length;
  if (!n) return -1;
  const next = queue.index + delta;
  if (next >= 0 && next < n) return next;
  return queue.repeat === 'all' ? (next + n) % n : -1;
}

function shuffleUpcoming() {
  queue.unshuffled = queue.tracks.slice();
  const head = queue.tracks.slice(0, queue.index + 1);
  const rest = queue.tracks.slice(queue.index + 1);
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [rest[i], rest[j]] = [rest[j], rest[i]];
  }
  queue.tracks = head.concat(rest);
}

export function toggleShuffle() {
  queue.shuffle = !queue.shuffle;
  if (queue.shuffle) shuffleUpcoming();
  else if (queue.unshuffled) {
    // Back to the original order, still playing the same song.
    const playing = current();
    const kept = new Set(queue.tracks.map((t) => t.id));
    queue.tracks = queue.unshuffled.filter((t) => kept.has(t.id));
    queue.index = Math.max(0, queue.tracks.findIndex((t) => t === playing));
    queue.unshuffled = null;
  }
}

export function cycleRepeat() {
  queue.repeat = { off: 'all', all: 'one', one: 'off' }[queue.repeat] || 'off';
}

/** Moves the upcoming song at `from` by `delta` places (never before the playing one). */
export function move(from, delta) {
  const to = from + delta;
  if (from <= queue.index || to <= queue.index || to >= queue.tracks.length) return false;
  const [track] = queue.tracks.splice(from, 1);
  queue.tracks.splice(to, 0, track);
  return true;
}

export function remove(at) {
  if (at === queue.index || at < 0 || at >= queue.tracks.length) return false;
  queue.tracks.splice(at, 1);
  if (at < queue.index) queue.index -= 1;
  return true;
}

export function clearQueue() {
  queue.tracks = [];
  queue.index = -1;
  queue.unshuffled = null;
}

export function saveQueue(owner, position) {
  try {
    if (!queue.tracks.length) { localStorage.removeItem(KEY); return; }
    const tracks = queue.tracks.map((t) => Object.fromEntries(KEPT.filter((k) => k in t).map((k) => [k, t[k]])));
    localStorage.setItem(KEY, JSON.stringify({ owner, tracks, index: queue.index, position, shuffle: queue.shuffle, repeat: queue.repeat }));
  } catch { /* storage full or off: the queue just does not survive a reload */ }
}

/** The saved queue when it belongs to `owner` (a user id, or null for a guest); else null. */
export function loadQueue(owner) {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || 'null');
    if (!saved || saved.owner !== owner || !Array.isArray(saved.tracks) || !saved.tracks.length) return null;
    queue.tracks = saved.tracks;
    queue.index = Math.min(Math.max(0, saved.index | 0), saved.tracks.length - 1);
    queue.shuffle = !!saved.shuffle;
    queue.repeat = ['off', 'all', 'one'].includes(saved.repeat) ? saved.repeat : 'off';
    queue.unshuffled = null;
    return { position: Number(saved.position) || 0 };
  } catch {
    return null;
  }
}
