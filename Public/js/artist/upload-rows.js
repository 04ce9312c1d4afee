// Artist area › Upload › a draft's files: the drop zone (drag and drop, or the "Choose audio files"
// button: a real file input) and a row per file with its name, a <progress> bar, the percentage and
// what is happening ("Connection lost — resuming…", a Resume button when it keeps failing). Files the
// server has from an earlier visit show too; an unfinished one goes on when the same file is added.
import { t, currentLanguage } from '../i18n.js';
import { h } from '../ui.js';
import * as uploader from './uploader.js';

const AUDIO = /\.(mp3|flac|wav|aiff?|ogg|oga|opus|m4a|aac|alac|wma)$/i;
const isAudio = (file) => file.type.startsWith('audio/') || (!file.type && AUDIO.test(file.name));
const isImage = (file) => file.type.startsWith('image/');

function percent(fraction) {
  return new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 0 })
    .format(Math.min(1, Math.max(0, fraction)));
}

const STATUS = {
  queued: 'artistArea.upload.waiting',
  uploading: 'artistArea.upload.uploading',
  resuming: 'artistArea.upload.resuming',
  complete: 'artistArea.upload.done',
  paused: 'artistArea.upload.paused',
};

/**
 * filesPanel(draftId, serverUploads()) → {element, paint(item), paintAll(), announce(text), addFiles(files, kind)}.
 * serverUploads() gives the draft's uploads as last fetched.
 */
