// DOM helpers, dialogs, toasts and the shared list/card renderers.
import { t, formatDuration } from './i18n.js';
import { isSaved } from './offline.js';

/** h('button', {class: 'x', onclick}, 'text', child) → element. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (key === 'class') el.className = value;
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (value === true) el.setAttribute(key, '');
    else el.setAttribute(key, value);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function icon(name) {
  const paths = {
    play: 'M8 5v14l11-7z',
    pause: 'M6 5h4v14H6zm8 0h4v14h-4z',
    prev: 'M6 6h2v12H6zm3.5 6 8.5 6V6z',
    next: 'M16 6h2v12h-2zM6 18l8.5-6L6 6z',
    share: 'M12 3 7.5 7.5l1.4 1.4L11 6.8V15h2V6.8l2.1 2.1 1.4-1.4zM5 13v7h14v-7h-2v5H7v-5z',
    store: 'M4 4h16l-1.5 6H5.5zM5 12h14v8H5z',
    music: 'M12 3v10.6A4 4 0 1 0 14 17V7h4V3z',
    account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8m0 2c-4 0-8 2-8 5v1h16v-1c0-3-4-5-8-5',
    login: 'M10 17v-3H3v-4h7V7l5 5zm3-14h7v18h-7v-2h5V5h-5z',
    register: 'M15 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8m-9-2V7H4v3H1v2h3v3h2v-3h3v-2zm9 4c-2.7 0-8 1.3-8 4v2h16v-2c0-2.7-5.3-4-8-4',
    search: 'M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 14 15.5l.3.3v.8l5 5 1.5-1.5zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9',
    close: 'M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z',
    heart: 'M12 21 10.6 19.7C5.4 15 2 12 2 8.4 2 5.4 4.4 3 7.5 3c1.7 0 3.4.8 4.5 2.1A6 6 0 0 1 16.5 3C19.6 3 22 5.4 22 8.4c0 3.6-3.4 6.6-8.6 11.3z',
    cast: 'M1 18v3h3a3 3 0 0 0-3-3m0-4v2a5 5 0 0 1 5 5h2a7 7 0 0 0-7-7m0-4v2a9 9 0 0 1 9 9h2A11 11 0 0 0 1 10m20-7H3a2 2 0 0 0-2 2v3h2V5h18v14h-7v2h7a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2',
    back: 'M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z',
    shuffle: 'M10.6 9.2 5.4 4 4 5.4l5.2 5.2zM14.5 4l2 2L4 18.6 5.4 20 18 7.5l2 2V4zm.3 9.4-1.4 1.4 3.1 3.1-2 2H20v-5.5l-2 2z',
    repeat: 'M7 7h10v3l4-4-4-4v3H5v6h2zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2z',
    volume: 'M3 9v6h4l5 5V4L7 9zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4M14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6',
    queue: 'M3 6h12v2H3zm0 4h12v2H3zm0 4h8v2H3zm14-4v6.2a3 3 0 1 0 2 2.8V12h3v-2z',
    chevronLeft: 'M15.4 7.4 14 6l-6 6 6 6 1.4-1.4-4.6-4.6z',
    chevronRight: 'M8.6 16.6 10 18l6-6-6-6-1.4 1.4 4.6 4.6z',
    up: 'M7.4 15.4 12 10.8l4.6 4.6L18 14l-6-6-6 6z',
    down: 'M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z',
    // A coin (rim and a star), not a currency sign: coins are not money.
    coin: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20m0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16m0 2.8 1.5 3.3 3.6.4-2.7 2.4.8 3.5L12 14.6l-3.2 1.8.8-3.5-2.7-2.4 3.6-.4z',
    download: 'M11 4h2v8.2l3.1-3.1 1.4 1.4L12 16l-5.5-5.5 1.4-1.4 3.1 3.1zM5 18h14v2H5z',
    offline: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20m-1 5h2v5.2l2.1-2.1 1.4 1.4L12 16l-4.5-4.5 1.4-1.4 2.1 2.1z',
  };
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'icon');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', paths[name] || '');
  path.setAttribute('fill-rule', 'evenodd');
  svg.append(path);
  return svg;
}

const ARTWORK_SIZES = [100, 200, 300, 600];

/**
 * Artwork image: decorative (the title is always next to it). The browser picks among the sizes
 * the server makes (100, 200, 300, 600) for the `shown` CSS width; `eager` for what the first screen shows.
 */
