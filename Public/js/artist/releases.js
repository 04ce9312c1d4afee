// Artist area › Releases: each album of the account's artists with its cover, whether it is published
// and when it is out; a form for the album (its price — empty: the sum of its songs —, "Name your
// price", the store release date — empty: out now —, published) and one per song (price, name your
// price). With "Name your price" the price is the minimum, 0 allowed (free, paying is optional).
import * as endpoints from '../endpoints-staff.js';
import { api } from '../api.js';
import { t, formatDate } from '../i18n.js';
import { h, load, toast } from '../ui.js';
import { field, wireForm } from '../forms.js';
import { artwork } from '../cards.js';
import { priceLabel } from '../track-list.js';
import { checkField, emptyNote } from '../console/admin.js';
import { coinsFrom, MAX_PRICE } from './tables.js';


function badges(release) {
  return h('span', { class: 'release-badges' },
    h('span', { class: `console-badge ${release.published ? 'badge-ok' : 'badge-danger'}` },
      t(release.published ? 'artistArea.published' : 'artistArea.unpublished')),
    ' ',
    h('span', { class: 'console-badge' }, release.preOrder && release.availableOn
      ? t('artistArea.preOrderUntil', { date: formatDate(release.availableOn) }) : t('artistArea.outNow')));
}

/** The album's form: price (empty = sum of songs), name your price, release date, published. */
function albumForm(release, repaint) {
  const id = release.albumId;
  const form = h('form', { class: 'form console-grid-form release-form', id: `release-form-${id}`, novalidate: true },
    field(t('artistArea.albumPrice'), {
      name: 'albumPrice', type: 'number', inputmode: 'numeric', min: 0, max: MAX_PRICE, step: 1,
      value: release.albumPrice ?? '', placeholder: String(release.albumPrice === null || release.albumPrice === undefined ? release.price : ''),
    }, t('artistArea.albumPriceHint')),
    field(t('artistArea.releaseDate'), { name: 'availableOn', type: 'date', value: release.availableOn ?? '' }, t('artistArea.releaseDateHint')),
    h('div', { class: 'field release-checks' },
      checkField(t('artistArea.nameYourPrice'), { name: 'nameYourPrice', checked: !!release.nameYourPrice }),
      h('p', { class: 'hint' }, t('artistArea.nameYourPriceHint')),
      checkField(t('artistArea.publishedCheck'), { name: 'published', checked: !!release.published })),
    h('div', { class: 'form-submit' }, h('button', { class: 'btn btn-primary', type: 'submit' }, t('artistArea.saveAlbum'))));
  wireForm(form, async (v) => {
    const availableOn = (v.availableOn || '').trim();
    if (availableOn && !/^\d{4}-\d{2}-\d{2}$/.test(availableOn)) {
      throw Object.assign(new Error(t('artistArea.dateWrong')), { field: 'availableOn' });
    }
    const body = {
      albumPrice: coinsFrom(v.albumPrice, 'albumPrice', { optional: true }),
      nameYourPrice: v.nameYourPrice === 'on',
      availableOn: availableOn || null,
      published: v.published === 'on',
    };
    const fresh = await api.put(endpoints.artistAlbum(id), body);
    toast(t('artistArea.saved', { title: release.title }), 'success');
    repaint(fresh, `release-form-${id}`);
  });
  return form;
}

/** A song's row: its price and whether the buyer names it. */
function trackForm(release, track, repaint) {
  const formId = `track-form-${track.id}`;
  const form = h('form', { class: 'form release-track', id: formId, novalidate: true, dataset: { trackId: track.id } },
    h('p', { class: 'release-track-title' },
      track.trackNumber ? h('span', { class: 'track-no' }, `${track.trackNumber}. `) : null,
      track.title, ' ',
      track.published === false ? h('span', { class: 'console-badge badge-danger' }, t('artistArea.unpublished')) : null),
    field(t('artistArea.songPrice'), {
      name: 'price', type: 'number', inputmode: 'numeric', min: 0, max: MAX_PRICE, step: 1, value: track.price ?? 0, required: true,
      'aria-label': t('artistArea.songPriceOf', { title: track.title }),
    }),
    checkField(t('artistArea.nameYourPrice'), { name: 'nameYourPrice', checked: !!track.nameYourPrice, 'aria-label': t('artistArea.nameYourPriceOf', { title: track.title }) }),
    h('button', { class: 'btn', type: 'submit', 'aria-label': t('artistArea.saveSongOf', { title: track.title }) }, t('artistArea.saveSong')));
  wireForm(form, async (v) => {
    const body = { price: coinsFrom(v.price, 'price'), nameYourPrice: v.nameYourPrice === 'on' };
    const fresh = await api.put(endpoints.artistTrack(track.id), body);
    toast(t('artistArea.saved', { title: track.title }), 'success');
    repaint(fresh, formId);
  });
  return form;
}

function releaseItem(release, repaint) {
  const titleId = `release-title-${release.albumId}`;
  const price = release.albumPrice === null || release.albumPrice === undefined
    ? t('artistArea.priceSum', { price: priceLabel(release) }) : priceLabel(release);
  return h('li', { class: 'panel console-panel release', dataset: { albumId: release.albumId } },
    h('div', { class: 'release-head' },
      artwork(release.artworkUrl || '', 100, 'art release-art', { shown: 80 }),
      h('div', { class: 'release-text' },
        h('h2', { id: titleId }, h('a', { href: `#/album/${encodeURIComponent(release.albumId)}` }, release.title)),
        h('p', { class: 'track-sub' }, [release.artistName, release.year].filter((x) => x !== null && x !== undefined && x !== '').join(' · ')),
        badges(release),
        h('p', { class: 'release-facts' }, t('artistArea.albumPriceNow', { price }), ' · ', t('artistArea.salesCount', { n: release.sales ?? 0 })))),
    albumForm(release, repaint),
    release.tracks?.length ? h('section', { class: 'release-tracks', 'aria-label': t('artistArea.songsOf', { title: release.title }) },
      h('h3', {}, t('artistArea.songs')),
      h('ul', { role: 'list', class: 'release-track-list' }, release.tracks.map((track) => h('li', {}, trackForm(release, track, repaint)))))
      : null);
}

export async function render(container) {
  await load(container, () => api.get(endpoints.artistReleases), (d) => {
    const releases = d.releases || [];
    if (!releases.length) { container.append(emptyNote(t('artistArea.noReleases'), 'no-releases')); return; }
    const list = h('ul', { class: 'release-list', role: 'list', id: 'releases' });
    // A saved release is drawn again from the server's answer, the focus back on the form it came from.
    const repaint = (fresh, focusId) => {
      const old = list.querySelector(`li.release[data-album-id="${CSS.escape(fresh.albumId)}"]`);
      const item = releaseItem(fresh, repaint);
      if (old) old.replaceWith(item); else list.append(item);
      document.getElementById(focusId)?.querySelector('[type=submit]')?.focus();
    };
    releases.forEach((release) => list.append(releaseItem(release, repaint)));
    container.append(h('p', { class: 'hint' }, t('artistArea.releasesHint')), list);
  });
}
