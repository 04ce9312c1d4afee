// The player: one <audio>, a queue, the mini player (above/inside the tab bar) and the full player
// (full screen on phones, side sheet on wide screens). Previews stop at 30 s with a prompt to buy.
import { api } from './api.js';
import * as endpoints from './endpoints.js';
import { t, formatDuration } from './i18n.js';
import { h, icon, toast, dialog } from './ui.js';
import { state, on, isOwned } from './state.js';
import { buyTrack } from './buy.js';

const audio = document.getElementById('audio');
const mini = document.getElementById('mini');
const sheet = document.getElementById('player');
let queue = [];
let index = -1;
let previewStopped = false;
let ui = null;

function current() { return queue[index] || null; }
function owned(track) { return track && isOwned(track); }
function previewLimit(track) { return track?.previewSeconds || 30; }

function audioSource(track) {
  // The same URL answers with the preview or the full song depending on ownership: make the
  // browser fetch again when ownership changes, never reuse a cached preview.
  return `${track.audioUrl}${track.audioUrl.includes('?') ? '&' : '?'}v=${owned(track) ? 'full' : 'preview'}`;
}

export function play(tracks, startIndex = 0) {
  queue = tracks.slice();
  index = startIndex;
  load(true);
}

function load(autoplay, position = 0) {
  const track = current();
  if (!track) return;
  previewStopped = false;
  // Continue from `position` (after buying mid-song): a media fragment plus an explicit seek once
  // the new source can seek, repeated until it sticks.
  audio.src = position > 0 ? `${audioSource(track)}#t=${position.toFixed(2)}` : audioSource(track);
  if (position > 0) {
    const src = audio.src;
    const resume = () => {
      if (audio.src !== src) { ['loadedmetadata', 'canplay', 'progress'].forEach((e) => audio.removeEventListener(e, resume)); return; }
      if (Math.abs(audio.currentTime - position) > 1 && audio.seekable.length && audio.seekable.end(audio.seekable.length - 1) >= position) {
        audio.currentTime = position;
      }
      if (audio.currentTime >= position - 1) ['loadedmetadata', 'canplay', 'progress'].forEach((e) => audio.removeEventListener(e, resume));
    };
    ['loadedmetadata', 'canplay', 'progress'].forEach((e) => audio.addEventListener(e, resume));
  }
  if (autoplay) audio.play().catch(playFailed);
  render();
  mediaSession(track);
  if (state.me && position === 0) api.post(endpoints.recentlyPlayed, { trackId: track.id }, { quiet: true }).catch(() => {});
}

function playFailed(error) {
  if (error?.name === 'AbortError') return; // a newer source replaced this one
  if (error?.name === 'NotAllowedError') { render(); return; } // autoplay refused: the user presses Play
  toast(t('player.error'), 'error');
}

export function toggle() {
  if (!current()) return;
  if (audio.paused) {
    if (previewStopped && !owned(current())) {
      if (audio.currentTime >= previewLimit(current()) - 1 || audio.ended) { promptToBuy(); return; }
      previewStopped = false; // the listener went back: hear the preview again
    }
    audio.play().catch(playFailed);
  } else audio.pause();
}

function step(delta) {
  if (!queue.length) return;
  const next = index + delta;
  if (delta < 0 && audio.currentTime > 3) { audio.currentTime = 0; return; }
  if (next < 0 || next >= queue.length) return;
  index = next;
  load(true);
}

// ---- preview limit ------------------------------------------------------------------------

function checkPreview() {
  const track = current();
  if (!track || owned(track) || previewStopped) return;
  if (audio.currentTime >= previewLimit(track) - 0.05) stopPreview();
}

function stopPreview() {
  previewStopped = true;
  audio.pause();
  render();
  promptToBuy();
}

async function promptToBuy() {
  const track = current();
  if (!track) return;
  const message = t('player.previewEnded', { title: track.title, n: previewLimit(track) });
  const choice = await dialog({
    title: t('player.preview'), body: message, className: 'dialog-preview',
    actions: [{ label: t('buy.cancel'), value: 'cancel' }, { label: t('track.buy'), value: 'buy', primary: true }],
  });
  if (choice === 'buy') buyFromPlayer();
}

/** Buy the playing song; on success continue with the full song from the same position. */
async function buyFromPlayer() {
  const track = current();
  if (!track) return;
  await buyTrack(track); // the 'owned' event switches to the full song (see initPlayer)
}

// ---- rendering ----------------------------------------------------------------------------

