// Playback: one <audio>, the queue (queue.js) and what plays next. Unowned songs play as previews
// back to back; the queue stops with a prompt to buy only when nothing follows. Loudness gain and
// gapless albums: decks.js, loaded on the first play. The mini player, the desktop bar and the full
// player: player-view.js, loaded when there is a song to show.
import { api } from './api.js';
import * as endpoints from './endpoints.js';
import { t } from './i18n.js';
import { toast } from './ui.js';
import { state, on, isOwned } from './state.js';
import { isPreOrder } from './release-date.js';
import { queue, current, setQueue, neighbour, clearQueue, saveQueue, loadQueue } from './queue.js';

let audio = document.getElementById('audio'); // the playing deck (decks.js may swap in another)
const deckEls = [audio];
const deckListeners = [];
let decks = null;
let decksLoading = null;
const mini = document.getElementById('mini');
const sheet = document.getElementById('player');
let previewStopped = false;
let view = null;
let viewLoading = null;
let lastSaved = 0;

// Buying, sharing and the lock screen are loaded when first used: the first screen does not wait
// for them.
let mediaSessionModule = null;
function mediaSession() {
  mediaSessionModule ??= import('./media-session.js').then((m) => { m.handleMediaKeys(() => audio, { toggle, step }); return m; });
  return mediaSessionModule;
}

// A pre-order is owned but heard in full only from its release date (the server sends the preview).
function owned(track) { return track && isOwned(track) && !isPreOrder(track); }
function previewLimit(track) { return track?.previewSeconds || 30; }
function owner() { return state.me?.id ?? null; }
function persist() { saveQueue(owner(), audio.currentTime || 0); lastSaved = Date.now(); }

function audioSource(track) {
  // The same URL answers with the preview or the full song depending on ownership: make the
  // browser fetch again when ownership changes, never reuse a cached preview.
  return `${track.audioUrl}${track.audioUrl.includes('?') ? '&' : '?'}v=${owned(track) ? 'full' : 'preview'}`;
}

/** Listens to `name` on every deck; only the playing deck's events reach `fn`. */
function onDeck(name, fn) {
  const listener = (event) => { if (event.currentTarget === audio) fn(event); };
  deckListeners.push([name, listener]);
  deckEls.forEach((el) => el.addEventListener(name, listener));
}

function adopt(el) {
  deckEls.push(el);
  deckListeners.forEach(([name, listener]) => el.addEventListener(name, listener));
}

function setVolume(value) { deckEls.forEach((el) => { el.volume = value; }); }

function loadDecks() {
  decksLoading ??= import('./decks.js').then((m) => {
    m.init({ playing: () => audio, adopt, owned, source: audioSource });
    decks = m;
    return m;
  });
  return decksLoading;
}

function loadView() {
  viewLoading ??= import('./player-view.js').then((m) => {
    m.init({
      playing: () => audio, owned, previewLimit, previewStopped: () => previewStopped, onDeck, setVolume,
      toggle, step, load, persist, render, buyFromPlayer, mediaSession, sheet, mini,
    });
    view = m;
    return m;
  });
  return viewLoading;
}

/** Applies the loudness setting and the queue's order again (gain, preloaded song). */
export function refreshLoudness() { decks?.refresh(); }

function startPlaying() {
  decks?.route();
  audio.play().catch(playFailed);
  if (!decks) loadDecks().then((m) => { m.route(); m.refresh(); }).catch(() => {});
}

export function play(tracks, startIndex = 0) {
  setQueue(tracks, startIndex);
  loadView().catch(() => {}); // fetched beside decks.js, not after it
  // The first time, after decks.js arrived: the song's first sound already has its gain.
  if (decks) load(true);
  else loadDecks().catch(() => {}).then(() => load(true));
}

function load(autoplay, position = 0, { record = true } = {}) {
  const track = current();
  if (!track) return;
  previewStopped = false;
  const begin = (el) => { audio = el; if (autoplay) startPlaying(); };
  if (position === 0 && decks?.takeSpare(track, begin)) { loaded(track, record, position); return; }
  const deck = audio;
  // Continue from `position` (after buying mid-song, after a reload): a media fragment plus an
  // explicit seek once the new source can seek, repeated until it sticks.
  deck.src = position > 0 ? `${audioSource(track)}#t=${position.toFixed(2)}` : audioSource(track);
  if (position > 0) {
    const src = deck.src;
    const resume = () => {
      if (deck.src !== src) { ['loadedmetadata', 'canplay', 'progress'].forEach((e) => deck.removeEventListener(e, resume)); return; }
      if (Math.abs(deck.currentTime - position) > 1 && deck.seekable.length && deck.seekable.end(deck.seekable.length - 1) >= position) {
        deck.currentTime = position;
      }
      if (deck.currentTime >= position - 1) ['loadedmetadata', 'canplay', 'progress'].forEach((e) => deck.removeEventListener(e, resume));
    };
    ['loadedmetadata', 'canplay', 'progress'].forEach((e) => deck.addEventListener(e, resume));
  }
  if (autoplay) startPlaying();
  loaded(track, record, position);
}

function loaded(track, record, position) {
  render();
  mediaSession().then((m) => m.showNowPlaying(track)).catch(() => {});
  persist();
  if (record && state.me && position === 0) api.post(endpoints.recentlyPlayed, { trackId: track.id }, { quiet: true }).catch(() => {});
}

function playFailed(error) {
  if (error?.name === 'AbortError') return; // a newer source replaced this one
  if (error?.name === 'NotAllowedError') { render(); return; } // autoplay refused: the user presses Play
  if (error?.name === 'NotSupportedError' && playsAsMP3()) return;
  toast(t('player.error'), 'error');
}