export function artwork(url, size = 300, cls = 'art', { shown = null, eager = false } = {}) {
  const at = (n) => url.replace(/size=\d+/, `size=${n}`);
  const src = url ? at(size) : '';
  const srcset = url && /size=\d+/.test(url) ? ARTWORK_SIZES.map((n) => `${at(n)} ${n}w`).join(', ') : undefined;
  const img = h('img', {
    class: cls, src: src || undefined, srcset, sizes: srcset ? `${shown ?? size}px` : undefined, alt: '',
    loading: eager ? 'eager' : 'lazy', fetchpriority: eager ? 'high' : undefined, decoding: 'async', width: size, height: size,
  });
  img.addEventListener('error', () => img.classList.add('art-missing'), { once: true });
  return img;
}

export function spinner(label = t('common.loading')) {
  return h('div', { class: 'spinner-wrap', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('span', { class: 'sr-only' }, label));
}

/** Renders an error panel with a retry button into `container`. */
export function errorPanel(message, retry) {
  return h('div', { class: 'error-panel', role: 'alert' },
    h('p', {}, message),
    retry ? h('button', { class: 'btn', type: 'button', onclick: retry }, t('error.retry')) : null);
}

/** What a missing page shows: trying again cannot help, going to the store can. */
export function notFoundPanel() {
  return h('div', { class: 'error-panel not-found', role: 'alert' },
    h('p', {}, t('error.notFound')),
    h('a', { class: 'btn btn-primary', href: '#/store' }, t('library.goStore')));
}

/** Loads data with a spinner, shows a clear message and a retry button on failure. */
export async function load(container, fetcher, render) {
  container.replaceChildren(spinner());
  container.setAttribute('aria-busy', 'true');
  try {
    const data = await fetcher();
    container.replaceChildren();
    render(data);
  } catch (error) {
    container.replaceChildren(error.status === 404 ? notFoundPanel()
      : errorPanel(error.message, () => load(container, fetcher, render)));
  } finally {
    container.removeAttribute('aria-busy');
  }
}

// ---- toasts -------------------------------------------------------------------------------

export function toast(message, kind = 'info') {
  const region = document.getElementById('toasts');
  const item = h('div', { class: `toast toast-${kind}`, role: kind === 'error' ? 'alert' : 'status' },
    h('span', {}, message),
    h('button', { class: 'icon-btn', type: 'button', 'aria-label': t('common.dismiss'), onclick: () => item.remove() }, icon('close')));
  region.append(item);
  while (region.children.length > 2) region.firstElementChild.remove();
  raiseToasts(region);
  setTimeout(() => { item.remove(); raiseToasts(region); }, kind === 'error' ? 9000 : 5000);
}

/** Toasts live in a manual popover so they show above open dialogs (the player, confirmations). */
function raiseToasts(region) {
  if (typeof region.showPopover !== 'function') return;
  if (region.matches(':popover-open')) region.hidePopover();
  if (region.children.length) region.showPopover();
}

// ---- dialogs ------------------------------------------------------------------------------

/**
 * A modal dialog: dialog({title, body, actions: [{label, value, primary}]}) → Promise(value or null).
 * An action may carry `run` (async): the dialog shows a spinner until it settles; if it throws, the
 * message is shown inside the dialog and the dialog stays open.
 */
export function dialog({ title, body, actions, className = '' }) {
  return new Promise((resolve) => {
    const titleId = `dlg-${Math.random().toString(36).slice(2)}`;
    const message = h('p', { class: 'dialog-error', role: 'alert', hidden: true });
    const buttons = actions.map((action) => h('button', {
      type: 'button',
      class: action.primary ? 'btn btn-primary' : 'btn',
      onclick: async (event) => {
        if (action.run) {
          const btn = event.currentTarget;
          buttons.forEach((b) => { b.disabled = true; });
          btn.classList.add('busy');
          el.setAttribute('aria-busy', 'true');
          message.hidden = true;
          try {
            const result = await action.run();
            finish(result === undefined ? action.value : result);
          } catch (error) {
            message.textContent = error.message;
            message.hidden = false;
            if (action.retryLabel) btn.textContent = action.retryLabel;
          } finally {
            buttons.forEach((b) => { b.disabled = false; });
            btn.classList.remove('busy');
            el.removeAttribute('aria-busy');
          }
        } else {
          finish(action.value);
        }
      },
    }, action.label));
    const el = h('dialog', { class: `dialog ${className}`, 'aria-labelledby': titleId },
      h('h2', { id: titleId }, title),
      typeof body === 'string' ? h('p', {}, body) : body,
      message,
      h('div', { class: 'dialog-actions' }, buttons));
    let done = false;
    function finish(value) {
      if (done) return;
      done = true;
      el.close();
      el.remove();
      resolve(value ?? null);
    }
    el.addEventListener('cancel', (e) => { e.preventDefault(); finish(null); });
    document.body.append(el);
    el.showModal();
    (buttons.find((b) => b.classList.contains('btn-primary')) || buttons[0])?.focus();
  });
}

// ---- shared renderers ---------------------------------------------------------------------

export function priceText(n) { return t('track.price', { n }); }

/**
 * A horizontally scrollable row of cards with a heading; arrow buttons scroll it a page at a time
 * (pointer devices), and `seeAll` (a hash) adds a "See all" link.
 */
export function shelf(title, items, renderCard, { seeAll = null } = {}) {
  if (!items || !items.length) return null;
  shelfCount += 1;
  const first = shelfCount === 1;
  const id = `shelf-${title.replace(/\W+/g, '-').toLowerCase()}-${Math.random().toString(36).slice(2, 6)}`;
  const row = h('ul', { class: 'shelf-row', role: 'list' }, items.map((item, i) => {
    const card = renderCard(item);
    const img = card.querySelector('img');
    // The first shelf's first cards are what a phone shows first: load them at once. Cards further
    // along a shelf wait until the shelf is scrolled near them.
    if (first && i < 2) img?.setAttribute('loading', 'eager');
    else if (img) deferUntilVisible(img);
    return h('li', {}, card);
  }));
  const scroll = (direction) => row.scrollBy({ left: direction * row.clientWidth * 0.9, behavior: 'smooth' });
  const back = h('button', { class: 'icon-btn shelf-arrow', type: 'button', 'aria-label': t('shelf.previous', { title }), onclick: () => scroll(-1) }, icon('chevronLeft'));
  const forward = h('button', { class: 'icon-btn shelf-arrow', type: 'button', 'aria-label': t('shelf.next', { title }), onclick: () => scroll(1) }, icon('chevronRight'));
  const paint = () => {
    back.disabled = row.scrollLeft <= 2;
    forward.disabled = row.scrollLeft + row.clientWidth >= row.scrollWidth - 2;
  };
  row.addEventListener('scroll', paint, { passive: true });
  requestAnimationFrame(paint);
  return h('section', { class: 'shelf', 'aria-labelledby': id },
    h('div', { class: 'shelf-head' },
      h('h2', { id }, title),
      seeAll ? h('a', { class: 'see-all', href: seeAll }, t('shelf.seeAll')) : null,
      h('span', { class: 'shelf-arrows' }, back, forward)),
    row);
}

let shelfCount = 0;

// Lazy images in a horizontal shelf: the browser's own lazy loading fetches every card near the
// viewport, even those clipped by the shelf. An IntersectionObserver sees the clipping.
let shelfImages = null;
function deferUntilVisible(img) {
  if (!('IntersectionObserver' in window)) return;
  shelfImages ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const image = entry.target;
      shelfImages.unobserve(image);
      if (image.dataset.srcset) image.srcset = image.dataset.srcset;
      if (image.dataset.src) image.src = image.dataset.src;
    }
  }, { rootMargin: '0px' });
  if (img.getAttribute('srcset')) { img.dataset.srcset = img.getAttribute('srcset'); img.removeAttribute('srcset'); }
  if (img.getAttribute('src')) { img.dataset.src = img.getAttribute('src'); img.removeAttribute('src'); }
  shelfImages.observe(img);
}
/** Called when a screen is drawn: the next shelf is the screen's first again. */
export function resetShelves() { shelfCount = 0; }

