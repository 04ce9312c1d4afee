// Artist area › Upload › a draft's form: the album's fields (title, year, genre, album price — empty:
// the sum of its songs —, name your price, release date, the cover's place) and the table of its songs
// (number, disc, title, price, name your price, length, remove). The fields are the state: what is
// typed stays while uploads finish and add rows; readDraft() turns them into the PUT's body and
// showProblem() puts a 422's problem next to its field ("title", "tracks[2].price", "tracks"…).
import { t, formatDuration } from '../i18n.js';
import { h } from '../ui.js';
import { scrollable } from '../scroll-box.js';
import { field } from '../forms.js';
import { checkField } from '../console/admin.js';
import { coinsFrom, MAX_PRICE } from './tables.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
let rowCounter = 0;

const wrong = (message, name) => Object.assign(new Error(message), { field: name });

/** The album's fields; `cover` is the editor's cover picker, placed among them. */
export function albumFields(draft, cover) {
  return h('div', { class: 'draft-album console-grid-form' },
    field(t('artistArea.upload.albumTitle'), { name: 'title', id: 'draft-title', value: draft.title ?? '', required: true, maxlength: 200, autocomplete: 'off' }),
    field(t('artistArea.upload.year'), { name: 'year', id: 'draft-year', type: 'number', inputmode: 'numeric', min: 1000, max: 9999, step: 1, value: draft.year ?? '' }),
    field(t('artistArea.upload.genre'), { name: 'genre', id: 'draft-genre', value: draft.genre ?? '', maxlength: 100, autocomplete: 'off' }),
    field(t('artistArea.albumPrice'), { name: 'albumPrice', id: 'draft-album-price', type: 'number', inputmode: 'numeric', min: 0, max: MAX_PRICE, step: 1, value: draft.albumPrice ?? '' },
      t('artistArea.albumPriceHint')),
    field(t('artistArea.releaseDate'), { name: 'availableOn', id: 'draft-release-date', type: 'date', value: draft.availableOn ?? '' }, t('artistArea.releaseDateHint')),
    h('div', { class: 'field release-checks', dataset: { field: 'nameYourPrice' } },
      checkField(t('artistArea.nameYourPrice'), { name: 'nameYourPrice', id: 'draft-nyp', checked: !!draft.nameYourPrice }),
      h('p', { class: 'hint' }, t('artistArea.upload.albumNypHint')),
      h('p', { class: 'field-error', hidden: true })),
    cover);
}

/** A cell holding one labelled input (the label for screen readers; the column says it on screen). */
function cellField(column, label, attrs, hint = null) {
  const id = `dt-${++rowCounter}`;
  const errorId = `${id}-error`;
  const input = h('input', { ...attrs, id, 'aria-describedby': errorId });
  return h('td', { 'data-label': column, class: attrs.type === 'number' ? 'num' : undefined },
    h('div', { class: 'field', dataset: { field: attrs.name } },
      h('label', { for: id, class: 'sr-only' }, label), input, hint,
      h('p', { class: 'field-error', id: errorId, hidden: true })));
}

/**
 * The songs' table: {element, add(tracks, uploads), read(), rows()}. Rows are keyed by uploadId; a row
 * removed here stays removed when the draft is fetched again.
 */
