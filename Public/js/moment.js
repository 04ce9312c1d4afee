// Moments of a song (SPEC M10, issue 32 #18): a typed start time ("1:05", "65"), where the player is
// in a song, and playing a song from a moment (`#/song/{id}?t=65`, the share page's "Open in SoTube").
import { current } from './queue.js';

/** Seconds of "65", "1:05", "1:02:05" or "1m5s" (as the share page reads `t`); 0 for an empty text;
 *  null when it is not a time. */
export function parseTime(text) {
  const s = String(text ?? '').trim().toLowerCase();
  if (!s) return 0;
  if (/^\d{1,6}(\.\d*)?$/.test(s)) return Math.floor(Number(s));
  let m = /^(?:(\d{1,2}):)?(\d{1,3}):([0-5]\d)$/.exec(s);
  if (m) return Number(m[1] || 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  m = /^(?:(\d{1,2})h)?(?:(\d{1,3})m)?(?:(\d{1,5})s)?$/.exec(s);
  return m ? Number(m[1] || 0) * 3600 + Number(m[2] || 0) * 60 + Number(m[3] || 0) : null;
}

/** The <audio> element (the player's or its spare) holding `track`, if any. */
function deckOf(track) {
  return [...document.querySelectorAll('audio')].find((a) => a.src && a.src.includes(track.audioUrl)) || null;
}

/** Whole seconds into `track` when it is the player's song, else 0. */
export function positionOf(track) {
  if (current()?.id !== track.id) return 0;
  return Math.floor(deckOf(track)?.currentTime || 0);
}

/** True while `track` is the player's song and plays. */
export function isPlaying(track) {
  const el = current()?.id === track.id ? deckOf(track) : null;
  return !!el && !el.paused;
}

/** Where a moment starts for the caller: a preview (a cut of the song's start) past its end starts at 0. */
export function startFor(track, seconds, owned) {
  const limit = owned ? (track.durationMs || 0) / 1000 : (track.previewSeconds || 30);
  return seconds > 0 && seconds < limit - 1 ? Math.floor(seconds) : 0;
}

/** Plays `track` alone from `seconds` in: the player loads it, then it is moved there once it can seek. */
export function playFrom(ctx, track, seconds) {
  ctx.play([track], 0);
  if (!(seconds > 0)) return;
  const until = Date.now() + 60000; // autoplay may be refused: the listener presses Play meanwhile
  let moved = false; // (the deck may still hold the song's previous load, elsewhere)
  const step = () => {
    if (current()?.id !== track.id || Date.now() > until) return;
    const el = deckOf(track);
    if (el && el.readyState >= 1 && el.seekable.length && el.seekable.end(el.seekable.length - 1) >= seconds) {
      if (el.currentTime < seconds - 0.5) { el.currentTime = seconds; moved = true; } else if (moved && !el.paused) return; // there: done
    }
    setTimeout(step, 100);
  };
  step();
}
