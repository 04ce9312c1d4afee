// Console › Catalog: find songs (withdrawn ones too); edit a song's title, genre, explicit mark,
// lyrics and price; withdraw it from sale or restore it; rename its artist; set its album's operator
// price (empty: the price derived from the album's songs) and upload its album's artwork.
import { api } from '../api.js';
import * as endpoints from '../endpoints-staff.js';
import { t, currentLanguage } from '../i18n.js';
import { h, load, toast } from '../ui.js';
import { field } from '../forms.js';
import {
  admin, act, formDialog, confirmAction, textArea, checkField, searchForm, keepInAddress, coins, emptyNote, STAY_OPEN,
} from './admin.js';

const MAX_PICTURE_BYTES = 10 * 1024 * 1024; // the server's limit for an uploaded picture

/** A whole number from a form value, or an error on that field. */
function wholeNumber(text, name, { min, max, optional = false }) {
  const trimmed = String(text ?? '').trim();
  if (optional && trimmed === '') return null;
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isInteger(value) || value < min || value > max) {
    throw Object.assign(new Error(t('console.numberRange', { min, max })), { field: name });
  }
  return value;
}

async function lyricsOf(track) {
  if (typeof track.lyrics === 'string' || track.lyrics === null) return track.lyrics ?? '';
  const detail = await api.get(endpoints.track(track.id), { quiet: true });
  return detail?.lyrics ?? '';
}

async function editTrack(track) {
  let lyrics = null;
  try { lyrics = await lyricsOf(track); } catch { lyrics = null; } // unknown: the field is left out
  const fields = [
    field(t('console.catalog.songTitle'), { name: 'title', value: track.title, required: true, maxlength: 200 }),
    field(t('console.catalog.genre'), { name: 'genre', value: track.genre ?? '', maxlength: 200 }),
    field(t('console.catalog.price'), { name: 'price', type: 'number', inputmode: 'numeric', min: 0, max: 100000, step: 1, value: track.price, required: true },
      t('console.catalog.priceHint')),
    checkField(t('track.explicit'), { name: 'explicit', checked: !!track.explicit }),
    lyrics === null ? h('p', { class: 'hint' }, t('console.catalog.lyricsUnknown'))
      : textArea(t('song.lyrics'), { name: 'lyrics', rows: 6, maxlength: 20000 }, lyrics),
  ];
  return formDialog({
    title: t('console.catalog.editTitle', { title: track.title }),
    className: 'dialog-wide',
    fields,
    submit: t('account.save'),
    onSubmit: async (v) => {
      const change = {};
      const title = (v.title || '').trim();
      if (!title) throw Object.assign(new Error(t('console.required')), { field: 'title' });
      if (title !== track.title) change.title = title;
      const genre = (v.genre || '').trim();
      if (genre !== (track.genre ?? '')) change.genre = genre;
      const price = wholeNumber(v.price, 'price', { min: 0, max: 100000 });
      if (price !== track.price) change.price = price;
      const explicit = v.explicit === 'on';
      if (explicit !== !!track.explicit) change.explicit = explicit;
      if (lyrics !== null && v.lyrics !== undefined && v.lyrics !== lyrics) change.lyrics = v.lyrics;
      if (!Object.keys(change).length) return 'unchanged';
      await admin.patch(endpoints.adminTrack(track.id), change);
      toast(t('console.catalog.saved', { title }), 'success');
      return 'saved';
    },
  });
}

async function albumPrice(track) {
  return formDialog({
    title: t('console.catalog.albumPriceTitle', { title: track.album ?? '' }),
    intro: t('console.catalog.albumPriceIntro', { n: coins(track.albumDerivedPrice ?? 0) }),
    fields: [field(t('console.catalog.albumPrice'),
      { name: 'price', type: 'number', inputmode: 'numeric', min: 1, max: 1000000, step: 1, value: track.albumOperatorPrice ?? '' },
      t('console.catalog.albumPriceHint'))],
    submit: t('account.save'),
    onSubmit: async (v) => {
      const price = wholeNumber(v.price, 'price', { min: 1, max: 1000000, optional: true });
      await admin.put(endpoints.adminAlbumPrice(track.albumId), { price });
      toast(price === null ? t('console.catalog.albumPriceDerived', { title: track.album ?? '' })
        : t('console.catalog.albumPriceSet', { title: track.album ?? '', n: coins(price) }), 'success');
      return 'saved';
    },
  });
}

