// The embeddable player's page (/embed/song|album/{id}, EmbedPage.swift): play, seek within the
// preview, next song at the end. A file, not an inline script: the pages' Content-Security-Policy
// allows scripts from the server only.
(() => {
  const audio = document.getElementById('audio'), play = document.getElementById('play');
  const seek = document.getElementById('seek'), time = document.getElementById('time');
  const rows = [...document.querySelectorAll('.row')];
  let current = -1, limit = 30;
  const clock = (s) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
  const paint = () => {
    play.textContent = audio.paused ? '▶' : '❚❚';
    // The server's words in the page's language (data-play / data-pause on the button), else English.
    play.setAttribute('aria-label', audio.paused ? play.dataset.play || 'Play' : play.dataset.pause || 'Pause');
    const total = Math.min(limit, Number.isFinite(audio.duration) ? audio.duration : limit);
    seek.max = String(total); seek.value = String(audio.currentTime);
    time.textContent = clock(audio.currentTime);
  };
  const choose = (i) => {
    current = i; limit = Number(rows[i].dataset.limit) || 30;
    rows.forEach((r, n) => r.toggleAttribute('aria-current', n === i));
    audio.src = rows[i].dataset.src;
    // A shared moment (?t=, data-start from the server): the first play starts there.
    const start = Number(rows[i].dataset.start) || 0;
    if (start > 0) {
      const seekOnce = () => { if (audio.currentTime < start - 0.5) audio.currentTime = Math.min(start, limit); };
      audio.addEventListener('loadedmetadata', seekOnce, { once: true });
      delete rows[i].dataset.start;
    }
  };
  play.addEventListener('click', () => {
    if (current < 0) choose(0);
    if (audio.paused) audio.play().catch(() => {}); else audio.pause();
  });
  rows.forEach((row, i) => row.addEventListener('click', () => { choose(i); audio.play().catch(() => {}); }));
  seek.addEventListener('input', () => { audio.currentTime = Math.min(Number(seek.value), limit); });
  ['play', 'pause', 'timeupdate', 'loadedmetadata'].forEach((e) => audio.addEventListener(e, paint));
  audio.addEventListener('ended', () => { if (current + 1 < rows.length) { choose(current + 1); audio.play().catch(() => {}); } else paint(); });
})();
