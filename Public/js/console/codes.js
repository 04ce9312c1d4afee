// Console › Gift codes: make a batch (coins each, how many, an optional last day and label), see its
// codes once made, and the batches with how many were redeemed and each one's codes as CSV.
import * as endpoints from '../endpoints-staff.js';
import { t } from '../i18n.js';
import { h, icon, load, toast } from '../ui.js';
import { field, wireForm } from '../forms.js';
import { admin, dataTable, emptyNote, number, coins, when, day, utcDay } from './admin.js';
import { fileLink } from './files.js';

/** The batch's CSV file name: its label (or id) made safe for a file name. */
function csvName(batch) {
  const name = (batch.label || batch.id || 'codes').normalize('NFKD').replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '');
  return `sotube-codes-${name || 'batch'}.csv`;
}

/** The last day a code works: the day before the moment it expires (UTC). */
function lastDay(expiresAt) {
  const at = Date.parse(expiresAt);
  return Number.isNaN(at) ? expiresAt : day(new Date(at - 1).toISOString());
}

function csvLink(batch, compact = false) {
  return fileLink(endpoints.adminCodeBatchCSV(batch.id), compact ? 'CSV' : t('console.codes.csv'), csvName(batch), {
    class: compact ? 'btn btn-small' : 'btn',
    'aria-label': t('console.codes.csvNamed', { label: batch.label || when(batch.createdAt) }),
  });
}

function madeBatch(batch) {
  const text = batch.codes.join('\n');
  const copy = h('button', { class: 'btn', type: 'button', onclick: async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast(t('players.copied'), 'success');
    } catch {
      toast(t('players.copyFailed'), 'error');
    }
  } }, t('console.codes.copyAll'));
  return h('section', { class: 'notice notice-success console-made', id: 'codes-made', role: 'status', 'aria-labelledby': 'codes-made-title' },
    h('h2', { id: 'codes-made-title' }, t('console.codes.made', { n: batch.count ?? batch.codes.length, coins: coins(batch.coins) })),
    batch.label ? h('p', {}, batch.label) : null,
    h('ol', { class: 'recovery-codes console-codes' }, batch.codes.map((code) => h('li', {}, h('code', { class: 'text' }, code)))),
    h('p', { class: 'hint' }, t('console.codes.madeHint')),
    h('div', { class: 'row-actions' }, copy, csvLink(batch)));
}

function batchTable(batches) {
  if (!batches.length) return emptyNote(t('console.codes.none'), 'codes-none');
  return dataTable([
    { label: t('console.codes.labelColumn'), value: (b) => b.label || t('console.codes.noLabel'), head: true },
    { label: t('console.codes.coinsEach'), value: (b) => number(b.coins), num: true },
    { label: t('console.codes.count'), value: (b) => number(b.count), num: true },
    { label: t('console.codes.redeemed'), value: (b) => number(b.redeemed), num: true, className: 'redeemed' },
    { label: t('console.codes.expires'), value: (b) => (b.expiresAt ? lastDay(b.expiresAt) : t('console.codes.never')) },
    { label: t('console.codes.createdAt'), value: (b) => when(b.createdAt) },
    { label: t('console.codes.createdBy'), value: (b) => b.createdBy },
    { label: t('console.codes.file'), value: (b) => csvLink(b, true) },
  ], batches, { caption: t('console.codes.batches'), className: 'batch-table', rowAttrs: (b) => ({ dataset: { batchId: b.id } }) });
}

export async function render(container) {
  const made = h('div', { id: 'codes-made-place' });
  const list = h('div', { class: 'console-results', id: 'code-batches' });
  const refresh = () => load(list, () => admin.get(endpoints.adminCodeBatches), (data) => list.append(batchTable(data.batches || [])));
  const form = h('form', { class: 'form console-grid-form', id: 'codes-form', novalidate: true },
    field(t('console.codes.coinsEach'), { name: 'coins', type: 'number', inputmode: 'numeric', min: 1, max: 1000000, step: 1, required: true }),
    field(t('console.codes.count'), { name: 'count', type: 'number', inputmode: 'numeric', min: 1, max: 10000, step: 1, required: true, value: 10 }),
    field(t('console.codes.lastDay'), { name: 'expiresOn', type: 'date', min: utcDay(-1) }, t('console.codes.lastDayHint')),
    field(t('console.codes.label'), { name: 'label', maxlength: 100, autocomplete: 'off' }, t('console.codes.labelHint')),
    h('div', { class: 'form-submit' }, h('button', { class: 'btn btn-primary', type: 'submit' }, t('console.codes.make'))));
  wireForm(form, async (v) => {
    const coinsEach = Number(v.coins);
    if (!Number.isInteger(coinsEach) || coinsEach < 1 || coinsEach > 1000000) {
      throw Object.assign(new Error(t('console.numberRange', { min: 1, max: 1000000 })), { field: 'coins' });
    }
    const count = Number(v.count);
    if (!Number.isInteger(count) || count < 1 || count > 10000) {
      throw Object.assign(new Error(t('console.numberRange', { min: 1, max: 10000 })), { field: 'count' });
    }
    const body = { coins: coinsEach, count };
    if (v.expiresOn) {
      // Valid through the chosen (UTC) day: the codes expire when the next one starts.
      const next = new Date(Date.parse(`${v.expiresOn}T00:00:00Z`) + 86400000);
      if (Number.isNaN(next.getTime())) throw Object.assign(new Error(t('console.codes.badDay')), { field: 'expiresOn' });
      body.expiresAt = next.toISOString().replace(/\.\d{3}Z$/, 'Z');
    }
    if (v.label?.trim()) body.label = v.label.trim();
    const batch = await admin.post(endpoints.adminCodeBatches, body);
    made.replaceChildren(madeBatch({ ...batch, codes: batch.codes || [] }));
    form.reset();
    await refresh();
    made.querySelector('h2')?.setAttribute('tabindex', '-1');
    made.querySelector('h2')?.focus();
  });
  container.append(
    h('section', { class: 'panel console-panel', 'aria-labelledby': 'codes-new-title' },
      h('h2', { id: 'codes-new-title' }, icon('coin'), h('span', {}, t('console.codes.new'))), form),
    made,
    h('h2', {}, t('console.codes.batches')),
    list);
  await refresh();
}
