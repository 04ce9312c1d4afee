// The players drawn for the current song: the mini player (above/inside the tab bar), the desktop
// player bar and the full player (full screen on phones, a side sheet on tablets, a panel beside the
// page on desktops) with its lyrics (player-lyrics.js) and "Up next" (drag: queue-drag.js).
// player.js loads this module when there is a song to show and gives it the playback controls.
import { t, formatDuration, formatDate } from './i18n.js';
import { isOwned } from './state.js';
import { h, icon } from './ui.js';
import { priceLabel } from './track-list.js';
import { queue, current, toggleShuffle, cycleRepeat, move, remove } from './queue.js';
import { isPreOrder } from './release-date.js';
import { coinRate, moneyFor } from './coin-value.js';
import { loadListeningExtras, listeningTextsReady } from './listening-extras.js';
import { lyricsParts } from './player-lyrics.js';
import { dragToReorder, isDragging } from './queue-drag.js';

// The texts and styles of the lyrics, the links, the drag and the desktop panel, before the first drawing.
await loadListeningExtras();

let c = null; // player.js's controls (see init)
let ui = null;

/** `controls`: the playing deck, the preview rule and the transport, from player.js. */
export function init(controls) { c = controls; }

/** Forgets the drawn players (after a language switch): the next render builds them again. */
export function forget() { ui = null; }

export function focusToggle() { ui?.toggleBtn.focus(); }

/** The queue changed elsewhere (the row menu's Play next, Add to queue): saved and drawn again. */
export function queueChanged() { if (!c) return; c.persist(); c.render(); }

/** Desktop (≥ 1024 px): the full player is a panel beside the page, not a modal. */
const sidePanel = () => matchMedia('(min-width: 1024px)').matches;

