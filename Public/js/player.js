// The player: one <audio>, the queue (queue.js), the mini player (above/inside the tab bar) and the
// full player (full screen on phones, side sheet on wide screens) with "Up next". Unowned songs play
// as previews back to back; the queue stops with a prompt to buy only when nothing follows.
// Loudness gain and gapless albums: decks.js, loaded on the first play.
import { api } from './api.js';
import * as endpoints from './endpoints.js';
import { t, formatDuration } from './i18n.js';
import { h, icon, toast, dialog } from './ui.js';
import { state, on, isOwned } from './state.js';
import { queue, current, setQueue, neighbour, toggleShuffle, cycleRepeat, move, remove, clearQueue, saveQueue, loadQueue } from './queue.js';

let audio = document.getElementById('audio'); // the playing deck (decks.js may swap in another)
const deckEls = [audio];
const deckListeners = [];
let decks = null;
let decksLoading = null;
const mini = document.getElementById('mini');
const sheet = document.getElementById('player');
let previewStopped = false;
let ui = null;
let lastSaved = 0;

// Buying, sharing and the lock screen are loaded when first used: the first screen does not wait
// for them.
let mediaSessionModule = null;
function mediaSession() {
  mediaSessionModule ??= import('./media-session.js').then((m) => { m.handleMediaKeys(() => audio, { toggle, step }); return m; });
  return mediaSessionModule;
}

function owned(track) { return track && isOwned(track); }
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

/** Applies the loudness setting and the queue's order again (gain, preloaded song). */
export function refreshLoudness() { decks?.refresh(); }

function startPlaying() {
  decks?.route();
  audio.play().catch(playFailed);
  if (!decks) loadDecks().then((m) => { m.route(); m.refresh(); }).catch(() => {});
}

export function play(tracks, startIndex = 0) {
  setQueue(tracks, startIndex);
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
  toast(t('player.error'), 'error');
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

// ---- preview limit ------------------------------------------------------------------------

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
  const { buyTrack } = await import('./buy.js');
  await buyTrack(track); // the 'owned' event switches to the full song (see initPlayer)
}

// ---- rendering ----------------------------------------------------------------------------