function build() {
  const art = h('img', { class: 'mini-art', alt: '', width: 48, height: 48 });
  const title = h('span', { class: 'mini-title' });
  const artist = h('span', { class: 'mini-artist' });
  const open = h('button', { class: 'mini-open', type: 'button', onclick: openSheet }, art, h('span', { class: 'mini-text' }, title, artist));
  const toggleBtn = h('button', { class: 'icon-btn mini-toggle', type: 'button', onclick: toggle });
  const progress = h('span', { class: 'mini-progress', 'aria-hidden': 'true' });
  mini.replaceChildren(progress, open, toggleBtn);

  const bigArt = h('img', { class: 'player-art', alt: '', width: 600, height: 600 });
  const bigTitle = h('h2', { class: 'player-title', id: 'player-title' });
  const bigArtist = h('p', { class: 'player-artist' });
  const badge = h('span', { class: 'badge', hidden: true }, t('player.preview'));
  const seek = h('input', { type: 'range', class: 'seek', min: 0, max: 0, step: 0.1, value: 0, 'aria-label': t('player.seek') });
  seek.addEventListener('input', () => {
    const limit = owned(current()) ? Infinity : previewLimit(current());
    audio.currentTime = Math.min(Number(seek.value), limit);
  });
  const elapsed = h('span', { class: 'time' }, '0:00');
  const remaining = h('span', { class: 'time' }, '0:00');
  const bigToggle = h('button', { class: 'icon-btn big-toggle', type: 'button', onclick: toggle });
  const prev = h('button', { class: 'icon-btn', type: 'button', 'aria-label': t('player.previous'), onclick: () => step(-1) }, icon('prev'));
  const next = h('button', { class: 'icon-btn', type: 'button', 'aria-label': t('player.next'), onclick: () => step(1) }, icon('next'));
  const volume = h('input', { type: 'range', class: 'volume', min: 0, max: 1, step: 0.05, value: audio.volume, 'aria-label': t('player.volume') });
  volume.addEventListener('input', () => { audio.volume = Number(volume.value); });
  const buy = h('button', { class: 'btn btn-primary player-buy', type: 'button', 'aria-label': t('track.buy'), onclick: buyFromPlayer });
  const share = h('button', { class: 'btn player-share', type: 'button', onclick: shareCurrent }, icon('share'), h('span', {}, t('player.share')));
  // Share a moment (SPEC M10): the link starts where the song is now.
  const shareAtBox = h('input', { type: 'checkbox', id: 'share-at' });
  const shareAtText = h('span', {}, t('player.shareAt', { time: '0:00' }));
  const shareAt = h('label', { class: 'share-at', for: 'share-at' }, shareAtBox, shareAtText);
  const cast = h('button', { class: 'icon-btn player-cast', type: 'button', hidden: true, 'aria-label': t('player.cast'), onclick: castPrompt }, icon('cast'));
  const close = h('button', { class: 'icon-btn player-close', type: 'button', 'aria-label': t('player.close'), onclick: () => sheet.close() }, icon('close'));
  const note = h('p', { class: 'player-note' });
  sheet.setAttribute('aria-labelledby', 'player-title');
  sheet.replaceChildren(h('div', { class: 'player-inner' },
    close, bigArt,
    h('div', { class: 'player-info' }, bigTitle, bigArtist, badge),
    h('div', { class: 'seek-row' }, seek, h('div', { class: 'times' }, elapsed, remaining)),
    h('div', { class: 'transport' }, prev, bigToggle, next),
    h('div', { class: 'volume-row' }, volume),
    note,
    h('div', { class: 'player-actions' }, buy, share, shareAt, cast)));
  ui = { shareAtBox, shareAtText, art, title, artist, open, toggleBtn, progress, bigArt, bigTitle, bigArtist, badge, seek, elapsed, remaining, bigToggle, volume, buy, note };
  setupRemotePlayback(cast);
}

function render() {
  const track = current();
  document.body.classList.toggle('has-player', !!track);
  mini.hidden = !track;
  if (!track) return;
  if (!ui) build();
  const playing = !audio.paused;
  const art = track.artworkUrl.replace(/size=\d+/, 'size=100');
  if (ui.art.getAttribute('src') !== art) ui.art.src = art;
  const bigArt = track.artworkUrl.replace(/size=\d+/, 'size=600');
  if (ui.bigArt.getAttribute('src') !== bigArt) ui.bigArt.src = bigArt;
  ui.title.textContent = ui.bigTitle.textContent = track.title;
  ui.artist.textContent = ui.bigArtist.textContent = track.artistName;
  ui.open.setAttribute('aria-label', t('player.open', { title: track.title }));
  for (const btn of [ui.toggleBtn, ui.bigToggle]) {
    btn.replaceChildren(icon(playing ? 'pause' : 'play'));
    btn.setAttribute('aria-label', playing ? t('player.pause') : t('player.play'));
  }
  const isOwnedNow = owned(track);
  ui.badge.hidden = isOwnedNow;
  ui.buy.hidden = isOwnedNow;
  ui.buy.textContent = `${t('track.buy')} · ${t('track.price', { n: track.price })}`;
  ui.note.textContent = previewStopped && !isOwnedNow ? t('player.previewEnded', { title: track.title, n: previewLimit(track) }) : '';
  renderTime();
}