function build() {
  const art = h('img', { class: 'mini-art', alt: '', width: 48, height: 48 });
  const title = h('span', { class: 'mini-title' });
  const artist = h('span', { class: 'mini-artist' });
  const miniTime = h('span', { class: 'mini-time' });
  const open = h('button', { class: 'mini-open', type: 'button', onclick: () => openSheet() }, art, h('span', { class: 'mini-text' }, title, artist, miniTime));
  const chip = h('button', { class: 'chip chip-buy', type: 'button', onclick: c.buyFromPlayer });
  const toggleBtn = h('button', { class: 'icon-btn mini-toggle', type: 'button', onclick: c.toggle });
  const miniNext = h('button', { class: 'icon-btn mini-next', type: 'button', 'aria-label': t('player.next'), onclick: () => c.step(1) }, icon('next'));
  const progress = h('span', { class: 'mini-progress', 'aria-hidden': 'true' });
  // Desktop player bar (≥ 1024 px, CSS shows these): the title links to the album; previous, seek,
  // time, volume and the queue button sit in the bar.
  const barTitle = h('a', { class: 'bar-only bar-title' });
  const barArtist = h('span', { class: 'bar-only bar-artist' });
  const barPrev = h('button', { class: 'icon-btn bar-only', type: 'button', 'aria-label': t('player.previous'), onclick: () => c.step(-1) }, icon('prev'));
  const barSeek = h('input', { type: 'range', class: 'seek bar-only bar-seek', min: 0, max: 0, step: 0.1, value: 0, 'aria-label': t('player.seek') });
  barSeek.addEventListener('input', () => {
    const limit = c.owned(current()) ? Infinity : c.previewLimit(current()) - 0.1;
    c.playing().currentTime = Math.min(Number(barSeek.value), limit);
  });
  const barTime = h('span', { class: 'bar-only bar-time' });
  const barVolumeIcon = h('span', { class: 'bar-only bar-volume-icon', 'aria-hidden': 'true' }, icon('volume'));
  const barVolume = h('input', { type: 'range', class: 'volume bar-only bar-volume', min: 0, max: 1, step: 0.05, value: c.playing().volume, 'aria-label': t('player.volume') });
  barVolume.addEventListener('input', () => { c.setVolume(Number(barVolume.value)); });
  const barQueue = h('button', { class: 'icon-btn bar-only', type: 'button', 'aria-label': t('player.upNext'), onclick: () => openSheet({ upNext: true }) }, icon('queue'));
  c.mini.setAttribute('aria-label', t('player.label'));
  c.mini.replaceChildren(progress, open, h('span', { class: 'bar-only bar-text' }, barTitle, barArtist), chip,
    barPrev, toggleBtn, miniNext, barSeek, barTime, barVolumeIcon, barVolume, barQueue);

  const bigArt = h('img', { class: 'player-art', alt: '', width: 600, height: 600 });
  // Title and artist lead to the song's and the artist's pages (a navigation closes the player).
  const titleLink = h('a', { class: 'player-title-link' });
  const artistLink = h('a', { class: 'player-artist-link' });
  const bigTitle = h('h2', { class: 'player-title', id: 'player-title' }, titleLink);
  const bigArtist = h('p', { class: 'player-artist' }, artistLink);
  const lyrics = lyricsParts(bigArt);
  const badge = h('span', { class: 'badge', hidden: true }, t('player.preview'));
  const seek = h('input', { type: 'range', class: 'seek', min: 0, max: 0, step: 0.1, value: 0, 'aria-label': t('player.seek') });
  seek.addEventListener('input', () => {
    const limit = c.owned(current()) ? Infinity : c.previewLimit(current()) - 0.1;
    c.playing().currentTime = Math.min(Number(seek.value), limit);
  });
  const elapsed = h('span', { class: 'time' }, '0:00');
  const remaining = h('span', { class: 'time' }, '0:00');
  const bigToggle = h('button', { class: 'icon-btn big-toggle', type: 'button', onclick: c.toggle });
  const prev = h('button', { class: 'icon-btn', type: 'button', 'aria-label': t('player.previous'), onclick: () => c.step(-1) }, icon('prev'));
  const next = h('button', { class: 'icon-btn', type: 'button', 'aria-label': t('player.next'), onclick: () => c.step(1) }, icon('next'));
  const shuffle = h('button', { class: 'icon-btn mode-btn', type: 'button', 'aria-label': t('player.shuffle'), onclick: () => { toggleShuffle(); c.persist(); c.render(); } }, icon('shuffle'));
  const repeat = h('button', { class: 'icon-btn mode-btn', type: 'button', onclick: () => { cycleRepeat(); c.persist(); c.render(); } }, icon('repeat'));
  const volume = h('input', { type: 'range', class: 'volume', min: 0, max: 1, step: 0.05, value: c.playing().volume, 'aria-label': t('player.volume') });
  volume.addEventListener('input', () => { c.setVolume(Number(volume.value)); });
  const buy = h('button', { class: 'btn btn-primary player-buy', type: 'button', 'aria-label': t('track.buy'), onclick: c.buyFromPlayer });
  // What the price is worth in money, beside Buy ("≈ $0.13"; buyers only: guests cannot read the packs).
  const worth = h('span', { class: 'player-worth', hidden: true });
  const share = h('button', { class: 'btn player-share', type: 'button', onclick: shareCurrent }, icon('share'), h('span', {}, t('player.share')));
  // Share a moment (SPEC M10): the link starts where the song is now.
  const shareAtBox = h('input', { type: 'checkbox', id: 'share-at' });
  const shareAtText = h('span', {}, t('player.shareAt', { time: '0:00' }));
  const shareAt = h('label', { class: 'share-at', for: 'share-at' }, shareAtBox, shareAtText);
  const cast = h('button', { class: 'icon-btn player-cast', type: 'button', hidden: true, 'aria-label': t('player.cast'), onclick: () => c.mediaSession().then((m) => m.castPrompt(c.playing())) }, icon('cast'));
  const close = h('button', { class: 'icon-btn player-close', type: 'button', 'aria-label': t('player.close'), onclick: () => c.sheet.close() }, icon('close'));
  // The desktop panel is not modal: Escape is not the browser's there.
  c.sheet.onkeydown = (e) => { if (e.key === 'Escape' && c.sheet.open && !c.sheet.matches(':modal')) { e.preventDefault(); c.sheet.close(); } };
  const note = h('p', { class: 'player-note' });
  const upNextList = h('ol', { class: 'up-next-list', role: 'list' });
  const upNext = h('section', { class: 'up-next', 'aria-labelledby': 'up-next-title' },
    h('h3', { id: 'up-next-title' }, t('player.upNext')), upNextList);
  c.sheet.setAttribute('aria-labelledby', 'player-title');
  c.sheet.replaceChildren(h('div', { class: 'player-inner' },
    close, bigArt, lyrics.box,
    h('div', { class: 'player-info' }, bigTitle, bigArtist, badge),
    h('div', { class: 'seek-row' }, seek, h('div', { class: 'times' }, elapsed, remaining)),
    h('div', { class: 'transport' }, shuffle, prev, bigToggle, next, repeat),
    h('div', { class: 'volume-row' }, volume),
    note,
    h('div', { class: 'player-actions' }, h('span', { class: 'player-buy-wrap' }, buy, worth), lyrics.button, share, shareAt, cast),
    upNext));
  c.onDeck('volumechange', () => { volume.value = barVolume.value = String(c.playing().volume); });
  ui = { upNext, lyrics, titleLink, artistLink, shareAtBox, shareAtText, barTitle, barArtist, barSeek, barTime, art, title, artist, miniTime, open, chip, toggleBtn, progress, bigArt, bigTitle, bigArtist, badge, seek, elapsed, remaining, bigToggle, shuffle, repeat, volume, buy, worth, note, upNextList };
  c.mediaSession().then((m) => m.watchCastTargets(c.playing(), cast)).catch(() => {});
  // Ready before the buttons are pressed (sharing keeps the press's user activation).
  import('./sharing.js').catch(() => {});
  import('./buy.js').catch(() => {});
}