/**
 * Why the server refused, in the console's language: the server's own words (which name the
 * limit) when the console speaks English, as the server does, else `own`.
 */
function refusal(error, own) {
  return currentLanguage() === 'en' && error.problem?.detail ? error.problem.detail : own;
}

/**
 * Renames the song's artist everywhere in the store. Resolves {name} once saved (null when cancelled
 * or unchanged); the server's 409 (the name is taken) and 422 (empty or too long) show at the field.
 */
async function renameArtist(track) {
  const old = track.artist ?? '';
  const result = await formDialog({
    title: t('console.catalog.renameArtistTitle', { name: old }),
    intro: t('console.catalog.renameArtistIntro'),
    fields: [field(t('console.catalog.artistName'), { name: 'name', value: old, required: true, maxlength: 200, autocomplete: 'off', spellcheck: 'false' },
      t('console.catalog.artistNameHint'))],
    submit: t('account.save'),
    onSubmit: async (v) => {
      const name = (v.name || '').trim();
      if (!name) throw Object.assign(new Error(t('console.required')), { field: 'name' });
      if (name === old) return 'unchanged';
      try {
        await admin.patch(endpoints.adminArtist(track.artistId), { name });
      } catch (error) {
        if (error.status === 409 || error.status === 422) {
          const own = t(error.status === 409 ? 'console.catalog.artistTaken' : 'console.catalog.artistNameBad', { name });
          throw Object.assign(new Error(refusal(error, own)), { field: 'name' });
        }
        throw error;
      }
      toast(t('console.catalog.artistRenamed', { old, name }), 'success');
      return { name };
    },
  });
  return result && typeof result === 'object' ? result : null;
}

/** `url` with a query value that changes on every call: the picture is fetched again, not taken from the cache. */
function fresh(url) {
  return `${url}${url.includes('?') ? '&' : '?'}v=${Date.now()}`;
}

/** A small picture with its caption; "No artwork" in its place when there is none. */
function artworkFigure(url, caption, id) {
  const frame = h('div', { class: 'console-artwork-frame' });
  const img = h('img', { class: 'art', src: url, alt: '', width: 120, height: 120, decoding: 'async' });
  img.addEventListener('error', () => frame.replaceChildren(h('span', { class: 'console-artwork-none' }, t('console.catalog.artworkNone'))), { once: true });
  frame.append(img);
  return h('figure', { class: 'console-artwork', id }, frame, h('figcaption', {}, caption));
}

/**
 * The album's artwork: the current picture, a file to upload in its place (JPEG, PNG or WebP, at
 * most 10 MB), and the new picture once the server has it. The dialog stays open after an upload
 * so the new picture shows; the server's refusals (413, 415, 422) show at the file field.
 */