export function albumCard(album) {
  return h('a', { class: 'card', href: `#/album/${encodeURIComponent(album.id)}` },
    artwork(album.artworkUrl, 300, 'art', { shown: 168 }),
    h('span', { class: 'card-title' }, album.title),
    h('span', { class: 'card-sub' }, album.artistName));
}

export function playlistCard(playlist) {
  return h('a', { class: 'card', href: `#/playlist/${encodeURIComponent(playlist.id)}` },
    artwork(playlist.artworkUrl, 300, 'art', { shown: 168 }),
    h('span', { class: 'card-title' }, playlist.name),
    h('span', { class: 'card-sub' }, t('album.tracks', { n: playlist.trackCount })));
}

export function artistCard(artist) {
  return h('a', { class: 'card card-round', href: `#/artist/${encodeURIComponent(artist.id)}` },
    artwork(artist.imageUrl, 300, 'art', { shown: 168 }),
    h('span', { class: 'card-title' }, artist.name));
}

export function moodCard(mood) {
  return h('a', { class: 'card card-mood', href: `#/playlist/${encodeURIComponent(mood.playlistId)}` },
    artwork(mood.artworkUrl, 300, 'art', { shown: 168 }),
    h('span', { class: 'card-title' }, mood.name));
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
    'aria-label': t('track.buy'),
    title: t('track.buyTitle', { title: track.title, n: track.price }),
    onclick: () => ctx.buy(track),
  }, h('span', { 'aria-hidden': 'true' }, t('track.buy')), h('span', { class: 'price', 'aria-hidden': 'true' }, track.price));
}