function build() {
  const art = h('img', { class: 'mini-art', alt: '', width: 48, height: 48 });
  const title = h('span', { class: 'mini-title' });
  const artist = h('span', { class: 'mini-artist' });
  const miniTime = h('span', { class: 'mini-time' });
  const open = h('button', { class: 'mini-open', type: 'button', onclick: openSheet }, art, h('span', { class: 'mini-text' }, title, artist, miniTime));
  const chip = h('button', { class: 'chip chip-buy', type: 'button', onclick: buyFromPlayer });
  const toggleBtn = h('button', { class: 'icon-btn mini-toggle', type: 'button', onclick: toggle });
  const miniNext = h('button', { class: 'icon-btn mini-next', type: 'button', 'aria-label': t('player.next'), onclick: () => step(1) }, icon('next'));
  const progress = h('span', { class: 'mini-progress', 'aria-hidden': 'true' });
  // Desktop player bar (≥ 1024 px, CSS shows these): the title links to the album; previous, seek,
  // time, volume and the queue button sit in the bar.
  const barTitle = h('a', { class: 'bar-only bar-title' });
  const barArtist = h('span', { class: 'bar-only bar-artist' });
  const barPrev = h('button', { class: 'icon-btn bar-only', type: 'button', 'aria-label': t('player.previous'), onclick: () => step(-1) }, icon('prev'));
  const barSeek = h('input', { type: 'range', class: 'seek bar-only bar-seek', min: 0, max: 0, step: 0.1, value: 0, 'aria-label': t('player.seek') });
  barSeek.addEventListener('input', () => {
    const limit = owned(current()) ? Infinity : previewLimit(current()) - 0.1;
    audio.currentTime = Math.min(Number(barSeek.value), limit);
  });
  const barTime = h('span', { class: 'bar-only bar-time' });
  const barVolumeIcon = h('span', { class: 'bar-only bar-volume-icon', 'aria-hidden': 'true' }, icon('volume'));
  const barVolume = h('input', { type: 'range', class: 'volume bar-only bar-volume', min: 0, max: 1, step: 0.05, value: audio.volume, 'aria-label': t('player.volume') });
  barVolume.addEventListener('input', () => { setVolume(Number(barVolume.value)); });
  const barQueue = h('button', { class: 'icon-btn bar-only', type: 'button', 'aria-label': t('player.upNext'), onclick: openSheet }, icon('queue'));
  mini.setAttribute('aria-label', t('player.label'));
  mini.replaceChildren(progress, open, h('span', { class: 'bar-only bar-text' }, barTitle, barArtist), chip,
    barPrev, toggleBtn, miniNext, barSeek, barTime, barVolumeIcon, barVolume, barQueue);

  const bigArt = h('img', { class: 'player-art', alt: '', width: 600, height: 600 });
  const bigTitle = h('h2', { class: 'player-title', id: 'player-title' });
  const bigArtist = h('p', { class: 'player-artist' });
  const badge = h('span', { class: 'badge', hidden: true }, t('player.preview'));
  const seek = h('input', { type: 'range', class: 'seek', min: 0, max: 0, step: 0.1, value: 0, 'aria-label': t('player.seek') });
  seek.addEventListener('input', () => {
    const limit = owned(current()) ? Infinity : previewLimit(current()) - 0.1;
    audio.currentTime = Math.min(Number(seek.value), limit);
  });
  const elapsed = h('span', { class: 'time' }, '0:00');
  const remaining = h('span', { class: 'time' }, '0:00');
  const bigToggle = h('button', { class: 'icon-btn big-toggle', type: 'button', onclick: toggle });
  const prev = h('button', { class: 'icon-btn', type: 'button', 'aria-label': t('player.previous'), onclick: () => step(-1) }, icon('prev'));
  const next = h('button', { class: 'icon-btn', type: 'button', 'aria-label': t('player.next'), onclick: () => step(1) }, icon('next'));
  const shuffle = h('button', { class: 'icon-btn mode-btn', type: 'button', 'aria-label': t('player.shuffle'), onclick: () => { toggleShuffle(); persist(); render(); } }, icon('shuffle'));
  const repeat = h('button', { class: 'icon-btn mode-btn', type: 'button', onclick: () => { cycleRepeat(); persist(); render(); } }, icon('repeat'));
  const volume = h('input', { type: 'range', class: 'volume', min: 0, max: 1, step: 0.05, value: audio.volume, 'aria-label': t('player.volume') });
  volume.addEventListener('input', () => { setVolume(Number(volume.value)); });
  const buy = h('button', { class: 'btn btn-primary player-buy', type: 'button', 'aria-label': t('track.buy'), onclick: buyFromPlayer });
  const share = h('button', { class: 'btn player-share', type: 'button', onclick: shareCurrent }, icon('share'), h('span', {}, t('player.share')));
  // Share a moment (SPEC M10): the link starts where the song is now.
  const shareAtBox = h('input', { type: 'checkbox', id: 'share-at' });
  const shareAtText = h('span', {}, t('player.shareAt', { time: '0:00' }));
  const shareAt = h('label', { class: 'share-at', for: 'share-at' }, shareAtBox, shareAtText);
  const cast = h('button', { class: 'icon-btn player-cast', type: 'button', hidden: true, 'aria-label': t('player.cast'), onclick: () => mediaSession().then((m) => m.castPrompt(audio)) }, icon('cast'));
  const close = h('button', { class: 'icon-btn player-close', type: 'button', 'aria-label': t('player.close'), onclick: () => sheet.close() }, icon('close'));
  const note = h('p', { class: 'player-note' });
  const upNextList = h('ol', { class: 'up-next-list', role: 'list' });
  const upNext = h('section', { class: 'up-next', 'aria-labelledby': 'up-next-title' },
    h('h3', { id: 'up-next-title' }, t('player.upNext')), upNextList);
  sheet.setAttribute('aria-labelledby', 'player-title');
  sheet.replaceChildren(h('div', { class: 'player-inner' },
    close, bigArt,
    h('div', { class: 'player-info' }, bigTitle, bigArtist, badge),
    h('div', { class: 'seek-row' }, seek, h('div', { class: 'times' }, elapsed, remaining)),
    h('div', { class: 'transport' }, shuffle, prev, bigToggle, next, repeat),
    h('div', { class: 'volume-row' }, volume),
    note,
    h('div', { class: 'player-actions' }, buy, share, shareAt, cast),
    upNext));
  onDeck('volumechange', () => { volume.value = barVolume.value = String(audio.volume); });
  ui = { shareAtBox, shareAtText, barTitle, barArtist, barSeek, barTime, art, title, artist, miniTime, open, chip, toggleBtn, progress, bigArt, bigTitle, bigArtist, badge, seek, elapsed, remaining, bigToggle, shuffle, repeat, volume, buy, note, upNextList };
  mediaSession().then((m) => m.watchCastTargets(audio, cast)).catch(() => {});
  // Ready before the buttons are pressed (sharing keeps the press's user activation).
  import('./sharing.js').catch(() => {});
  import('./buy.js').catch(() => {});
}

