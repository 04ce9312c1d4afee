// Console › Catalog: find songs (withdrawn ones too); edit a song's title, genre, explicit mark,
// lyrics and price; withdraw it from sale or restore it; set its album's operator price (empty: the
// price derived from the album's songs).
import { api } from '../api.js';
import * as endpoints from '../endpoints.js';
import { t } from '../i18n.js';
import { h, load, toast } from '../ui.js';
import { field } from '../forms.js';
import {
  admin, act, formDialog, confirmAction, textArea, checkField, searchForm, keepInAddress, coins, emptyNote,
} from './admin.js';

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
  return h('li', { class: `console-item${track.withdrawn ? ' is-withdrawn' : ''}`, dataset: { trackId: track.id } },
    h('div', { class: 'console-item-main' },
      h('p', { class: 'console-item-title' }, h('a', { href: `#/song/${encodeURIComponent(track.id)}` }, track.title), ' ', stateBadges(track)),
      h('p', { class: 'track-sub' }, [track.artist, track.album, track.genre].filter(Boolean).join(' · '))),
    h('dl', { class: 'console-item-facts' },
      h('div', {}, h('dt', {}, t('console.catalog.price')), h('dd', { class: 'track-price' }, coins(track.price))),
      h('div', {}, h('dt', {}, t('console.catalog.album')), h('dd', { class: 'album-price' }, albumLine))),
    h('div', { class: 'row-actions' }, edit, withdraw, album));
}

export async function render(container, route) {
  let q = route.query.get('q') || '';
  let token = 0;
  const results = h('div', { class: 'console-results', 'aria-live': 'polite', id: 'catalog-results' });
  // After a change the list is drawn again: the button that was used keeps the focus.
  const search = async (text = q, trackId = null, act = null) => {
    q = text;
    keepInAddress('console/catalog', { q });
    const mine = ++token;
    await load(results, () => admin.get(endpoints.adminTracks({ q })), (data) => {
      if (mine !== token) return;
      const tracks = data.tracks || [];
      results.append(tracks.length
        ? h('ul', { class: 'console-list', role: 'list' }, tracks.map((track) => trackRow(track, (act) => search(q, track.id, act))))
        : emptyNote(q ? t('search.none', { q }) : t('console.catalog.none')));
      if (tracks.length >= 50) results.append(h('p', { class: 'hint' }, t('console.moreThan50')));
    });
    if (trackId && act) results.querySelector(`.console-item[data-track-id="${CSS.escape(trackId)}"] [data-act="${act}"]`)?.focus();
  };
  container.append(
    searchForm({ id: 'catalog-search', label: t('console.catalog.search'), placeholder: t('console.catalog.searchPlaceholder'), value: q, onSearch: search }),
    results);
  await search(q);
}
