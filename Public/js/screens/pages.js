// Artist, album and playlist pages (SPEC C4, C6).
import { api } from '../api.js';
import * as endpoints from '../endpoints.js';
import { t, formatDate } from '../i18n.js';
import { h, icon, load, append, toast } from '../ui.js';
import { shelf, albumCard, artwork } from '../cards.js';
import { trackList, priceLabel } from '../track-list.js';
import { state, on } from '../state.js';
import { buyAlbum, askGuestToLogIn } from '../buy.js';
import { downloadAlbum, offlineControl } from '../owned.js';
import { isPreOrder } from '../release-date.js';
import { savedAlbumOr, savedAlbum } from '../saved-album.js';
import { coinRate, worthHint } from '../coin-value.js';

function playButton(tracks, ctx) {
  return h('button', { class: 'btn btn-primary', type: 'button', disabled: !tracks.length, onclick: () => ctx.play(tracks, 0) }, icon('play'), h('span', {}, t('album.playAll')));
}

/** Share (issue 32 #18): the link, a song's moment, a song's or album's embed code (share-dialog.js). */
export function shareButton(kind, item, options) {
  return h('button', {
    class: 'btn btn-share', type: 'button',
    onclick: () => import('../share-dialog.js').then((m) => m.openShare(kind, item, options)).catch((error) => toast(error.message, 'error')),
  }, icon('share'), h('span', {}, t('player.share')));
}

export function favouriteButton(kind, id, initial) {
  let favourite = !!initial;
  const btn = h('button', { class: 'btn btn-fav', type: 'button' });
  const paint = () => {
    btn.setAttribute('aria-pressed', String(favourite));
    btn.replaceChildren(icon('heart'), h('span', {}, favourite
      ? (kind === 'playlists' ? t('playlist.unfavourite') : t('track.unfavourite'))
      : (kind === 'playlists' ? t('playlist.favourite') : t('track.favourite'))));
  };
  btn.addEventListener('click', async () => {
    btn.disabled = true;
    try {
      const path = (kind === 'tracks' ? endpoints.favouriteTrack : endpoints.favouritePlaylist)(id);
      if (favourite) await api.del(path); else await api.put(path);
      favourite = !favourite;
      paint();
    } catch (error) {
      toast(error.message, 'error');
    } finally {
      btn.disabled = false;
    }
  });
  paint();
  return state.me ? btn : null;
}

/** Follow / Following (aria-pressed) and the follower count; a guest is asked to log in first. */
function followButton(artistId, initial) {
  let follow = initial || { following: false, followers: null };
  const count = h('span', { class: 'hint', id: 'artist-followers' });
  const btn = h('button', { class: 'btn', type: 'button', id: 'artist-follow' });
  const paint = () => {
    btn.setAttribute('aria-pressed', String(!!follow.following));
    btn.textContent = t(follow.following ? 'artist.following' : 'artist.follow');
    count.textContent = typeof follow.followers === 'number' ? t('artist.followers', { n: follow.followers }) : '';
  };
  btn.addEventListener('click', async () => {
    if (!state.me) {
      askGuestToLogIn(null, { title: t('artist.guestTitle'), text: t('artist.guestText') });
      return;
    }
    btn.disabled = true;
    try {
      const path = endpoints.artistFollow(artistId);
      follow = (await (follow.following ? api.del(path) : api.put(path))) ?? { following: !follow.following, followers: null };
      paint();
    } catch (error) {
      toast(error.message, 'error');
    } finally {
      btn.disabled = false;
      btn.focus();
    }
  });
  paint();
  return [btn, count];
}

function upcomingCard(album) {
  const card = albumCard(album);
  card.querySelector('.card-sub').textContent = t('album.outOn', { date: formatDate(album.availableOn) });
  return card;
}

export async function artist(container, route, ctx) {
  const fetch = () => Promise.all([api.get(endpoints.artist(route.id)),
    api.get(endpoints.artistFollow(route.id), { quiet: true }).catch(() => null)]);
  await load(container, fetch, ([d, follow]) => {
    // Albums still to come (a store release date after today) on their own shelf, above the others.
    const upcoming = (d.albums || []).filter(isPreOrder);
    append(container,
      h('header', { class: 'hero' },
        artwork(d.artist.imageUrl, 300, 'art hero-art round'),
        h('div', { class: 'hero-text' },
          h('h1', {}, d.artist.name),
          d.bio ? h('p', { class: 'bio' }, d.bio) : null,
          h('div', { class: 'hero-actions' }, d.topTracks?.length ? playButton(d.topTracks, ctx) : null, followButton(d.artist.id, follow),
            shareButton('artist', { id: d.artist.id, title: d.artist.name })))),
      d.topTracks?.length ? h('section', {}, h('h2', {}, t('artist.top')), trackList(d.topTracks, ctx)) : null,
      shelf(t('artist.upcoming'), upcoming, upcomingCard),
      shelf(t('artist.albums'), (d.albums || []).filter((a) => !isPreOrder(a)), albumCard),
      shelf(t('artist.other'), d.otherAlbums, albumCard));
  });
}