// A browser that cannot play an owned song's stored file (a FLAC or Ogg song whose MP3 the server
// has not made yet) asks for it as MP3, made as it plays. True when that is under way.
function playsAsMP3() {
  const track = current();
  const src = audio.getAttribute('src') ?? '';
  if (src.includes('format=mp3')) return !audio.error; // asked already: fine unless that failed too
  if (!owned(track) || audio.error?.code !== MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED) return false;
  audio.src = `${audioSource(track)}&format=mp3`;
  startPlaying();
  return true;
}

export function toggle() {
  if (!current()) return;
  if (audio.paused) {
    if (previewStopped && !owned(current())) {
      if (audio.currentTime >= previewLimit(current()) - 1 || audio.ended) { promptToBuy(); return; }
      previewStopped = false; // the listener went back: hear the preview again
    }
    startPlaying();
  } else audio.pause();
}

export function step(delta) {
  if (!queue.tracks.length) return;
  if (delta < 0 && audio.currentTime > 3) { audio.currentTime = 0; return; }
  const next = neighbour(delta);
  if (next < 0) return;
  queue.index = next;
  load(true);
}

/** Seeks by `seconds` within what the caller may hear. */
export function seekBy(seconds) {
  const track = current();
  if (!track) return;
  const limit = owned(track) ? (Number.isFinite(audio.duration) ? audio.duration : Infinity) : previewLimit(track);
  audio.currentTime = Math.max(0, Math.min(audio.currentTime + seconds, limit - 0.1));
}

// ---- preview limit ----

function checkPreview() {
  const track = current();
  if (!track || owned(track) || previewStopped) return;
  if (audio.currentTime >= previewLimit(track) - 0.05) previewEnded();
}

/** A preview reached its end: the queue goes on; only its last song asks the listener to buy. */
function previewEnded() {
  if (queue.repeat === 'one') { audio.currentTime = 0; startPlaying(); return; }
  const next = neighbour(1);
  if (next >= 0) {
    queue.index = next;
    load(true);
    return;
  }
  stopPreview();
}

function stopPreview() {
  previewStopped = true;
  audio.pause();
  render();
  const playing = current();
  if (!playing || !isOwned(playing)) promptToBuy(); // a pre-order is bought already: its note says when it is out
}

async function promptToBuy() {
  const track = current();
  if (!track) return;
  const message = t('player.previewEnded', { title: track.title, n: previewLimit(track) });
  const { dialog } = await import('./dialog.js');
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
  const inSheet = sheet.open;
  const { buyTrack } = await import('./buy.js');
  const bought = await buyTrack(track); // the 'owned' event switches to the full song (see initPlayer)
  // The Buy control is hidden now: the focus goes to the play button beside it, not to <body>.
  const lost = !document.activeElement || document.activeElement === document.body;
  if (bought && lost) (inSheet && sheet.open ? sheet.querySelector('.big-toggle') : mini.querySelector('.mini-toggle'))?.focus();
}

// ---- rendering ----

/** Shows or hides the players for the current song; the players themselves are player-view.js's. */
function render() {
  const track = current();
  // The first song to show waits for the players' module, so they never appear empty.
  if (track && !view) { loadView().then(render).catch(() => {}); return; }
  document.body.classList.toggle('has-player', !!track);
  document.body.classList.toggle('audio-paused', audio.paused);
  mini.hidden = !track;
  document.getElementById('skip-player').hidden = !track;
  markPlaying();
  if (!track) return;
  decks?.refresh();
  view.render(track);
}

/** The row of the playing song, wherever it is listed: accent title, bars, aria-current. */
export function markPlaying() {
  const id = current()?.id;
  document.querySelectorAll('.track-row.is-playing').forEach((row) => {
    if (row.dataset.trackId !== id) { row.classList.remove('is-playing'); row.removeAttribute('aria-current'); }
  });
  if (!id) return;
  document.querySelectorAll(`.track-row[data-track-id="${CSS.escape(id)}"]`).forEach((row) => {
    row.classList.add('is-playing');
    row.setAttribute('aria-current', 'true');
  });
}

/** Focuses the player's play button (the skip link and the `p` key). */
export function focusPlayer() {
  if (!current()) return false;
  view?.focusToggle();
  return true;
}

// ---- wiring ----

export function initPlayer() {
  audio.preload = 'metadata';
  ['play', 'pause', 'loadedmetadata', 'durationchange'].forEach((name) => onDeck(name, render));
  onDeck('timeupdate', () => {
    checkPreview();
    view?.renderTime();
    if (Date.now() - lastSaved > 5000) persist();
  });
  onDeck('pause', persist);
  window.addEventListener('pagehide', persist);
  onDeck('ended', () => {
    const track = current();
    if (track && !owned(track)) { if (!previewStopped) previewEnded(); return; }
    if (queue.repeat === 'one') { audio.currentTime = 0; startPlaying(); return; }
    const next = neighbour(1);
    if (next >= 0) { queue.index = next; load(true); } else render();
  });
  onDeck('error', () => { if (audio.getAttribute('src') && !playsAsMP3()) toast(t('player.error'), 'error'); });
  on('owned', (ids) => {
    queue.tracks.forEach((track) => { if (ids.includes(track.id)) track.owned = true; });
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
  decks?.forget();
  audio.pause();
  audio.removeAttribute('src');
  audio.load();
  clearQueue();
  saveQueue(null, 0);
  if (sheet.open) sheet.close();
  render();
}

/** Brings back the queue this user (or guest) had before a reload, paused where it was. */
export function restoreQueue() {
  const saved = loadQueue(owner());
  if (!saved) return;
  load(false, saved.position, { record: false });
}

/** Re-renders labels after a language switch. */
export function relabelPlayer() { view?.forget(); if (current()) render(); }