/** Paints the players for `track`, the current song (built the first time). */
export function render(track) {
  if (!ui) {
    // After a language switch: drawn again once that language's texts are in.
    if (!listeningTextsReady()) loadListeningExtras().then(() => { if (ui && current()) { forget(); c.render(); } });
    build();
  }
  const audio = c.playing();
  const playing = !audio.paused;
  const art = track.artworkUrl.replace(/size=\d+/, 'size=100');
  if (ui.art.getAttribute('src') !== art) ui.art.src = art;
  const bigArt = track.artworkUrl.replace(/size=\d+/, 'size=600');
  if (ui.bigArt.getAttribute('src') !== bigArt) ui.bigArt.src = bigArt;
  ui.title.textContent = ui.titleLink.textContent = ui.barTitle.textContent = track.title;
  ui.artist.textContent = ui.artistLink.textContent = ui.barArtist.textContent = track.artistName;
  ui.titleLink.href = `#/song/${encodeURIComponent(track.id)}`;
  ui.artistLink.href = `#/artist/${encodeURIComponent(track.artistId)}`;
  ui.lyrics.paint(track, c.sheet.open);
  ui.barTitle.href = `#/album/${encodeURIComponent(track.albumId)}`;
  ui.open.setAttribute('aria-label', t('player.open', { title: track.title }));
  for (const btn of [ui.toggleBtn, ui.bigToggle]) {
    btn.replaceChildren(icon(playing ? 'pause' : 'play'));
    btn.setAttribute('aria-label', playing ? t('player.pause') : t('player.play'));
  }
  const isOwnedNow = c.owned(track);
  const preOrdered = !isOwnedNow && isOwned(track); // bought before its release date: the preview until then
  ui.badge.hidden = isOwnedNow;
  ui.buy.hidden = isOwnedNow || preOrdered;
  const verb = t(isPreOrder(track) ? 'track.preOrder' : 'track.buy');
  ui.buy.textContent = `${verb} · ${priceLabel(track)}`;
  paintWorth(track);
  ui.chip.hidden = isOwnedNow || preOrdered;
  ui.chip.replaceChildren(h('span', {}, verb), h('span', { class: 'chip-sep' }, '\u00a0·\u00a0'),
    h('span', { class: 'chip-price' }, priceLabel(track)));
  ui.chip.setAttribute('aria-label', t(`track.${isPreOrder(track) ? 'preOrder' : 'buy'}Title${track.nameYourPrice ? 'From' : ''}`, { title: track.title, n: track.price }));
  ui.note.textContent = preOrdered ? t('track.preOrdered', { date: formatDate(track.availableOn) })
    : c.previewStopped() && !isOwnedNow ? t('player.previewEnded', { title: track.title, n: c.previewLimit(track) }) : '';
  ui.shuffle.setAttribute('aria-pressed', String(queue.shuffle));
  ui.repeat.setAttribute('aria-pressed', String(queue.repeat !== 'off'));
  ui.repeat.setAttribute('aria-label', t(`player.repeat.${queue.repeat}`));
  ui.repeat.dataset.mode = queue.repeat;
  renderUpNext();
  renderTime();
}

