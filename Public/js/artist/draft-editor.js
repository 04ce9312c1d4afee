// Artist area › Upload › one draft (#/artist/upload/DRAFTID): its files (js/artist/upload-rows.js,
// sent by js/artist/uploader.js), the album's fields with the cover, the songs' table
// (js/artist/draft-form.js: a row appears as each song's upload completes), and Save draft, Publish
// (saved first, then published: its songs go on sale once their previews are made) and Delete draft.
import * as endpoints from '../endpoints-staff.js';
import { api } from '../api.js';
import { t } from '../i18n.js';
import { h, icon, load, toast } from '../ui.js';
import { go } from '../router.js';
import { dialog } from '../dialog.js';
import * as uploader from './uploader.js';
import { filesPanel } from './upload-rows.js';
import { albumFields, trackTable, readDraft, clearProblems, showProblem, sumOfSongs } from './draft-form.js';

/** The cover: a picture input (sent like the songs), its preview from the local file, Remove. */
function coverPicker(draft, files) {
  const state = { uploadId: draft.coverUploadId ?? null, url: null, name: null };
  const image = h('img', { class: 'draft-cover-art', alt: t('artistArea.upload.coverPreview'), hidden: true });
  const note = h('p', { class: 'hint', id: 'draft-cover-note' });
  const input = h('input', { type: 'file', accept: 'image/*', id: 'draft-cover-input', class: 'file-input', 'aria-describedby': 'draft-cover-note' });
  const remove = h('button', { type: 'button', class: 'btn', id: 'draft-cover-remove', hidden: true }, t('artistArea.upload.removeCover'));
  const element = h('div', { class: 'field draft-cover', dataset: { field: 'coverUploadId' } },
    h('span', { class: 'field-label' }, t('artistArea.upload.cover')),
    h('div', { class: 'draft-cover-row' }, image,
      h('div', { class: 'draft-cover-actions' }, note, input,
        h('label', { for: 'draft-cover-input', class: 'btn' }, t('artistArea.upload.chooseCover')), remove)),
    h('p', { class: 'field-error', hidden: true }));
  const paint = () => {
    const known = (files() || []).find((u) => u.id === state.uploadId);
    image.hidden = !state.url;
    if (state.url) image.src = state.url;
    const name = known?.fileName || state.name;
    note.textContent = state.uploadId ? (name ? t('artistArea.upload.coverIs', { file: name }) : t('artistArea.upload.coverSet'))
      : t('artistArea.upload.noCover');
    remove.hidden = !state.uploadId;
  };
  const use = (item) => {
    if (state.url) URL.revokeObjectURL(state.url);
    state.uploadId = item.upload.id;
    state.url = URL.createObjectURL(item.file);
    state.name = item.name;
    paint();
  };
  // A cover sent during this visit (before leaving the section and coming back) is still the cover.
  const earlier = uploader.itemsOf(draft.id).filter((i) => i.kind === 'cover' && i.state === 'complete' && !i.message).pop();
  if (earlier && (!state.uploadId || state.uploadId === earlier.upload.id)) use(earlier); else paint();
  remove.addEventListener('click', () => {
    if (state.url) URL.revokeObjectURL(state.url);
    Object.assign(state, { uploadId: null, url: null, name: null });
    paint();
    input.focus();
  });
  return { element, input, state, use, paint };
}

function busyWhile(buttons, button, run) {
  buttons.forEach((b) => { b.disabled = true; });
  button.classList.add('busy');
  return run().finally(() => {
    buttons.forEach((b) => { b.disabled = false; });
    button.classList.remove('busy');
  });
}