export function filesPanel(draftId, serverUploads) {
  const rows = new Map(); // key → {li, progress, pct, status, resume}
  const list = h('ul', { role: 'list', class: 'upload-rows', id: 'upload-rows' });
  const live = h('p', { class: 'sr-only', 'aria-live': 'polite', id: 'upload-announce' });
  const announce = (text) => { live.textContent = ''; setTimeout(() => { live.textContent = text; }, 50); };

  function entry(key, name, kind) {
    if (rows.has(key)) return rows.get(key);
    const nameId = `upload-name-${key}`;
    const parts = {
      progress: h('progress', { max: 100, value: 0, 'aria-labelledby': nameId }),
      pct: h('span', { class: 'upload-pct', 'aria-hidden': 'true' }),
      status: h('span', { class: 'upload-status' }),
      resume: h('button', { type: 'button', class: 'btn upload-resume', hidden: true, 'aria-label': t('artistArea.upload.resumeOf', { file: name }) },
        t('artistArea.upload.resume')),
    };
    parts.li = h('li', { class: 'upload-row', tabindex: '-1', dataset: { key, kind } },
      h('span', { class: 'upload-name', id: nameId }, name,
        kind === 'cover' ? h('span', { class: 'console-badge' }, t('artistArea.upload.coverBadge')) : null),
      h('span', { class: 'upload-bar' }, parts.progress, parts.pct),
      h('span', { class: 'upload-line' }, parts.status, parts.resume));
    rows.set(key, parts);
    list.append(parts.li);
    return parts;
  }

  function show(parts, { state, offset, size, message, uploadId }) {
    const fraction = state === 'complete' ? 1 : size ? offset / size : 0;
    const shown = Math.floor(fraction * 100);
    parts.li.dataset.state = state;
    if (uploadId) parts.li.dataset.uploadId = uploadId;
    parts.progress.value = shown;
    parts.progress.setAttribute('aria-valuetext', percent(shown / 100));
    parts.pct.textContent = percent(shown / 100);
    const text = state === 'paused' ? t(STATUS.paused, { pct: percent(fraction) })
      : message || (STATUS[state] ? t(STATUS[state]) : '');
    parts.status.textContent = text;
    parts.status.classList.toggle('field-error', state === 'failed' || state === 'refused' || (state === 'complete' && !!message));
    parts.resume.hidden = state !== 'failed';
  }

  /** A file added here (this visit): its row drawn again. */
  function paint(item) {
    const parts = entry(item.key, item.name, item.kind);
    if (!parts.resume.onclick) parts.resume.onclick = () => { uploader.resume(item); parts.li.focus(); };
    const before = parts.li.dataset.state;
    show(parts, item);
    if (before !== item.state) {
      if (item.state === 'resuming' && before !== 'resuming') announce(`${item.name}: ${t(STATUS.resuming)}`);
      if (item.state === 'complete') announce(`${item.name}: ${item.message || t(STATUS.complete)}`);
      if (item.state === 'failed') announce(`${item.name}: ${item.message}`);
    }
  }

  /** Every row: this visit's files, then what the server has from before that no row shows. */
  function paintAll() {
    const local = uploader.itemsOf(draftId);
    local.forEach(paint);
    const known = new Set(local.map((item) => item.uploadId).filter(Boolean));
    for (const upload of serverUploads() || []) {
      if (known.has(upload.id)) { rows.get(`s-${upload.id}`)?.li.remove(); rows.delete(`s-${upload.id}`); continue; }
      show(entry(`s-${upload.id}`, upload.fileName || '', upload.kind === 'cover' ? 'cover' : 'audio'), {
        state: upload.complete ? 'complete' : 'paused', offset: Number(upload.offset) || 0, size: Number(upload.size) || 0,
        message: upload.problem || '', uploadId: upload.id,
      });
    }
  }

  /** Files from the input or a drop: audio (or, dropped, an image for the cover; anything else refused). */
  function addFiles(files, kind = null) {
    const claimed = new Set(uploader.itemsOf(draftId).map((item) => item.uploadId).filter(Boolean));
    for (const file of files) {
      const as = kind || (isAudio(file) ? 'audio' : isImage(file) ? 'cover' : null);
      // An unfinished upload of the same file (name, size, kind) from before goes on where it stopped.
      const earlier = (serverUploads() || []).find((u) => !u.complete && !claimed.has(u.id)
        && u.fileName === file.name && Number(u.size) === file.size && u.kind === (as || 'audio'));
      if (earlier) claimed.add(earlier.id);
      uploader.add(draftId, file, as || 'audio', as ? { uploadId: earlier?.id, offset: Number(earlier?.offset) || 0 }
        : { refused: t('artistArea.upload.notAudio') });
    }
  }

  const input = h('input', { type: 'file', multiple: true, accept: 'audio/*', id: 'draft-audio-input', class: 'file-input',
    'aria-describedby': 'drop-hint' });
  input.addEventListener('change', () => { addFiles([...input.files], 'audio'); input.value = ''; });
  const zone = h('div', { class: 'drop-zone', id: 'drop-zone' },
    h('p', { id: 'drop-hint' }, t('artistArea.upload.dropHint')),
    input, h('label', { for: 'draft-audio-input', class: 'btn btn-primary' }, t('artistArea.upload.chooseAudio')));
  let depth = 0;
  zone.addEventListener('dragenter', (e) => { e.preventDefault(); depth += 1; zone.classList.add('is-over'); });
  zone.addEventListener('dragover', (e) => { e.preventDefault(); if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy'; });
  zone.addEventListener('dragleave', () => { depth = Math.max(0, depth - 1); if (!depth) zone.classList.remove('is-over'); });
  zone.addEventListener('drop', (e) => {
    e.preventDefault();
    depth = 0;
    zone.classList.remove('is-over');
    addFiles([...(e.dataTransfer?.files || [])]);
  });
  // A file dropped beside the zone would open in the tab, leaving the page (and the uploads): not here.
  const beside = (e) => {
    if (!zone.isConnected) { window.removeEventListener('dragover', beside); window.removeEventListener('drop', beside); return; }
    if (!zone.contains(e.target)) e.preventDefault();
  };
  window.addEventListener('dragover', beside);
  window.addEventListener('drop', beside);

  const element = h('section', { class: 'panel console-panel draft-files', 'aria-labelledby': 'draft-files-heading' },
    h('h2', { id: 'draft-files-heading' }, t('artistArea.upload.files')),
    zone, list, live);
  return { element, paint, paintAll, announce, addFiles };
}
