// The Share dialog of song, album, artist and playlist pages (issue 32 #18): the link to copy (a
// song's from a moment typed as m:ss or seconds, validated), a song's or album's embed code (an
// <iframe> of its embed player) and the system's share sheet where there is one. Its texts
// (js/i18n/share-*.js) and styles (css/share.css) come with it.
import { t, formatDuration } from './i18n.js';
import { textLoader, loadStyle } from './part-loader.js';
import { h, icon } from './ui.js';
import { dialog } from './dialog.js';
import { shareLink, appLink, embedCode } from './sharing.js';
import { parseTime, positionOf } from './moment.js';

/** The share texts in English (every key's fallback) and the current language. */
export const loadShareTexts = textLoader({ en: () => import('./i18n/share-en.js'), ru: () => import('./i18n/share-ru.js') });

const loadShareStyle = () => loadStyle('/css/share.css');

let unique = 0;

/** A read-only field with its label and a Copy button; `status` says what happened. */
function copyField({ label, value, button, copied, multiline, status }) {
  const id = `share-field-${++unique}`;
  const field = multiline
    ? h('textarea', { id, class: 'share-text', readonly: true, rows: 3, spellcheck: 'false' }, value)
    : h('input', { id, class: 'share-text', readonly: true, value, spellcheck: 'false' });
  field.addEventListener('focus', () => field.select());
  const copy = h('button', { class: 'btn', type: 'button' }, button);
  const box = h('div', { class: 'share-field' }, h('label', { for: id }, label), field, copy);
  box.copy = async (check = () => true) => {
    if (!check()) return;
    status.textContent = '';
    try {
      await navigator.clipboard.writeText(field.value);
      status.textContent = copied;
    } catch {
      field.focus();
      field.select();
      status.textContent = t('share.copyManual');
    }
  };
  copy.addEventListener('click', () => box.copy(box.check));
  box.field = field;
  return box;
}

/**
 * Opens the dialog for `kind` ('song' | 'album' | 'artist' | 'playlist') and `item` ({id, title,
 * artistName, durationMs} — an artist's or playlist's title is its name). A song's dialog starts at
 * `start` seconds when given, else where the player is in it.
 */
export async function openShare(kind, item, { start } = {}) {
  await Promise.all([loadShareTexts(), loadShareStyle()]);
  const status = h('p', { class: 'share-status', role: 'status', 'aria-live': 'polite' });
  const link = copyField({
    label: t('share.link'), value: kind === 'song' ? shareLink(item) : appLink(kind, item.id),
    button: t('share.copyLink'), copied: t('share.linkCopied'), status,
  });
  const parts = [link];
  let seconds = 0;
  if (kind === 'song') {
    const length = Math.floor((item.durationMs || 0) / 1000);
    const error = h('p', { class: 'field-error', id: 'share-start-error', hidden: true });
    const box = h('input', {
      id: 'share-start', class: 'share-start-input', type: 'text', inputmode: 'numeric', autocomplete: 'off',
      placeholder: '0:00', 'aria-describedby': 'share-start-hint share-start-error',
    });
    const first = start ?? positionOf(item);
    if (first > 0 && first < length) box.value = formatDuration(first * 1000);
    // Valid: the link starts there; not: the error says why, and the link is not copied.
    const check = () => {
      const typed = parseTime(box.value);
      const problem = typed === null ? t('share.startInvalid')
        : length && typed >= length ? t('share.startTooLate', { length: formatDuration(length * 1000) }) : '';
      error.textContent = problem;
      error.hidden = !problem;
      box.setAttribute('aria-invalid', String(!!problem));
      if (!problem) { seconds = typed; link.field.value = shareLink(item, seconds); }
      return !problem;
    };
    // Checked while typing once it reads as a time (or was refused), else when copied: not on blur,
    // whose new line would move the button being clicked.
    box.addEventListener('input', () => { if (parseTime(box.value) !== null || box.getAttribute('aria-invalid') === 'true') check(); });
    link.check = () => { if (check()) return true; box.focus(); return false; };
    check();
    parts.push(h('div', { class: 'field share-start' },
      h('label', { for: 'share-start' }, t('share.startAt')), box,
      h('p', { class: 'hint', id: 'share-start-hint' }, t('share.startHint')), error));
  }
  if (kind === 'song' || kind === 'album') {
    parts.push(copyField({
      label: t('share.embed'), value: embedCode(kind, item), multiline: true,
      button: t('share.copyEmbed'), copied: t('share.embedCopied'), status,
    }));
  }
  if (navigator.share) {
    parts.push(h('button', {
      class: 'btn share-system', type: 'button',
      onclick: async () => {
        if (link.check && !link.check()) return;
        try { await navigator.share({ title: item.title, url: link.field.value }); } catch { /* dismissed */ }
      },
    }, icon('share'), h('span', {}, t('share.system'))));
  }
  parts.push(status);
  await dialog({
    title: t('share.title', { title: item.title }), className: 'share-dialog',
    body: h('div', { class: 'share-body' }, parts), actions: [{ label: t('common.close'), value: true, primary: true }],
  });
}

