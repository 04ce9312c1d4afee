// The player outside the page: what the lock screen and media keys show and control (Media
// Session), and playing on another device (Remote Playback).

export function showNowPlaying(track) {
  if (!('mediaSession' in navigator)) return;
  navigator.mediaSession.metadata = new MediaMetadata({
    title: track.title, artist: track.artistName, album: track.albumTitle,
    artwork: [100, 300, 600].map((size) => ({ src: track.artworkUrl.replace(/size=\d+/, `size=${size}`), sizes: `${size}x${size}`, type: 'image/jpeg' })),
  });
}

/** `playing()` gives the <audio> playing now (the player swaps two for gapless albums). */
export function handleMediaKeys(playing, { toggle, step }) {
  if (!('mediaSession' in navigator)) return;
  const handlers = {
    play: () => toggle(), pause: () => playing().pause(),
    previoustrack: () => step(-1), nexttrack: () => step(1),
    seekto: (d) => { playing().currentTime = d.seekTime; },
  };
  for (const [action, fn] of Object.entries(handlers)) {
    try { navigator.mediaSession.setActionHandler(action, fn); } catch { /* not supported here */ }
  }
}

/** Shows `button` only while a device to play on is available. */
export function watchCastTargets(audio, button) {
  const remote = audio.remote;
  if (!remote || typeof remote.watchAvailability !== 'function') return;
  remote.watchAvailability((available) => { button.hidden = !available; }).catch(() => { button.hidden = true; });
}

export function castPrompt(audio) { audio.remote?.prompt().catch(() => {}); }