export function trackTable(onChange) {
  const removed = new Set();
  const body = h('tbody', {});
  const empty = h('p', { class: 'empty', id: 'draft-no-tracks' }, t('artistArea.upload.noTracks'));
  const error = h('p', { class: 'field-error', id: 'draft-tracks-error', hidden: true });
  const columns = ['trackNo', 'disc', 'songTitle', 'price', 'nyp', 'length', 'remove'].map((k) => t(`artistArea.upload.col.${k}`));
  const table = scrollable(h('div', { class: 'table-wrap' }, h('table', { class: 'history console-table stack draft-tracks', id: 'draft-tracks' },
    h('caption', { class: 'sr-only' }, t('artistArea.songs')),
    h('thead', {}, h('tr', {}, columns.map((c, i) => h('th', { scope: 'col', class: [0, 1, 3].includes(i) ? 'num' : undefined }, c)))),
    body)));
  const element = h('div', { class: 'field draft-tracks-wrap', dataset: { field: 'tracks' } }, error, table, empty);
  const sync = () => { table.hidden = !body.rows.length; empty.hidden = !!body.rows.length; onChange?.(); };

  function row(track, upload) {
    const file = upload?.fileName || track.title || '';
    const name = (key) => t('artistArea.upload.fieldOf', { field: t(`artistArea.upload.col.${key}`), file });
    const ms = upload?.tags?.durationMs;
    const tr = h('tr', { dataset: { uploadId: track.uploadId } },
      cellField(columns[0], name('trackNo'), { name: 'trackNumber', type: 'number', inputmode: 'numeric', min: 1, max: 999, step: 1, value: track.trackNumber ?? '' }),
      cellField(columns[1], name('disc'), { name: 'discNumber', type: 'number', inputmode: 'numeric', min: 1, max: 99, step: 1, value: track.discNumber ?? 1 }),
      cellField(columns[2], name('songTitle'), { name: 'title', value: track.title ?? '', required: true, maxlength: 200, autocomplete: 'off' },
        file && file !== track.title ? h('span', { class: 'hint draft-file' }, file) : null),
      cellField(columns[3], name('price'), { name: 'price', type: 'number', inputmode: 'numeric', min: 0, max: MAX_PRICE, step: 1, value: track.price ?? 10 }),
      h('td', { 'data-label': columns[4] }, h('div', { class: 'field', dataset: { field: 'nameYourPrice' } },
        checkField(h('span', { class: 'sr-only' }, name('nyp')), { name: 'nameYourPrice', checked: !!track.nameYourPrice }))),
      h('td', { 'data-label': columns[5], class: 'num draft-length' }, ms ? formatDuration(ms) : '—'),
      h('td', { 'data-label': columns[6] }, h('button', {
        type: 'button', class: 'btn btn-danger draft-remove', 'aria-label': t('artistArea.upload.removeOf', { file }),
        onclick: () => {
          const next = tr.nextElementSibling || tr.previousElementSibling;
          removed.add(track.uploadId);
          tr.remove();
          sync();
          (next?.querySelector('.draft-remove') || document.getElementById('draft-audio-input'))?.focus();
        },
      }, t('artistArea.upload.remove'))));
    tr.addEventListener('input', () => onChange?.());
    return tr;
  }

  return {
    element,
    /** Rows for the draft's tracks not shown yet (and not removed here). */
    add(tracks, uploads) {
      const shown = new Set([...body.rows].map((tr) => tr.dataset.uploadId));
      const byId = new Map((uploads || []).map((u) => [u.id, u]));
      for (const track of tracks || []) {
        if (shown.has(track.uploadId) || removed.has(track.uploadId)) continue;
        body.append(row(track, byId.get(track.uploadId)));
      }
      sync();
    },
    rows: () => [...body.rows],
    /** The songs as the PUT wants them; a wrong value throws with the field `tracks[i].name`. */
    read() {
      return [...body.rows].map((tr, i) => {
        const value = (name) => tr.querySelector(`[name="${name}"]`);
        const whole = (name, min, max) => {
          const text = value(name).value.trim();
          const n = Number(text);
          if (!text || !Number.isInteger(n) || n < min || n > max) throw wrong(t('artistArea.upload.wholeNumber', { min, max }), `tracks[${i}].${name}`);
          return n;
        };
        const title = value('title').value.trim();
        if (!title) throw wrong(t('form.required'), `tracks[${i}].title`);
        let price;
        try { price = coinsFrom(value('price').value, 'price'); } catch (e) { throw wrong(e.message, `tracks[${i}].price`); }
        return { uploadId: tr.dataset.uploadId, title, trackNumber: whole('trackNumber', 1, 999), discNumber: whole('discNumber', 1, 99),
          price, nameYourPrice: value('nameYourPrice').checked };
      });
    },
  };
}

/** The PUT's body from the form (and the cover chosen); a wrong value throws with its field. */
export function readDraft(form, table, coverUploadId) {
  const text = (id) => form.querySelector(`#${id}`).value.trim();
  const title = text('draft-title');
  if (!title) throw wrong(t('form.required'), 'title');
  const yearText = text('draft-year');
  const year = yearText ? Number(yearText) : null;
  if (yearText && (!Number.isInteger(year) || year < 1000 || year > 9999)) throw wrong(t('artistArea.upload.yearWrong'), 'year');
  const availableOn = text('draft-release-date');
  if (availableOn && !DATE.test(availableOn)) throw wrong(t('artistArea.dateWrong'), 'availableOn');
  return {
    title, year, genre: text('draft-genre') || null,
    albumPrice: coinsFrom(text('draft-album-price'), 'albumPrice', { optional: true }),
    nameYourPrice: form.querySelector('#draft-nyp').checked,
    availableOn: availableOn || null,
    coverUploadId: coverUploadId || null,
    tracks: table.read(),
  };
}

/** Clears the field errors shown before. */
export function clearProblems(form) {
  form.querySelectorAll('.field-error').forEach((e) => { e.hidden = true; e.textContent = ''; });
  form.querySelectorAll('[aria-invalid]').forEach((e) => e.removeAttribute('aria-invalid'));
}

/** Shows an error next to its field (focused); false when it names none here. */
export function showProblem(form, error) {
  const name = String(error?.field ?? '');
  const song = /^tracks(?:\[(\d+)\]|\.(\d+))(?:\.(\w+))?$/.exec(name);
  let wrap = null;
  if (song) {
    const tr = form.querySelectorAll('#draft-tracks tbody tr')[Number(song[1] ?? song[2])];
    wrap = tr && song[3] ? tr.querySelector(`.field[data-field="${CSS.escape(song[3])}"]`) : null;
    wrap ??= form.querySelector('.field[data-field="tracks"]');
  } else if (name) {
    const last = name.split('.').pop();
    wrap = form.querySelector(`.draft-album .field[data-field="${CSS.escape(last)}"]`);
  }
  if (!wrap) return false;
  const message = wrap.querySelector(':scope > .field-error');
  if (!message) return false;
  message.textContent = error.problem?.detail || error.message;
  message.hidden = false;
  const input = wrap.querySelector('input');
  input?.setAttribute('aria-invalid', 'true');
  (input || wrap.querySelector('button'))?.focus();
  if (!input) wrap.scrollIntoView({ block: 'center' });
  return true;
}

/** The album price's placeholder: the songs' sum, as the store would charge it. */
export function sumOfSongs(table) {
  return table.rows().reduce((sum, tr) => sum + (Number(tr.querySelector('[name="price"]').value) || 0), 0);
}