function paintWorth(track) {
  const { worth, buy } = ui;
  if (buy.hidden) { worth.hidden = true; return; }
  coinRate().then((rate) => {
    if (ui?.worth !== worth || current()?.id !== track.id) return;
    worth.textContent = moneyFor(track.price, rate);
    worth.title = worth.textContent ? t('buy.worthNote') : '';
    worth.hidden = buy.hidden || !worth.textContent;
  });
}

function renderUpNext() {
  if (isDragging()) return;
  const rows = [];
  for (let at = queue.index + 1; at < queue.tracks.length; at++) {
    const track = queue.tracks[at];
    const place = at;
    const handle = h('span', { class: 'drag-handle', 'aria-hidden': 'true', title: t('player.dragHint') });
    dragToReorder(handle, place, (from, to) => { if (to !== from) c.persist(); c.render(); });
    rows.push(h('li', { class: 'up-next-row', dataset: { trackId: track.id } }, handle,
      h('button', { class: 'up-next-play', type: 'button', onclick: () => { queue.index = place; c.load(true); } },
        h('span', { class: 'up-next-title' }, track.title), h('span', { class: 'up-next-sub' }, track.artistName),
        c.owned(track) ? null : h('span', { class: 'badge' }, t('player.preview'))),
      h('button', { class: 'icon-btn', type: 'button', 'aria-label': t('player.moveUp', { title: track.title }), disabled: at === queue.index + 1,
        onclick: () => { if (move(place, -1)) { c.persist(); c.render(); } } }, icon('up')),
      h('button', { class: 'icon-btn', type: 'button', 'aria-label': t('player.moveDown', { title: track.title }), disabled: at === queue.tracks.length - 1,
        onclick: () => { if (move(place, 1)) { c.persist(); c.render(); } } }, icon('down')),
      h('button', { class: 'icon-btn', type: 'button', 'aria-label': t('player.remove', { title: track.title }),
        onclick: () => { if (remove(place)) { c.persist(); c.render(); } } }, icon('close'))));
  }
  ui.upNextList.replaceChildren(...(rows.length ? rows : [h('li', { class: 'empty' }, t('player.upNextEmpty'))]));
}

export function renderTime() {
  if (!ui) return;
  const audio = c.playing();
  const track = current();
  const isOwnedNow = c.owned(track);
  // A preview's seek bar spans the whole song, with the part a preview reaches marked.
  const fileLength = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : 0;
  const songLength = (track?.durationMs || 0) / 1000;
  const total = isOwnedNow ? (fileLength || songLength) : Math.max(songLength, fileLength);
  const limit = isOwnedNow ? total : Math.min(c.previewLimit(track), total || c.previewLimit(track));
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
  c.mini.classList.toggle('pv', !isOwnedNow);
  ui.shareAtText.textContent = t('player.shareAt', { time: formatDuration(Math.floor(audio.currentTime) * 1000) });
}

/** Opens the full player; `upNext`: scrolled to Up next (the desktop bar's button of that name). */
async function openSheet({ upNext = false } = {}) {
  if (c.sheet.open) return;
  const opener = document.activeElement;
  await loadListeningExtras();
  if (c.sheet.open) return;
  c.sheet.classList.toggle('side-panel', sidePanel());
  if (sidePanel()) {
    c.sheet.show();
    c.sheet.querySelector('.player-close')?.focus();
    if (upNext && ui) c.sheet.scrollTop = ui.upNext.offsetTop - 8; // the panel scrolls, never the page
    // Closed, the focus goes back where it was (a modal dialog does that by itself).
    c.sheet.addEventListener('close', () => {
      if (c.sheet.contains(document.activeElement) || document.activeElement === document.body) opener?.focus?.();
    }, { once: true });
  } else c.sheet.showModal();
  const track = current();
  if (track) ui?.lyrics.paint(track, true);
}

async function shareCurrent() {
  const track = current();
  if (!track) return;
  const { shareTrack } = await import('./sharing.js');
  await shareTrack(track, ui?.shareAtBox.checked ? Math.floor(c.playing().currentTime) : 0);
}