async function albumArtwork(track) {
  const albumTitle = track.album ?? '';
  // The album's artwork path stays the same when the picture changes: ask for it afresh.
  const pictures = h('div', { class: 'console-artworks' },
    artworkFigure(fresh(`${endpoints.album(track.albumId)}/artwork?size=300`), t('console.catalog.artworkNow'), 'artwork-now'));
  const status = h('p', { class: 'console-artwork-status', role: 'status', id: 'artwork-status' });
  return formDialog({
    title: t('console.catalog.artworkTitle', { title: albumTitle }),
    className: 'dialog-artwork',
    intro: t('console.catalog.artworkIntro'),
    fields: [
      pictures,
      field(t('console.catalog.artworkFile'), { name: 'artwork', type: 'file', accept: 'image/jpeg,image/png,image/webp' },
        t('console.catalog.artworkHint')),
      status,
    ],
    submit: t('console.catalog.artworkUpload'),
    onSubmit: async (v, form) => {
      const file = v.artwork;
      status.textContent = '';
      if (!(file instanceof File) || !file.name) { // nothing chosen
        throw Object.assign(new Error(t('console.catalog.artworkChoose')), { field: 'artwork' });
      }
      if (file.size > MAX_PICTURE_BYTES) throw Object.assign(new Error(t('console.catalog.artworkTooBig')), { field: 'artwork' });
      let answer;
      try {
        answer = await admin.put(endpoints.adminAlbumArtwork(track.albumId), file);
      } catch (error) {
        const own = { 413: 'console.catalog.artworkTooBig', 415: 'console.catalog.artworkUnreadable', 422: 'console.catalog.artworkBad' }[error.status];
        if (own) throw Object.assign(new Error(refusal(error, t(own))), { field: 'artwork' });
        throw error;
      }
      const url = answer?.artworkUrl || `${endpoints.album(track.albumId)}/artwork?size=300`;
      pictures.querySelector('#artwork-new')?.remove();
      pictures.append(artworkFigure(fresh(url), t('console.catalog.artworkNew'), 'artwork-new'));
      form.querySelector('input[type=file]').value = '';
      status.textContent = t('console.catalog.artworkSaved', { title: albumTitle });
      // Done: Cancel becomes Close, and has the focus (the busy Upload button lost it).
      const close = form.querySelector('.dialog-actions .btn:not([type=submit])');
      close.textContent = t('common.close');
      close.focus();
      return STAY_OPEN;
    },
  });
}

function stateBadges(track) {
  return [
    track.withdrawn ? h('span', { class: 'console-badge badge-danger' }, t('console.catalog.withdrawn')) : null,
    track.ready === false ? h('span', { class: 'console-badge' }, t('track.preparing')) : null,
    track.explicit ? h('abbr', { class: 'explicit', title: t('track.explicit') }, 'E') : null,
  ];
}

