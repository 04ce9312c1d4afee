// Loudness normalisation (SPEC M8): the player applies the gain the server sends with each song
// (`loudness.trackGainDb`, and `loudness.albumGainDb` while a whole album plays in order), made by
// SoTubeCore's `Loudness.playbackGainDB()`: toward −14 LUFS, lowered so the true peak stays at or
// below −1 dBTP (never clipping). Unity for songs not measured yet, and when the listener switches
// normalisation off (remembered on this device).
const KEY = 'sotube.normalise';

export function normaliseOn() {
  try { return localStorage.getItem(KEY) !== '0'; } catch { return true; }
}

export function setNormalise(on) {
  try { localStorage.setItem(KEY, on ? '1' : '0'); } catch { /* storage off: on for this visit */ }
}

/** The gain in dB for `track`; `album` uses the album's gain when the server has one. */
export function gainDb(track, { album = false } = {}) {
  const l = track?.loudness;
  if (!normaliseOn() || !l) return 0;
  const gain = album && Number.isFinite(l.albumGainDb) ? l.albumGainDb : l.trackGainDb;
  return Number.isFinite(gain) ? gain : 0;
}
