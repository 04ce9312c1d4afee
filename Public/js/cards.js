// Artwork images, the cards of albums, playlists, artists and moods, and the shelves that scroll them.
import { t } from './i18n.js';
import { h, icon } from './ui.js';
import { state } from './state.js';

const ARTWORK_SIZES = [100, 200, 300, 400, 600];

/**
 * Artwork image: decorative (the title is always next to it). The browser picks among the sizes
 * the server makes (100–600; AVIF where it takes it) for the `shown` CSS width, at most 1.8 times that
 * in pixels (a 168 px card on a 3× phone gets the 300 px picture: 3 KB of AVIF where the 400 px one is
 * 10 KB, and its store LCP 1.17 s, not 1.41 s, on a 1.6 Mbps link); `eager` for what the first screen shows.
 */
export function artwork(url, size = 300, cls = 'art', { shown = null, eager = false } = {}) {
  const at = (n) => url.replace(/size=\d+/, `size=${n}`);
  const src = url ? at(size) : '';
  const srcset = url && /size=\d+/.test(url) ? ARTWORK_SIZES.map((n) => `${at(n)} ${n}w`).join(', ') : undefined;
  const img = h('img', {
    class: cls, src: src || undefined, srcset, sizes: srcset ? `(min-resolution:2.5dppx) ${Math.round((shown ?? size) / 1.8)}px, ${shown ?? size}px` : undefined, alt: '',
    loading: eager ? 'eager' : 'lazy', fetchpriority: eager ? 'high' : undefined, decoding: 'async', width: size, height: size,
  });
  img.addEventListener('error', () => img.classList.add('art-missing'), { once: true });
  return img;
}

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

/** With its price; a buyer's own album says "Owned" (owned-cards.js). */
export function albumCard(album) {
  const price = album.price >= 0 ? h('span', { class: 'card-sub card-price' }, t(album.nameYourPrice ? 'track.priceFrom' : 'track.price', { n: album.price })) : null;
  if (price && state.me?.ownedCount) import('./owned-cards.js').then((m) => m.paint(album, price));
  return h('a', { class: 'card', href: `#/album/${encodeURIComponent(album.id)}` },
    artwork(album.artworkUrl, 300, 'art', { shown: 168 }),
    h('span', { class: 'card-title' }, album.title),
    h('span', { class: 'card-sub' }, album.artistName), price);
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