function renderTime() {
  if (!ui) return;
  const track = current();
  const total = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : (track?.durationMs || 0) / 1000;
  ui.seek.max = String(total);
  ui.seek.value = String(audio.currentTime);
  ui.seek.setAttribute('aria-valuetext', `${formatDuration(audio.currentTime * 1000)} / ${formatDuration(total * 1000)}`);
  ui.elapsed.textContent = formatDuration(audio.currentTime * 1000);
  ui.remaining.textContent = `-${formatDuration(Math.max(0, total - audio.currentTime) * 1000)}`;
  ui.progress.style.width = total ? `${(100 * audio.currentTime) / total}%` : '0';
  ui.shareAtText.textContent = t('player.shareAt', { time: formatDuration(Math.floor(audio.currentTime) * 1000) });
}

function openSheet() {
  if (!sheet.open) sheet.showModal();
}

// ---- share, media session, remote playback -------------------------------------------------

/** The public page of `track`; from `seconds` in (a moment) when given. */
export function shareLink(track, seconds = 0) { return `${location.origin}${endpoints.sharePage(track.id, seconds)}`; }

async function shareCurrent() {
  const track = current();
  if (!track) return;
  const text = t('player.shareText', { title: track.title, artist: track.artistName });
  const url = shareLink(track, ui?.shareAtBox.checked ? Math.floor(audio.currentTime) : 0);
  if (navigator.share) {
    try { await navigator.share({ title: track.title, text, url }); return; } catch (error) { if (error.name === 'AbortError') return; }
  }
  const full = `${text} ${url}`;
  try {
    await navigator.clipboard.writeText(full);
    toast(t('player.shareCopied', { text: full }), 'success');
  } catch {
    const field = h('textarea', { class: 'share-text', readonly: true, rows: 3, 'aria-label': t('player.share') }, full);
    setTimeout(() => field.select(), 0);
    await dialog({ title: t('player.share'), body: h('div', {}, h('p', {}, t('player.shareManual')), field), actions: [{ label: t('common.close'), value: true, primary: true }] });
  }
}

function mediaSession(track) {
  if (!('mediaSession' in navigator)) return;
  navigator.mediaSession.metadata = new MediaMetadata({
    title: track.title, artist: track.artistName, album: track.albumTitle,
    artwork: [100, 300, 600].map((size) => ({ src: track.artworkUrl.replace(/size=\d+/, `size=${size}`), sizes: `${size}x${size}`, type: 'image/jpeg' })),
  });
}

function setupMediaSessionHandlers() {
  if (!('mediaSession' in navigator)) return;
  const handlers = {
    play: () => toggle(), pause: () => audio.pause(),
    previoustrack: () => step(-1), nexttrack: () => step(1),
    seekto: (d) => { audio.currentTime = d.seekTime; },
  };
  for (const [action, fn] of Object.entries(handlers)) {
    try { navigator.mediaSession.setActionHandler(action, fn); } catch { /* not supported here */ }
  }
}

function setupRemotePlayback(button) {
  const remote = audio.remote;
  if (!remote || typeof remote.watchAvailability !== 'function') return;
  remote.watchAvailability((available) => { button.hidden = !available; }).catch(() => { button.hidden = true; });
}

function castPrompt() { audio.remote?.prompt().catch(() => {}); }

// ---- wiring -------------------------------------------------------------------------------

export function initPlayer() {
  audio.preload = 'metadata';
  ['play', 'pause', 'loadedmetadata', 'durationchange'].forEach((name) => audio.addEventListener(name, render));
  audio.addEventListener('timeupdate', () => { checkPreview(); renderTime(); });
  audio.addEventListener('ended', () => {
    const track = current();
    if (track && !owned(track)) { if (!previewStopped) stopPreview(); return; }
    if (index < queue.length - 1) step(1); else render();
  });
  audio.addEventListener('error', () => { if (audio.getAttribute('src')) toast(t('player.error'), 'error'); });
  setupMediaSessionHandlers();
  on('owned', (ids) => {
    queue.forEach((track) => { if (ids.includes(track.id)) track.owned = true; });
    const track = current();
    if (track && ids.includes(track.id) && audio.getAttribute('src')?.includes('v=preview')) {
      // Continue with the full song from the same position.
      const position = audio.currentTime;
      const resume = !audio.paused || previewStopped;
      load(resume, position);
    } else render();
  });
  render();
}

/** Stops playback and hides the players (log out). */
export function stopPlayer() {
  audio.pause();
  audio.removeAttribute('src');
  audio.load();
  queue = [];
  index = -1;
  if (sheet.open) sheet.close();
  render();
}

/** Re-renders labels after a language switch. */
export function relabelPlayer() { ui = null; if (current()) { build(); render(); } }