function render() {
  const track = current();
  document.body.classList.toggle('has-player', !!track);
  document.body.classList.toggle('audio-paused', audio.paused);
  mini.hidden = !track;
  document.getElementById('skip-player').hidden = !track;
  markPlaying();
  if (!track) return;
  if (!ui) build();
  decks?.refresh();
  const playing = !audio.paused;
  const art = track.artworkUrl.replace(/size=\d+/, 'size=100');
  if (ui.art.getAttribute('src') !== art) ui.art.src = art;
  const bigArt = track.artworkUrl.replace(/size=\d+/, 'size=600');
  if (ui.bigArt.getAttribute('src') !== bigArt) ui.bigArt.src = bigArt;
  ui.title.textContent = ui.bigTitle.textContent = ui.barTitle.textContent = track.title;
  ui.artist.textContent = ui.bigArtist.textContent = ui.barArtist.textContent = track.artistName;
  ui.barTitle.href = `#/album/${encodeURIComponent(track.albumId)}`;
  ui.open.setAttribute('aria-label', t('player.open', { title: track.title }));
  for (const btn of [ui.toggleBtn, ui.bigToggle]) {
    btn.replaceChildren(icon(playing ? 'pause' : 'play'));
    btn.setAttribute('aria-label', playing ? t('player.pause') : t('player.play'));
  }
  const isOwnedNow = owned(track);
  ui.badge.hidden = isOwnedNow;
  ui.buy.hidden = isOwnedNow;
  ui.buy.textContent = `${t('track.buy')} · ${t('track.price', { n: track.price })}`;
  ui.chip.hidden = isOwnedNow;
  ui.chip.textContent = `${t('track.buy')} · ${t('track.price', { n: track.price })}`;
  ui.chip.setAttribute('aria-label', t('track.buyTitle', { title: track.title, n: track.price }));
  ui.note.textContent = previewStopped && !isOwnedNow ? t('player.previewEnded', { title: track.title, n: previewLimit(track) }) : '';
  ui.shuffle.setAttribute('aria-pressed', String(queue.shuffle));
  ui.repeat.setAttribute('aria-pressed', String(queue.repeat !== 'off'));
  ui.repeat.setAttribute('aria-label', t(`player.repeat.${queue.repeat}`));
  ui.repeat.dataset.mode = queue.repeat;
  renderUpNext();
  renderTime();
}

