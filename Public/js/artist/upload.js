// Artist area › Upload: #/artist/upload lists the drafts (releases not yet in the store) with the
// "New release" form (which of the account's artists, the album's title → a draft, opened at once);
// #/artist/upload/DRAFTID is one draft's editor (js/artist/draft-editor.js).
import * as endpoints from '../endpoints-staff.js';
import { api } from '../api.js';
import { t, formatDate } from '../i18n.js';
import { h, load } from '../ui.js';
import { field, wireForm } from '../forms.js';
import { go } from '../router.js';
import { emptyNote, selectField } from '../console/admin.js';

function draftItem(draft) {
  const tracks = draft.tracks?.length ?? 0;
  const facts = [draft.artistName, t('artistArea.upload.songCount', { n: tracks }),
    draft.updatedAt ? t('artistArea.upload.updated', { date: formatDate(draft.updatedAt, { compact: true }) }) : null]
    .filter((x) => x !== null && x !== undefined && x !== '');
  return h('li', { class: 'panel console-panel draft-item', dataset: { draftId: draft.id } },
    h('h3', {}, h('a', { href: `#/artist/upload/${encodeURIComponent(draft.id)}` }, draft.title || t('artistArea.upload.untitled'))),
    h('p', { class: 'track-sub' }, facts.join(' · ')));
}

function newReleaseForm(artists) {
  const choices = artists.map((a) => [String(a.id), a.name]);
  const form = h('form', { class: 'form console-grid-form new-release-form', id: 'new-release-form', novalidate: true },
    selectField(t('artistArea.artist'), { name: 'artistId', id: 'new-release-artist', required: true }, choices, choices[0]?.[0]),
    field(t('artistArea.upload.albumTitle'), { name: 'title', id: 'new-release-title', required: true, maxlength: 200, autocomplete: 'off' }),
    h('div', { class: 'form-submit' }, h('button', { class: 'btn btn-primary', type: 'submit' }, t('artistArea.upload.create'))));
  wireForm(form, async (v) => {
    const draft = await api.post(endpoints.artistDrafts, { artistId: v.artistId, title: v.title.trim() });
    go(`#/artist/upload/${encodeURIComponent(draft.id)}`);
  }, { check: true });
  return form;
}

async function list(container) {
  await load(container, () => Promise.all([api.get(endpoints.artistDrafts), api.get(endpoints.artistOverview)]), ([d, overview]) => {
    const drafts = d?.drafts || [];
    const artists = overview?.artists || [];
    container.append(
      h('p', { class: 'hint' }, t('artistArea.upload.intro')),
      h('section', { class: 'panel console-panel', 'aria-labelledby': 'new-release-heading' },
        h('h2', { id: 'new-release-heading' }, t('artistArea.upload.newRelease')),
        artists.length ? newReleaseForm(artists) : emptyNote(t('artistArea.upload.noArtists'), 'no-artists')),
      h('section', { 'aria-labelledby': 'drafts-heading' },
        h('h2', { id: 'drafts-heading' }, t('artistArea.upload.drafts')),
        drafts.length ? h('ul', { role: 'list', class: 'draft-list', id: 'drafts' }, drafts.map(draftItem))
          : emptyNote(t('artistArea.upload.noDrafts'), 'no-drafts')));
  });
}

export async function render(container, route, ctx) {
  const draftId = route.sub?.[1] ?? null;
  if (!draftId) { await list(container); return; }
  const { renderDraft } = await import('./draft-editor.js');
  await renderDraft(container, draftId, ctx);
}
