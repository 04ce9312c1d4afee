// The public song page (/song/{id}?t=83, SharePageController.swift): the audio starts at the
// shared moment ("Open in SoTube" keeps it: the server writes #/song/{id}?t=83 into the link).
// A file, not an inline script: the Content-Security-Policy allows scripts from the server only.
(() => {
  const audio = document.getElementById('audio');
  const start = Number(audio?.dataset.start) || 0;
  if (!start) return;
  const seek = () => { if (audio.currentTime < start - 0.5 && audio.seekable.length) audio.currentTime = start; };
  audio.addEventListener('loadedmetadata', seek);
  audio.addEventListener('play', seek, { once: true });
  if (audio.readyState >= 1) seek(); // the metadata came before this script
})();
