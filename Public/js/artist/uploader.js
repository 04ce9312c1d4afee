// Artist area › Upload: sending a draft's files to the store, tus-style (UPLOADS.md). Each file is
// announced (POST artistDraftUploads → an Upload at offset 0), then sent in 4 MiB pieces (PATCH
// artistUpload with Upload-Offset). A dropped connection or a 409 waits a little, asks the server
// where it stands (GET artistUpload, or the 409's `offset`) and goes on from there; after a few
// failed tries the file waits for "Resume" (or for the browser to be online again). Two files go
// at a time. The File objects stay here, outside the screen, so leaving the section and coming back
// (or a resume) works for as long as the page is open.
import * as endpoints from '../endpoints-staff.js';
import { api } from '../api.js';
import { t } from '../i18n.js';

export const CHUNK = 4 * 1024 * 1024;
const PARALLEL = 2;
const WAITS = [2000, 4000, 8000, 15000, 30000]; // before each new try; then "Resume"
export const MAX_SIZE = { audio: 1024 ** 3, cover: 20 * 1000 * 1000 };

const items = []; // every file added while the page is open, in order
const listeners = new Set();
let running = 0;
let counter = 0;

/** listen(fn): fn(item, event) on every change ('progress', 'state', 'complete'); returns the unsubscribe. */
export function listen(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function notify(item, event = 'state') {
  listeners.forEach((fn) => fn(item, event));
}

/** The files of a draft, in the order they were added. */
export function itemsOf(draftId) {
  return items.filter((item) => item.draftId === draftId);
}

/** True while a file of this draft is still on its way. */
export function busy(draftId) {
  return itemsOf(draftId).some((item) => item.state !== 'complete' && item.state !== 'refused');
}

const sleep = (ms, signal) => new Promise((resolve) => {
  const timer = setTimeout(resolve, ms);
  signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
});

/**
 * add(draftId, file, kind, {uploadId, offset, refused}) → the item (its `key` names its row). With an
 * uploadId (an unfinished upload of the same name and size the server knows) the file goes on from
 * there; with `refused` (a message) it only shows why it is not sent.
 */
export function add(draftId, file, kind, resume = {}) {
  const item = {
    key: `u${++counter}`, draftId, file, kind, name: file.name, size: file.size,
    uploadId: resume.uploadId ?? null, offset: resume.offset ?? 0, upload: null,
    state: 'queued', message: '', tries: 0, controller: new AbortController(),
  };
  if (resume.refused) refuse(item, resume.refused);
  else if (!file.size) refuse(item, t('artistArea.upload.empty'));
  else if (file.size > MAX_SIZE[kind]) refuse(item, t(kind === 'cover' ? 'artistArea.upload.coverTooBig' : 'artistArea.upload.tooBig'));
  items.push(item);
  notify(item);
  pump();
  return item;
}

function refuse(item, message) {
  item.state = 'refused';
  item.message = message;
}

/** Starts the next waiting files, two at a time. */
function pump() {
  while (running < PARALLEL) {
    const next = items.find((item) => item.state === 'queued');
    if (!next) break;
    running += 1;
    next.state = 'uploading';
    notify(next);
    send(next).finally(() => { running -= 1; pump(); });
  }
  watchLeaving();
}

/** A failed file queued again (the Resume button, or the browser back online). */
export function resume(item) {
  if (item.state !== 'failed') return;
  item.tries = 0;
  item.stalled = false;
  item.message = '';
  item.state = 'queued';
  notify(item);
  pump();
}

/** Stops and forgets a draft's files (the draft was deleted or published). */
export function forget(draftId) {
  for (const item of itemsOf(draftId)) {
    item.controller.abort();
    items.splice(items.indexOf(item), 1);
  }
  watchLeaving();
}

/** A failure worth trying again: no answer, a 409 (the offset moved), the server busy or down. */
function retryable(error) {
  return error?.name !== 'AbortError' && (!error?.status || error.status === 409 || error.status === 408
    || error.status === 429 || error.status >= 500);
}

async function send(item) {
  const { signal } = item.controller;
  for (;;) {
    try {
      await sendPieces(item, signal);
      item.state = 'complete';
      item.message = item.upload?.problem || '';
      notify(item, 'complete');
      return;
    } catch (error) {
      if (signal.aborted) return;
      if (!retryable(error)) {
        item.state = 'failed';
        item.message = error.message || t('error.generic');
        notify(item);
        return;
      }
      item.tries += 1;
      if (item.tries > WAITS.length) {
        item.state = 'failed';
        item.stalled = true;
        item.message = t('artistArea.upload.stalled');
        notify(item);
        return;
      }
      item.state = 'resuming';
      notify(item);
      await sleep(WAITS[item.tries - 1], signal);
      if (signal.aborted) return;
      await learnOffset(item, error, signal);
      if (item.state === 'resuming') { item.state = 'uploading'; notify(item); }
    }
  }
}

/** Where the server stands: the 409's offset, or GET artistUpload (a failure here is the next try's). */
async function learnOffset(item, error, signal) {
  if (!item.uploadId) return;
  if (error.status === 409 && Number.isInteger(error.problem?.offset)) {
    item.offset = error.problem.offset;
    return;
  }
  try {
    const upload = await api.get(endpoints.artistUpload(item.uploadId), { quiet: true, signal });
    item.offset = Number(upload.offset) || 0;
    if (upload.complete) item.upload = upload;
    notify(item, 'progress');
  } catch { /* the next PATCH says more */ }
}

async function sendPieces(item, signal) {
  if (!item.uploadId) {
    const upload = await api.post(endpoints.artistDraftUploads(item.draftId),
      { fileName: item.name, size: item.size, kind: item.kind }, { quiet: true, signal });
    item.uploadId = upload.id;
    item.offset = Number(upload.offset) || 0;
  }
  while (!item.upload) {
    const end = Math.min(item.offset + CHUNK, item.size);
    const upload = await api.patch(endpoints.artistUpload(item.uploadId), item.file.slice(item.offset, end), {
      quiet: true, signal,
      headers: { 'Upload-Offset': String(item.offset), 'Content-Type': 'application/offset+octet-stream' },
    });
    item.offset = Number(upload.offset) || end;
    item.tries = 0; // a piece went through: a later drop gets its own tries
    if (upload.complete || item.offset >= item.size) item.upload = upload;
    notify(item, 'progress');
  }
}

// Leaving the page while files are on their way asks first; back online, stalled files go on.
let guarded = false;
function beforeUnload(event) {
  event.preventDefault();
  event.returnValue = '';
}
function watchLeaving() {
  const active = items.some((item) => ['queued', 'uploading', 'resuming'].includes(item.state));
  if (active !== guarded) {
    guarded = active;
    if (active) window.addEventListener('beforeunload', beforeUnload);
    else window.removeEventListener('beforeunload', beforeUnload);
  }
}
window.addEventListener('online', () => items.filter((item) => item.state === 'failed' && item.stalled).forEach(resume));
