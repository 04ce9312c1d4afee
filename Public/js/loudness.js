// Loudness normalisation (SPEC M8): the gain the player applies to a song, by the rule the server
// states in SoTubeCore's `Loudness.playbackGainDB()`: toward −14 LUFS, lowered so the true peak stays
// at or below −1 dBTP (never clipping). Album gain while a whole album plays in order; unity for songs
// not measured yet, and when the listener switches normalisation off (remembered on this device).
const KEY = 'sotube.normalise';
export const TARGET_LUFS = -14;
export const CEILING_DBTP = -1;

export function normaliseOn() {
  try { return localStorage.getItem(KEY) !== '0'; } catch { return true; }
}

export function setNormalise(on) {
  try { localStorage.setItem(KEY, on ? '1' : '0'); } catch { /* storage off: on for this visit */ }
}

/** The gain in dB for `track`; `album` uses the album's values when the server has them. */
export function gainDb(track, { album = false } = {}) {
  const l = track?.loudness;
  if (!normaliseOn() || !l) return 0;
  const useAlbum = album && Number.isFinite(l.albumIntegratedLufs) && Number.isFinite(l.albumTruePeakDb);
  const integrated = useAlbum ? l.albumIntegratedLufs : l.integratedLufs;
  const peak = useAlbum ? l.albumTruePeakDb : l.truePeakDb;
  if (!Number.isFinite(integrated) || !Number.isFinite(peak)) return 0;
  return Math.min(TARGET_LUFS - integrated, CEILING_DBTP - peak);
}
