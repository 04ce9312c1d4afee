// Loaded on the first play: the player's sound path. Both <audio> elements (the playing #audio and
// the spare) go through Web Audio with a GainNode each, for the loudness gain (loudness.js; above
// 0 dB needs Web Audio). Gapless albums: while an owned song plays, the owned song after it on the
// same album is preloaded in the spare, which the player starts the moment the first ends; the two
// then swap roles. Previews are cuts of their songs: never joined.
import { queue, current, neighbour } from './queue.js';
import { gainDb } from './loudness.js';

let player = null; // { playing(), adopt(el), owned(track), source(track) }
let spare = null;
let spareId = null;
let context = null;
const routes = new WeakMap(); // element → GainNode

export function init(host) {
  player = host;
  spare = document.createElement('audio');
  spare.id = 'audio-spare';
  spare.preload = 'auto';
  player.playing().after(spare);
  player.adopt(spare);
}

function place(track) { return (track.discNumber || 1) * 10000 + (track.trackNumber || 0); }

/** True while two or more songs of one album play in the album's order (album gain applies). */
export function albumInOrder() {
  const tracks = queue.tracks;
  if (queue.shuffle || tracks.length < 2) return false;
  return tracks.every((t, i) => t.albumId === tracks[0].albumId && (i === 0 || place(t) > place(tracks[i - 1])));
}

/** The song that follows the playing one on its album, owned like it, or null. */
function gaplessNext() {
  const playing = current();
  if (!playing || queue.repeat === 'one' || !player.owned(playing)) return null;
  const next = queue.tracks[neighbour(1)];
  if (!next || next === playing || next.albumId !== playing.albumId || place(next) <= place(playing) || !player.owned(next)) return null;
  return next;
}

function setGain(el, track) {
  const db = gainDb(track, { album: albumInOrder() });
  el.dataset.gainDb = db.toFixed(2);
  const node = routes.get(el);
  if (node) node.gain.setValueAtTime(10 ** (db / 20), context.currentTime);
}

/** Routes both elements through the graph (once each) and resumes it: call when playing. */
export function route() {
  if (!context) {
    try { context = new (window.AudioContext || window.webkitAudioContext)(); } catch { return; }
  }
  for (const el of [player.playing(), spare]) {
    if (routes.has(el)) continue;
    try {
      const gain = context.createGain();
      context.createMediaElementSource(el).connect(gain).connect(context.destination);
      routes.set(el, gain);
    } catch { /* it plays straight out, at unity gain */ }
  }
  if (context.state === 'suspended') context.resume().catch(() => {});
}

export function forget() {
  if (!spareId) return;
  spareId = null;
  spare.pause();
  spare.removeAttribute('src');
  spare.load();
}

/** The gains of the playing and the preloaded song (after a queue or setting change), and the preload. */
export function refresh() {
  const track = current();
  if (track) setGain(player.playing(), track);
  const next = gaplessNext();
  if (!next) { forget(); return; }
  setGain(spare, next);
  if (spareId === next.id) return;
  spareId = next.id;
  spare.volume = player.playing().volume;
  spare.src = player.source(next);
}

/** When the spare holds `track`: `begin(spare)` (the player makes it the playing deck and starts
 * it), then the deck that played becomes the spare. False when it does not hold it. */
export function takeSpare(track, begin) {
  if (spareId !== track.id || !spare.getAttribute('src') || spare.error) return false;
  const was = player.playing();
  const next = spare;
  spare = was;
  spareId = null;
  begin(next);
  was.id = 'audio-spare';
  next.id = 'audio';
  was.pause();
  was.removeAttribute('src');
  was.load();
  return true;
}
