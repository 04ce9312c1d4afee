// What the player draws from the queue and the playing element: the Up next list and the
// timeline (seek bars, times, the preview's reach, the mini player's progress).
import { t, formatDuration } from './i18n.js';
import { h, icon } from './ui.js';
import { isOwned } from './state.js';
import { queue, move, remove } from './queue.js';

function owned(track) { return track && isOwned(track); }

/** Seconds of a song a guest hears (the server's preview length). */
export function previewLimit(track) { return track?.previewSeconds || 30; }

/** The songs after the playing one; `play(place)` starts a row, `changed()` saves and redraws after a
 * move or removal. */
export function renderUpNext(list, { play, changed }) {
  const rows = [];
  for (let at = queue.index + 1; at < queue.tracks.length; at++) {
    const track = queue.tracks[at];
    const place = at;
    rows.push(h('li', { class: 'up-next-row', dataset: { trackId: track.id } },
      h('button', { class: 'up-next-play', type: 'button', onclick: () => play(place) },
        h('span', { class: 'up-next-title' }, track.title), h('span', { class: 'up-next-sub' }, track.artistName),
        owned(track) ? null : h('span', { class: 'badge' }, t('player.preview'))),
      h('button', { class: 'icon-btn', type: 'button', 'aria-label': t('player.moveUp', { title: track.title }), disabled: at === queue.index + 1,
        onclick: () => { if (move(place, -1)) changed(); } }, icon('up')),
      h('button', { class: 'icon-btn', type: 'button', 'aria-label': t('player.moveDown', { title: track.title }), disabled: at === queue.tracks.length - 1,
        onclick: () => { if (move(place, 1)) changed(); } }, icon('down')),
      h('button', { class: 'icon-btn', type: 'button', 'aria-label': t('player.remove', { title: track.title }),
        onclick: () => { if (remove(place)) changed(); } }, icon('close'))));
  }
  list.replaceChildren(...(rows.length ? rows : [h('li', { class: 'empty' }, t('player.upNextEmpty'))]));
}

/** The seek bars, the times and the mini player's progress for `track` playing in `audio`. */
export function renderTime(ui, audio, track) {
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