function renderUpNext() {
  const rows = [];
  for (let at = queue.index + 1; at < queue.tracks.length; at++) {
    const track = queue.tracks[at];
    const place = at;
    rows.push(h('li', { class: 'up-next-row', dataset: { trackId: track.id } },
      h('button', { class: 'up-next-play', type: 'button', onclick: () => { queue.index = place; load(true); } },
        h('span', { class: 'up-next-title' }, track.title), h('span', { class: 'up-next-sub' }, track.artistName),
        owned(track) ? null : h('span', { class: 'badge' }, t('player.preview'))),
      h('button', { class: 'icon-btn', type: 'button', 'aria-label': t('player.moveUp', { title: track.title }), disabled: at === queue.index + 1,
        onclick: () => { if (move(place, -1)) { persist(); render(); } } }, icon('up')),
      h('button', { class: 'icon-btn', type: 'button', 'aria-label': t('player.moveDown', { title: track.title }), disabled: at === queue.tracks.length - 1,
        onclick: () => { if (move(place, 1)) { persist(); render(); } } }, icon('down')),
      h('button', { class: 'icon-btn', type: 'button', 'aria-label': t('player.remove', { title: track.title }),
        onclick: () => { if (remove(place)) { persist(); render(); } } }, icon('close'))));
  }
  ui.upNextList.replaceChildren(...(rows.length ? rows : [h('li', { class: 'empty' }, t('player.upNextEmpty'))]));
}

function renderTime() {
  if (!ui) return;
  const track = current();
  const isOwnedNow = owned(track);
  // A preview's seek bar spans the whole song, with the part a preview reaches marked.
  const fileLength = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : 0;
  const songLength = (track?.durationMs || 0) / 1000;
  const total = isOwnedNow ? (fileLength || songLength) : Math.max(songLength, fileLength);
  const limit = isOwnedNow ? total : Math.min(previewLimit(track), total || previewLimit(track));
  for (const seek of [ui.seek, ui.barSeek]) {
    seek.max = String(total);
    seek.value = String(audio.currentTime);
    seek.style.setProperty('--playable', total ? `${(100 * limit) / total}%` : '100%');
    seek.style.setProperty('--played', total ? `${(100 * audio.currentTime) / total}%` : '0%');
    seek.classList.toggle('seek-preview', !isOwnedNow);
    seek.setAttribute('aria-valuetext', `${formatDuration(audio.currentTime * 1000)} / ${formatDuration(total * 1000)}`);
  }
  ui.barTime.textContent = `${formatDuration(audio.currentTime * 1000)} / ${formatDuration(total * 1000)}`;
  ui.elapsed.textContent = formatDuration(audio.currentTime * 1000);
  ui.remaining.textContent = `-${formatDuration(Math.max(0, total - audio.currentTime) * 1000)}`;
  const miniTotal = isOwnedNow ? total : limit;
  ui.progress.style.width = miniTotal ? `${Math.min(100, (100 * audio.currentTime) / miniTotal)}%` : '0';
  ui.miniTime.textContent = isOwnedNow ? '' : `${t('player.preview')} ${formatDuration(audio.currentTime * 1000)} / ${formatDuration(limit * 1000)}`;
  ui.miniTime.hidden = isOwnedNow;
  ui.shareAtText.textContent = t('player.shareAt', { time: formatDuration(Math.floor(audio.currentTime) * 1000) });
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

function openSheet() {
  if (!sheet.open) sheet.showModal();
}

/** Focuses the player's play button (the skip link and the `p` key). */
export function focusPlayer() {
  if (!current()) return false;
  ui?.toggleBtn.focus();
  return true;
}

// ---- share ----------------------------------------------------------------------------------

async function shareCurrent() {
  const track = current();
  if (!track) return;
  const { shareTrack } = await import('./sharing.js');
  await shareTrack(track, ui?.shareAtBox.checked ? Math.floor(audio.currentTime) : 0);
}

// ---- wiring -------------------------------------------------------------------------------

export function initPlayer() {
  audio.preload = 'metadata';
  ['play', 'pause', 'loadedmetadata', 'durationchange'].forEach((name) => onDeck(name, render));
  onDeck('timeupdate', () => {
    checkPreview();
    renderTime();
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
  onDeck('error', () => { if (audio.getAttribute('src')) toast(t('player.error'), 'error'); });
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
export function relabelPlayer() { ui = null; if (current()) { build(); render(); } }
