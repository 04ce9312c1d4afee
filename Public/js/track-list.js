// Lists of songs: rows with play, title, duration and the Buy button (or Owned, Preparing, Withdrawn),
// the Offline badge, and how a price in coins reads.
import { t, formatDuration, formatDate } from './i18n.js';
import { isSaved } from './offline.js';
import { h, icon } from './ui.js';
import { artwork } from './cards.js';
import { isPreOrder } from './release-date.js';

export function priceText(n) { return t('track.price', { n }); }

/** How the price of a song or an album reads: "10 coins", or "from 10 coins" when the buyer names the price. */
export function priceLabel(item, n = item.price) { return t(item.nameYourPrice ? 'track.priceFrom' : 'track.price', { n }); }

/** "Pre-ordered · out on DATE": a song bought before its release date (previews only until then). */
export function preOrderedMark(track) {
  return h('span', { class: 'owned-mark preorder-mark' }, t('track.preOrdered', { date: formatDate(track.availableOn) }));
}

/**
 * A list of songs. Each row: play (opens the player with this list as the queue), title/artist
 * (link to the song page), duration, and Buy (hidden once owned). `ctx` gives {play, buy, showArt}.
 */
export function trackList(tracks, ctx, { showArt = true, numbered = false } = {}) {
  return h('ol', { class: `track-list${numbered ? ' numbered' : ''}`, role: 'list' }, tracks.map((track, index) =>
    trackRow(track, ctx, { showArt, number: numbered ? track.trackNumber : null, onPlay: () => ctx.play(tracks, index) })));
}

export function trackRow(track, ctx, { showArt = true, number = null, onPlay }) {
  // "⋯", a right-click or a long press: row-menu.js.
  const menu = (e) => { if (e.type == 'contextmenu') e.preventDefault(); import('./row-menu.js').then((m) => m.rowMenu(e, track, ctx)); };
  const row = h('li', { class: 'track-row', dataset: { trackId: track.id }, oncontextmenu: menu, onpointerdown: menu },
    h('button', { class: 'icon-btn play-btn', type: 'button', 'aria-label': t('track.playTitle', { title: track.title }), onclick: onPlay },
      number !== null ? h('span', { class: 'track-no', 'aria-hidden': 'true' }, number) : null,
      icon('play')),
    showArt ? artwork(track.artworkUrl, 100, 'art art-sm', { shown: 44 }) : null,
    h('div', { class: 'track-meta' },
      h('a', { class: 'track-title', href: `#/song/${encodeURIComponent(track.id)}` }, track.title,
        track.explicit ? h('abbr', { class: 'explicit', title: t('track.explicit') }, 'E') : null),
      h('span', { class: 'track-sub' }, `${track.artistName} · ${track.albumTitle}`), offlineBadge(track)),
    h('span', { class: 'track-duration' }, formatDuration(track.durationMs)),
    buyControl(track, ctx),
    h('button', { class: 'icon-btn more-btn', type: 'button', 'aria-haspopup': 'menu', 'aria-label': t('track.more', { title: track.title }), onclick: menu }, '⋯'));
  return row;
}

/** The "Offline" mark of a song saved on this device (nothing for others). */
export function offlineBadge(track) {
  if (!isSaved(track.id)) return null;
  return h('span', { class: 'offline-badge', title: t('offline.badge') }, icon('offline'), h('span', {}, t('offline.badge')));
}

/** The Buy button for a track, or an "Owned" mark. Buttons for the same track share data-buy. */
export function buyControl(track, ctx) {
  if (track.owned && isPreOrder(track)) return preOrderedMark(track);
  if (track.owned) return h('span', { class: 'owned-mark', title: t('track.owned') }, t('track.owned'));
  // Not on sale until its preview is made (the media jobs): a purchase would answer 409.
  if (track.ready === false) return h('span', { class: 'preparing-mark', title: t('track.preparingTitle') }, t('track.preparing'));
  if (track.withdrawn) return h('span', { class: 'preparing-mark', title: t('track.withdrawnTitle') }, t('track.withdrawn'));
  // A price the buyer names reads "10+"; a song not out yet is pre-ordered (app.js marks it once bought).
  const nyp = track.nameYourPrice ? 'From' : '';
  const verb = isPreOrder(track) ? 'preOrder' : 'buy';
  return h('button', {
    class: 'btn btn-buy', type: 'button', dataset: isPreOrder(track) ? { buy: track.id, outOn: track.availableOn ?? '' } : { buy: track.id },
    'aria-label': t(`track.${verb}Label${nyp}`, { title: track.title, n: track.price }),
    title: t(`track.${verb}Title${nyp}`, { title: track.title, n: track.price }),
    onclick: () => ctx.buy(track),
  }, h('span', { 'aria-hidden': 'true' }, t(isPreOrder(track) ? 'track.preOrder' : 'track.buy')),
  h('span', { class: 'price', 'aria-hidden': 'true' }, track.nameYourPrice ? `${track.price}+` : track.price));
}