export async function album(container, route, ctx) {
  // Offline: the songs of it saved on this device (saved-album.js).
  // The coins' worth is read with the album, so its line does not move the buttons when it comes (song.js).
  const read = () => Promise.all([api.get(endpoints.album(route.id)).catch((error) => savedAlbumOr(error, route.id)), coinRate()]);
  await load(container, () => read().then(([d]) => d), (d) => {
    if (d.savedOffline) { savedAlbum(container, d.savedOffline, ctx); return; }
    const a = d.album;
    const buySlot = h('span', { class: 'album-buy' });
    // Where the buyer decides (issue 32 #15): "42 coins ≈ $0.42" under the actions; buyers only.
    const worth = state.me ? worthHint(0) : null;
    const paintBuy = (price, tracks = d.tracks) => {
      worth?.paint(0); // hidden unless there is something to buy
      // Withdrawn songs are not sold with the album; nothing else left to sell says so.
      const sold = tracks.filter((tr) => !tr.owned && !tr.withdrawn);
      if (!sold.length && tracks.some((tr) => !tr.owned)) {
        buySlot.replaceChildren(h('span', { class: 'preparing-mark', title: t('track.withdrawnTitle') }, t('track.withdrawn')));
      // A purchase of the album answers 409 while one of the songs it would sell is being prepared.
      // A name-your-price album may cost nothing at least: it is still offered while songs are left.
      } else if ((!state.me || price > 0 || a.nameYourPrice) && sold.some((tr) => tr.ready === false)) {
        buySlot.replaceChildren(h('span', { class: 'preparing-mark', title: t('track.preparingTitle') }, t('track.preparing')));
      } else if (!state.me || price > 0 || (a.nameYourPrice && sold.length)) {
        const verb = t(isPreOrder(a) ? 'album.preOrder' : 'album.buy');
        buySlot.replaceChildren(h('button', {
          class: 'btn', type: 'button', 'aria-label': verb, title: `${verb} · ${priceLabel(a, price)}`,
          onclick: async () => { if (await buyAlbum(a, price)) paintBuy(0, tracks.map((tr) => ({ ...tr, owned: true }))); },
        }, `${verb} · ${priceLabel(a, price)}`));
        worth?.paint(price);
      } else buySlot.replaceChildren(h('span', { class: 'owned-mark' }, t('album.allOwned')));
    };
    // Download and offline for the songs of this album the caller owns (none for guests).
    const ownedSlot = h('span', { class: 'owned-actions' });
    const paintOwned = (tracks) => {
      const owned = tracks.filter((tr) => tr.owned);
      ownedSlot.replaceChildren(...(owned.length ? [downloadAlbum(a, owned), offlineControl(owned)].filter(Boolean) : []));
    };
    paintBuy(d.priceForCaller);
    paintOwned(d.tracks);
    on('owned', async () => {
      if (!buySlot.isConnected || !state.me) return;
      try {
        const fresh = await api.get(endpoints.album(a.id), { quiet: true });
        paintBuy(fresh.priceForCaller, fresh.tracks);
        paintOwned(fresh.tracks);
      } catch { /* keep the old price */ }
    });
    append(container,
      h('header', { class: 'hero' },
        artwork(a.artworkUrl, 600, 'art hero-art'),
        h('div', { class: 'hero-text' },
          h('h1', {}, a.title),
          h('p', { class: 'hero-sub' }, h('a', { href: `#/artist/${encodeURIComponent(a.artistId)}` }, a.artistName)),
          h('p', { class: 'meta' }, [a.genre, isPreOrder(a) && a.availableOn ? t('album.outOn', { date: formatDate(a.availableOn) }) : a.releaseDate ? t('album.released', { date: formatDate(a.releaseDate) }) : a.year, t('album.tracks', { n: a.trackCount })].filter(Boolean).join(' · ')),
          h('div', { class: 'hero-actions' }, playButton(d.tracks, ctx), buySlot, ownedSlot, shareButton('album', a)),
          worth)),
      trackList(d.tracks, ctx, { showArt: false, numbered: true }));
  });
}

export async function playlist(container, route, ctx) {
  await load(container, () => api.get(endpoints.playlist(route.id)), (d) => {
    const p = d.playlist;
    append(container,
      h('header', { class: 'hero' },
        artwork(p.artworkUrl, 600, 'art hero-art'),
        h('div', { class: 'hero-text' },
          h('h1', {}, p.name),
          p.description ? h('p', { class: 'bio' }, p.description) : null,
          h('p', { class: 'meta' }, t('album.tracks', { n: p.trackCount })),
          h('div', { class: 'hero-actions' }, playButton(d.tracks, ctx), favouriteButton('playlists', p.id, d.favourite),
            shareButton('playlist', { id: p.id, title: p.name })))),
      trackList(d.tracks, ctx));
  });
}