function trackRow(track, refresh) {
  const albumLine = track.albumOperatorPrice !== null && track.albumOperatorPrice !== undefined
    ? t('console.catalog.albumOperator', { n: coins(track.albumOperatorPrice), derived: coins(track.albumDerivedPrice ?? 0) })
    : t('console.catalog.albumDerived', { n: coins(track.albumDerivedPrice ?? track.albumPrice ?? 0) });
  const edit = h('button', { class: 'btn btn-small', type: 'button', dataset: { act: 'edit' }, 'aria-label': t('console.catalog.editNamed', { title: track.title }),
    onclick: () => act(edit, async () => { if ((await editTrack(track)) === 'saved') await refresh('edit'); }, { busy: false }) }, t('console.catalog.edit'));
  const withdraw = h('button', {
    class: 'btn btn-small', type: 'button', dataset: { act: 'withdraw' },
    'aria-label': t(track.withdrawn ? 'console.catalog.restoreNamed' : 'console.catalog.withdrawNamed', { title: track.title }),
    onclick: () => act(withdraw, async () => {
      if (!track.withdrawn && !(await confirmAction({
        title: t('console.catalog.withdrawTitle', { title: track.title }), text: t('console.catalog.withdrawText'),
        confirm: t('console.catalog.withdraw'), danger: true,
      }))) return;
      await admin.patch(endpoints.adminTrack(track.id), { withdrawn: !track.withdrawn });
      toast(t(track.withdrawn ? 'console.catalog.restored' : 'console.catalog.withdrawnDone', { title: track.title }), 'success');
      await refresh('withdraw');
    }),
  }, t(track.withdrawn ? 'console.catalog.restore' : 'console.catalog.withdraw'));
  const album = h('button', { class: 'btn btn-small', type: 'button', dataset: { act: 'album' }, 'aria-label': t('console.catalog.albumPriceNamed', { title: track.album ?? '' }),
    onclick: () => act(album, async () => { if ((await albumPrice(track)) === 'saved') await refresh('album'); }, { busy: false }) }, t('console.catalog.albumPrice'));
  // The list shows no pictures: nothing to draw again after an upload.
  const artwork = track.albumId ? h('button', { class: 'btn btn-small', type: 'button', dataset: { act: 'artwork' }, 'aria-label': t('console.catalog.artworkNamed', { title: track.album ?? '' }),
    onclick: () => act(artwork, () => albumArtwork(track), { busy: false }) }, t('console.catalog.artwork')) : null;
  // A new name shows on every song of the artist: the search runs again (for the new name, when it
  // was a search for the old one).
  const rename = track.artistId ? h('button', { class: 'btn btn-small', type: 'button', dataset: { act: 'artist' }, 'aria-label': t('console.catalog.renameArtistNamed', { name: track.artist ?? '' }),
    onclick: () => act(rename, async () => {
      const renamed = await renameArtist(track);
      if (renamed) await refresh('artist', { from: track.artist ?? '', to: renamed.name });
    }, { busy: false }) }, t('console.catalog.renameArtist')) : null;
  return h('li', { class: `console-item${track.withdrawn ? ' is-withdrawn' : ''}`, dataset: { trackId: track.id } },
    h('div', { class: 'console-item-main' },
      h('p', { class: 'console-item-title' }, h('a', { href: `#/song/${encodeURIComponent(track.id)}` }, track.title), ' ', stateBadges(track)),
      h('p', { class: 'track-sub' }, [
        track.artist ? h('span', { class: 'track-artist' }, track.artist) : null,
        track.album ? h('span', { class: 'track-album' }, track.album) : null,
        track.genre ? h('span', { class: 'track-genre' }, track.genre) : null,
      ].filter(Boolean).flatMap((part, i) => (i ? [' · ', part] : [part])))),
    h('dl', { class: 'console-item-facts' },
      h('div', {}, h('dt', {}, t('console.catalog.price')), h('dd', { class: 'track-price' }, coins(track.price))),
      h('div', {}, h('dt', {}, t('console.catalog.album')), h('dd', { class: 'album-price' }, albumLine))),
    // The song's own actions, then its artist's and its album's.
    h('div', { class: 'row-actions console-item-actions' },
      h('div', { class: 'action-group', role: 'group', 'aria-label': t('console.catalog.songActions') }, edit, withdraw),
      h('div', { class: 'action-group', role: 'group', 'aria-label': t('console.catalog.artistAlbumActions') }, rename, album, artwork)));
}

/** The search text after renaming an artist: a search for the old name looks for the new one. */
function afterRename(q, { from, to }) {
  const text = q.trim().toLowerCase();
  return text && from.toLowerCase().includes(text) && !to.toLowerCase().includes(text) ? to : q;
}

export async function render(container, route) {
  let q = route.query.get('q') || '';
  const results = h('div', { class: 'console-results', 'aria-live': 'polite', id: 'catalog-results' });
  // After a change the list is drawn again: the button that was used keeps the focus.
  const search = async (text = q, trackId = null, act = null) => {
    q = text;
    keepInAddress('console/catalog', { q });
    await load(results, () => admin.get(endpoints.adminTracks({ q })), (data) => {
      const tracks = data.tracks || [];
      results.append(tracks.length
        ? h('ul', { class: 'console-list', role: 'list' }, tracks.map((track) => trackRow(track, (act, renamed) => {
          const text = renamed ? afterRename(q, renamed) : q;
          if (text !== q) box.querySelector('input[type=search]').value = text;
          return search(text, track.id, act);
        })))
        : emptyNote(q ? t('search.none', { q }) : t('console.catalog.none')));
      if (tracks.length >= 50) results.append(h('p', { class: 'hint' }, t('console.moreThan50')));
    });
    if (trackId && act) results.querySelector(`.console-item[data-track-id="${CSS.escape(trackId)}"] [data-act="${act}"]`)?.focus();
  };
  const box = searchForm({ id: 'catalog-search', label: t('console.catalog.search'), placeholder: t('console.catalog.searchPlaceholder'), value: q, onSearch: search });
  container.append(box, results);
  await search(q);
}
