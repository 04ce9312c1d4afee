// A signed-in buyer's album cards (issue 32 #15): "Owned" instead of the price, or "1 of 6 songs owned".
// What the buyer owns is My Music's album list, read once (again after a purchase). Loaded by cards.js
// only for a buyer who owns something: not with the first page.
import { api } from './api.js';
import * as endpoints from './endpoints.js';
import { t } from './i18n.js';
import { state, on } from './state.js';
import { loadLibraryExtras } from './library-extras.js';

let owned = null; // Promise<Map album id → songs owned>
let ownedFor = null;
on('owned', () => { owned = null; });

function ownedSongs() {
  if (ownedFor !== state.me?.id) { owned = null; ownedFor = state.me?.id; }
  owned ??= api.get(endpoints.libraryAlbums({ sort: 'artist' }), { quiet: true })
    .then((d) => new Map(d.albums.map((e) => [e.album.id, e.ownedTracks.length])))
    .catch(() => { owned = null; return new Map(); });
  return owned;
}

/** Paints `price` (the card's price line) for the buyer's album. */
export async function paint(album, price) {
  if (!state.me || state.offline) return;
  const [songs] = await Promise.all([ownedSongs(), loadLibraryExtras()]); // texts in the language now
  const n = songs.get(album.id);
  if (!n) return;
  price.classList.add('card-owned');
  price.textContent = n >= album.trackCount ? t('track.owned') : t('library.ownedOf', { owned: n, n: album.trackCount });
}