function build(container, draft, heading) {
  const id = draft.id;
  let uploads = draft.uploads || [];
  heading.textContent = draft.title || t('artistArea.upload.untitled');
  const files = filesPanel(id, () => uploads);
  const cover = coverPicker(draft, () => uploads);
  let albumPrice = null; // the album price's placeholder follows the songs' sum
  const table = trackTable(() => { if (albumPrice) albumPrice.placeholder = String(sumOfSongs(table)); });
  const status = h('p', { class: 'form-error', role: 'alert', hidden: true, id: 'draft-status' });
  const save = h('button', { type: 'submit', class: 'btn btn-primary', id: 'draft-save' }, t('artistArea.upload.save'));
  const publish = h('button', { type: 'button', class: 'btn btn-primary', id: 'draft-publish' }, t('artistArea.upload.publish'));
  const remove = h('button', { type: 'button', class: 'btn btn-danger', id: 'draft-delete' }, t('artistArea.upload.deleteDraft'));
  const buttons = [save, publish, remove];
  const form = h('form', { class: 'form draft-form', id: 'draft-form', novalidate: true, 'aria-labelledby': 'draft-album-heading' },
    h('section', { class: 'panel console-panel', 'aria-labelledby': 'draft-album-heading' },
      h('h2', { id: 'draft-album-heading' }, t('artistArea.upload.album')),
      albumFields(draft, cover.element)),
    h('section', { class: 'panel console-panel', 'aria-labelledby': 'draft-songs-heading' },
      h('h2', { id: 'draft-songs-heading' }, t('artistArea.songs')),
      h('p', { class: 'hint' }, t('artistArea.releasesHint')),
      table.element),
    status,
    h('div', { class: 'row-actions draft-actions' }, save, publish, remove));
  albumPrice = form.querySelector('#draft-album-price');
  table.add(draft.tracks, uploads);

  // The draft fetched again as songs finish: their rows join the table (what was typed stays).
  let refreshing = null;
  let again = false;
  const refresh = () => {
    if (refreshing) { again = true; return; }
    refreshing = (async () => {
      do {
        again = false;
        try {
          const fresh = await api.get(endpoints.artistDraft(id), { quiet: true });
          uploads = fresh.uploads || uploads;
          table.add(fresh.tracks, uploads);
          files.paintAll();
          cover.paint();
        } catch (error) {
          toast(error.message, 'error');
        }
      } while (again && container.isConnected);
    })().finally(() => { refreshing = null; });
  };
  const stop = uploader.listen((item, event) => {
    if (!container.isConnected || !form.isConnected) { stop(); return; }
    if (item.draftId !== id) return;
    files.paintAll();
    if (event !== 'complete') return;
    if (item.kind === 'cover') { if (!item.message) cover.use(item); return; }
    refresh();
  });
  cover.input.addEventListener('change', () => {
    const [file] = cover.input.files;
    if (file) files.addFiles([file], 'cover');
    cover.input.value = '';
  });

  // Saving: the whole editable state; a problem shows at its field (the browser's or the server's).
  const failed = (error) => {
    if (showProblem(form, error)) return;
    status.textContent = error.message || t('error.generic');
    status.hidden = false;
    status.scrollIntoView?.({ block: 'center' });
  };
  const store = async () => {
    const body = readDraft(form, table, cover.state.uploadId);
    const saved = await api.put(endpoints.artistDraft(id), body);
    heading.textContent = saved?.title || body.title;
    if (saved?.uploads) uploads = saved.uploads;
    return saved;
  };
  const begin = () => { clearProblems(form); status.hidden = true; };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    begin();
    busyWhile(buttons, save, async () => {
      try {
        await store();
        toast(t('artistArea.upload.saved'), 'success');
      } catch (error) { failed(error); }
    });
  });
  publish.addEventListener('click', () => {
    begin();
    if (uploader.busy(id)) { failed(new Error(t('artistArea.upload.stillUploading'))); return; }
    if (!table.rows().length) { failed(Object.assign(new Error(t('artistArea.upload.noTracks')), { field: 'tracks' })); return; }
    busyWhile(buttons, publish, async () => {
      try {
        await store();
        await api.post(endpoints.artistDraftPublish(id));
        uploader.forget(id);
        toast(t('artistArea.upload.published'), 'success');
        go('#/artist/releases');
      } catch (error) { failed(error); }
    });
  });
  remove.addEventListener('click', async () => {
    const gone = await dialog({
      title: t('artistArea.upload.deleteTitle'),
      body: t('artistArea.upload.deleteText', { title: heading.textContent }),
      actions: [
        { label: t('buy.cancel'), value: null },
        { label: t('artistArea.upload.deleteDraft'), primary: true, run: async () => { await api.del(endpoints.artistDraft(id)); return true; } },
      ],
    });
    if (!gone) { remove.focus(); return; }
    uploader.forget(id);
    toast(t('artistArea.upload.deleted'), 'success');
    go('#/artist/upload');
  });

  container.append(
    h('p', { class: 'console-back' }, h('a', { href: '#/artist/upload' }, icon('back'), h('span', {}, t('artistArea.upload.allDrafts')))),
    h('p', { class: 'lead', id: 'draft-artist' }, [draft.artistName, t('artistArea.upload.draftNote')].filter(Boolean).join(' · ')),
    files.element, form);
  files.paintAll();
  albumPrice.placeholder = String(sumOfSongs(table));
}

export async function renderDraft(container, draftId, { heading }) {
  await load(container, () => api.get(endpoints.artistDraft(draftId)), (draft) => build(container, { ...draft, id: draft.id ?? draftId }, heading));
}
