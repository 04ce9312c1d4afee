// The public song page (/song/{id}?t=83, SharePageController.swift): the audio starts at the
// shared moment, and "Open in SoTube" keeps it (the app's #/song/{id}?t=83 plays from there).
// A file, not an inline script: the Content-Security-Policy allows scripts from the server only.
(() => {
  const moment = new URLSearchParams(location.search).get('t');
  const open = document.querySelector('a[href^="/#/song/"]');
  if (open && moment && moment.length <= 12 && !open.getAttribute('href').includes('?')) {
    open.setAttribute('href', `${open.getAttribute('href')}?t=${encodeURIComponent(moment)}`);
  }
  const audio = document.getElementById('audio');
  const start = Number(audio?.dataset.start) || 0;
  if (!start) return;
  const seek = () => { if (audio.currentTime < start - 0.5 && audio.seekable.length) audio.currentTime = start; };
  audio.addEventListener('loadedmetadata', seek);
  audio.addEventListener('play', seek, { once: true });
  if (audio.readyState >= 1) seek(); // the metadata came before this script
})();
