// The song page (SPEC C4): also the public page a shared link opens (plays the preview for guests).
// A moment link (`#/song/{id}?t=65`, the share page's "Open in SoTube") plays it from there.
import { api } from '../api.js';
import * as endpoints from '../endpoints.js';
import { t, formatDate, formatDuration } from '../i18n.js';
import { h, icon, load, append } from '../ui.js';
import { artwork } from '../cards.js';
import { buyControl } from '../track-list.js';
import { isOwned, state, on } from '../state.js';
import { coinRate, worthHint } from '../coin-value.js';
import { favouriteButton, shareButton } from './pages.js';
import { parseTime, startFor, playFrom, isPlaying } from '../moment.js';
import { downloadSong, offlineControl } from '../owned.js';

export async function song(container, route, ctx) {
  await load(container, async () => {
    // The coins' worth is read with the song, so its line is there when the page first shows: filled
    // later, it would move the buttons above it on a wide screen (the hero's text sits at its bottom).
    const [detail] = await Promise.all([api.get(endpoints.track(route.id)), coinRate()]);
    let favourite = false;
    if (state.me) {
      try {
        const favourites = await api.get(endpoints.favourites, { quiet: true });
        favourite = favourites.tracks.some((x) => x.id === detail.track.id);
      } catch { /* shown as not favourite */ }
    }
    // A moment's texts come with the share dialog's (loaded only for a link with `t`).
    if (route.query.get('t')) await import('../share-dialog.js').then((m) => m.loadShareTexts()).catch(() => {});
    return { ...detail, favourite };
  }, (d) => {
    const tr = d.track;
    // `?t=65` or `?t=1:05`: where this song starts for the caller (a preview's moment past its end: 0).
    const moment = parseTime(route.query.get('t')) || 0;
    const start = startFor(tr, moment, isOwned(tr));
    const playHere = () => (moment ? playFrom(ctx, tr, start) : ctx.play([tr], 0));
    const facts = [
      [t('song.album'), h('a', { href: `#/album/${encodeURIComponent(tr.albumId)}` }, tr.albumTitle)],
      tr.genre ? [t('song.genre'), tr.genre] : null,
      [t('song.duration'), formatDuration(tr.durationMs)],
      d.releaseDate ? [t('song.releaseDate'), formatDate(d.releaseDate)] : null,
      tr.explicit ? [t('track.explicit'), '✓'] : null,
    ].filter(Boolean);
    // Where the buyer decides: what the price is worth in money ("13 coins ≈ $0.13"), gone once bought.
    const worth = isOwned(tr) || tr.withdrawn || tr.ready === false ? null : worthHint(tr.price);
    if (worth) on('owned', (ids) => { if (ids.includes(tr.id)) worth.remove(); });
    append(container,
      h('header', { class: 'hero', dataset: { trackId: tr.id } },
        artwork(tr.artworkUrl, 600, 'art hero-art'),
        h('div', { class: 'hero-text' },
          h('h1', {}, tr.title),
          h('p', { class: 'hero-sub' }, h('a', { href: `#/artist/${encodeURIComponent(tr.artistId)}` }, tr.artistName)),
          h('div', { class: 'hero-actions' },
            h('button', { class: 'btn btn-primary', type: 'button', onclick: playHere, 'aria-label': t('track.play') }, icon('play'), h('span', {}, t('track.play'))),
            buyControl(tr, ctx),
            favouriteButton('tracks', tr.id, d.favourite),
            isOwned(tr) ? downloadSong(tr) : null,
            isOwned(tr) ? offlineControl([{ ...tr, owned: true }]) : null,
            shareButton('song', tr, moment ? { start: moment } : undefined)),
          worth,
          start ? h('p', { class: 'hint song-moment' }, t('share.fromMoment', { time: formatDuration(start * 1000) }))
            : moment && !isOwned(tr) ? h('p', { class: 'hint song-moment' }, t('share.pastPreview', { time: formatDuration(moment * 1000), n: tr.previewSeconds || 30 })) : null,
          isOwned(tr) ? null : h('p', { class: 'hint' }, t('song.previewNote', { n: tr.previewSeconds })))),
      h('dl', { class: 'facts' }, facts.map(([k, v]) => [h('dt', {}, k), h('dd', {}, v)])),
      d.lyrics ? h('section', {}, h('h2', {}, t('song.lyrics')), h('p', { class: 'lyrics' }, d.lyrics)) : null,
      d.artistIntro ? h('section', {}, h('h2', {}, t('song.artistIntro')), h('p', { class: 'bio' }, d.artistIntro)) : null);
    // Opened from a moment: it plays from there (not again when this song already plays, e.g. Back).
    if (moment && !isPlaying(tr)) playFrom(ctx, tr, start);
  });
}
