// Lists of songs: rows with play, title, duration and the Buy button (or Owned, Preparing, Withdrawn),
// the Offline badge, and how a price in coins reads.
import { t, formatDuration } from './i18n.js';
import { isSaved } from './offline.js';
import { h, icon } from './ui.js';
import { artwork } from './cards.js';

export function priceText(n) { return t('track.price', { n }); }

/**
 * A list of songs. Each row: play (opens the player with this list as the queue), title/artist
 * (link to the song page), duration, and Buy (hidden once owned). `ctx` gives {play, buy, showArt}.
 */
export function trackList(tracks, ctx, { showArt = true, numbered = false } = {}) {
  return h('ol', { class: `track-list${numbered ? ' numbered' : ''}`, role: 'list' }, tracks.map((track, index) =>
    trackRow(track, ctx, { showArt, number: numbered ? track.trackNumber : null, onPlay: () => ctx.play(tracks, index) })));
}

export function trackRow(track, ctx, { showArt = true, number = null, onPlay }) {
  const row = h('li', { class: 'track-row', dataset: { trackId: track.id } },
    h('button', { class: 'icon-btn play-btn', type: 'button', 'aria-label': t('track.playTitle', { title: track.title }), onclick: onPlay },
      number !== null ? h('span', { class: 'track-no', 'aria-hidden': 'true' }, number) : null,
      icon('play')),
    showArt ? artwork(track.artworkUrl, 100, 'art art-sm', { shown: 44 }) : null,
    h('div', { class: 'track-meta' },
      h('a', { class: 'track-title', href: `#/song/${encodeURIComponent(track.id)}` }, track.title,
        track.explicit ? h('abbr', { class: 'explicit', title: t('track.explicit') }, 'E') : null),
      h('span', { class: 'track-sub' }, `${track.artistName} · ${track.albumTitle}`), offlineBadge(track)),
    h('span', { class: 'track-duration' }, formatDuration(track.durationMs)),
    buyControl(track, ctx));
  return row;
}

/** The "Offline" mark of a song saved on this device (nothing for others). */
export function offlineBadge(track) {
  if (!isSaved(track.id)) return null;
  return h('span', { class: 'offline-badge', title: t('offline.badge') }, icon('offline'), h('span', {}, t('offline.badge')));
}

/** The Buy button for a track, or an "Owned" mark. Buttons for the same track share data-buy. */
export function buyControl(track, ctx) {
  if (track.owned) return h('span', { class: 'owned-mark', title: t('track.owned') }, t('track.owned'));
  // Not on sale until its preview is made (the media jobs): a purchase would answer 409.
  if (track.ready === false) return h('span', { class: 'preparing-mark', title: t('track.preparingTitle') }, t('track.preparing'));
  if (track.withdrawn) return h('span', { class: 'preparing-mark', title: t('track.withdrawnTitle') }, t('track.withdrawn'));
  return h('button', {
    class: 'btn btn-buy', type: 'button', dataset: { buy: track.id },
    'aria-label': t('track.buyLabel', { title: track.title, n: track.price }),
    title: t('track.buyTitle', { title: track.title, n: track.price }),
    onclick: () => ctx.buy(track),
  }, h('span', { 'aria-hidden': 'true' }, t('track.buy')), h('span', { class: 'price', 'aria-hidden': 'true' }, track.price));
}
