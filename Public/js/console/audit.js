// Console › Audit log: every operator action, newest first (who, when, what, to what, before →
// after, why), older ones on request (the next page starts after the last entry shown, by its id),
// and the whole log as CSV.
import * as endpoints from '../endpoints-staff.js';
import { t } from '../i18n.js';
import { h, load, toast } from '../ui.js';
import { admin, act, dataTable, emptyNote, when, known } from './admin.js';
import { fileLink } from './files.js';

const PAGE = 50;

/** A change's JSON ({"coins":120}) as "coins: 120"; other text as it is. */
function summary(text) {
  if (text === null || text === undefined || text === '') return null;
  try {
    const value = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.entries(value).map(([k, v]) => `${k}: ${v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : v}`).join(', ');
    }
    return String(value);
  } catch {
    return text;
  }
}

function change(entry) {
  const before = summary(entry.before);
  const after = summary(entry.after);
  if (before === null && after === null) return null;
  return h('span', { class: 'audit-change' },
    before === null ? null : h('span', { class: 'audit-before' }, before),
    before === null || after === null ? null : h('span', { class: 'audit-arrow', 'aria-label': t('console.audit.to') }, ' → '),
    after === null ? null : h('span', { class: 'audit-after' }, after));
}

function rows(entries) {
  return dataTable([
    { label: t('console.audit.when'), value: (e) => when(e.at), className: 'date' },
    { label: t('console.audit.who'), value: (e) => e.actor },
    { label: t('console.audit.action'), value: (e) => h('span', { class: 'audit-action', title: e.action }, known(`console.audit.action.${e.action}`, e.action)) },
    { label: t('console.audit.target'), value: (e) => e.target, className: 'audit-target' },
    { label: t('console.audit.change'), value: change },
    { label: t('console.audit.reason'), value: (e) => e.reason },
  ], entries, { caption: t('console.nav.audit'), className: 'audit-table', rowAttrs: (e) => ({ dataset: { action: e.action, entryId: e.id } }) });
}

export async function render(container) {
  const body = h('div', { id: 'audit' });
  const more = h('div', { class: 'console-more' });
  let entries = [];
  const paint = (done) => {
    body.replaceChildren(entries.length ? rows(entries) : emptyNote(t('console.audit.none'), 'audit-none'));
    more.replaceChildren();
    if (!done && entries.length) {
      const older = h('button', { class: 'btn', type: 'button', id: 'audit-older', onclick: () => act(older, async () => {
        const page = await admin.get(endpoints.adminAudit({ limit: PAGE, before: entries[entries.length - 1].id }));
        const fresh = page.entries || [];
        entries = entries.concat(fresh);
        paint(fresh.length < PAGE);
        if (!fresh.length) toast(t('console.audit.noOlder'));
        // The button was drawn again (or is gone at the end): keep the keyboard where it was, or on
        // the first entry just shown.
        const next = document.getElementById('audit-older');
        const first = fresh.length ? body.querySelector(`tr[data-entry-id="${CSS.escape(fresh[0].id)}"]`) : null;
        if (next) next.focus();
        else if (first) { first.setAttribute('tabindex', '-1'); first.focus(); }
      }) }, t('console.audit.older'));
      more.append(older);
    }
  };
  container.append(
    h('div', { class: 'console-chart-head' },
      h('p', { class: 'lead' }, t('console.audit.intro')),
      fileLink(endpoints.adminAuditCSV, t('console.audit.export'), 'sotube-audit.csv', { id: 'audit-export' })),
    body, more);
  await load(body, () => admin.get(endpoints.adminAudit({ limit: PAGE })), (data) => {
    entries = data.entries || [];
    paint(entries.length < PAGE);
  });
}
