// Artist area › Discounts: codes buyers type when they buy (Buy's "Have a discount code?"), each a
// percentage off one release or all of the account's releases, with an optional last day (UTC, the
// code works through it) and an optional most uses; the list shows how often each was used, and a
// code is deleted after a confirmation (purchases made with it keep their price).
import * as endpoints from '../endpoints-staff.js';
import { api } from '../api.js';
import { t } from '../i18n.js';
import { h, icon, load, toast } from '../ui.js';
import { dialog } from '../dialog.js';
import { field, wireForm } from '../forms.js';
import { todayUTC } from '../release-date.js';
import { dataTable, emptyNote, selectField, number, day } from '../console/admin.js';
import { percent } from './tables.js';

const CODE = /^[A-Za-z0-9-]{3,32}$/;
const MAX_USES = 1000000;

const wrong = (key, name) => Object.assign(new Error(t(key)), { field: name });

/** A whole number from a field's text within [min, max]; '' is null. */
function wholeNumber(text, min, max, key, name) {
  const value = String(text ?? '').trim();
  if (!value) return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw wrong(key, name);
  return n;
}

function releaseName(release, releases) {
  const several = new Set(releases.map((r) => r.artistId)).size > 1;
  return several && release.artistName ? `${release.title} (${release.artistName})` : release.title;
}

function createForm(releases, onCreated) {
  const form = h('form', { class: 'form console-grid-form', id: 'discount-form', novalidate: true },
    field(t('artistArea.discounts.code'), {
      name: 'code', required: true, minlength: 3, maxlength: 32, autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false',
    }, t('artistArea.discounts.codeHint')),
    field(t('artistArea.discounts.percent'), { name: 'percent', type: 'number', inputmode: 'numeric', min: 1, max: 100, step: 1, required: true }),
    selectField(t('artistArea.discounts.release'), { name: 'albumId', id: 'discount-release' },
      [['', t('artistArea.discounts.allReleases')], ...releases.map((r) => [r.albumId, releaseName(r, releases)])], ''),
    field(t('artistArea.discounts.lastDay'), { name: 'expiresOn', type: 'date', min: todayUTC() }, t('artistArea.discounts.lastDayHint')),
    field(t('artistArea.discounts.maxUses'), { name: 'maxUses', type: 'number', inputmode: 'numeric', min: 1, max: MAX_USES, step: 1 },
      t('artistArea.discounts.maxUsesHint')),
    h('div', { class: 'form-submit' }, h('button', { class: 'btn btn-primary', type: 'submit' }, t('artistArea.discounts.create'))));
  wireForm(form, async (v) => {
    const code = (v.code || '').trim();
    if (!CODE.test(code)) throw wrong('artistArea.discounts.codeWrong', 'code');
    const body = {
      code: code.toUpperCase(),
      percent: wholeNumber(v.percent, 1, 100, 'artistArea.discounts.percentWrong', 'percent'),
      albumId: v.albumId || null,
      expiresOn: (v.expiresOn || '').trim() || null,
      maxUses: wholeNumber(v.maxUses, 1, MAX_USES, 'artistArea.discounts.maxUsesWrong', 'maxUses'),
    };
    if (body.percent === null) throw wrong('artistArea.discounts.percentWrong', 'percent');
    if (body.expiresOn && !/^\d{4}-\d{2}-\d{2}$/.test(body.expiresOn)) throw wrong('artistArea.dateWrong', 'expiresOn');
    let made;
    try {
      made = await api.post(endpoints.artistDiscounts, body);
    } catch (error) {
      // The server names a bad code `discountCode` (and one taken `code`); the release's select has no
      // place for an error of its own: said above the form.
      if (error.field === 'discountCode') error.field = 'code';
      if (error.field === 'albumId') error.field = undefined;
      throw error;
    }
    toast(t('artistArea.discounts.created', { code: made?.code ?? body.code }), 'success');
    form.reset();
    await onCreated(made?.code ?? body.code);
  }, { check: true });
  return form;
}

function uses(d) {
  return d.maxUses === null || d.maxUses === undefined ? number(d.uses)
    : t('artistArea.discounts.usesOf', { uses: number(d.uses), max: number(d.maxUses) });
}

function codesTable(discounts, remove) {
  if (!discounts.length) return emptyNote(t('artistArea.discounts.none'), 'discounts-none');
  const table = dataTable([
    { label: t('artistArea.discounts.code'), value: (d) => h('code', {}, d.code), head: true },
    { label: t('artistArea.discounts.release'), value: (d) => (d.albumId ? d.albumTitle : t('artistArea.discounts.allReleases')) },
    { label: t('artistArea.discounts.off'), value: (d) => percent((Number(d.percent) || 0) * 100), num: true },
    { label: t('artistArea.discounts.lastDay'), value: (d) => (d.expiresOn ? day(d.expiresOn) : t('artistArea.discounts.noEnd')), className: 'date' },
    { label: t('artistArea.discounts.uses'), value: uses, num: true, className: 'uses' },
    {
      label: t('artistArea.discounts.actions'),
      value: (d) => h('button', {
        class: 'btn btn-small', type: 'button', 'aria-label': t('artistArea.discounts.deleteOf', { code: d.code }), onclick: () => remove(d),
      }, t('artistArea.discounts.delete')),
    },
  ], discounts, {
    caption: t('artistArea.discounts.codes'), className: 'discounts-table',
    rowAttrs: (d) => ({ dataset: { code: d.code, uses: String(d.uses ?? 0) } }),
  });
  table.id = 'discounts';
  return table;
}

export async function render(container) {
  const heading = h('h2', { id: 'discounts-title', tabindex: '-1' }, t('artistArea.discounts.codes'));
  const list = h('div', { class: 'console-results', id: 'discounts-list' });
  const refresh = () => load(list, () => api.get(endpoints.artistDiscounts), (d) => list.append(codesTable(d.discounts || [], remove)));
  async function remove(discount) {
    const deleted = await dialog({
      title: t('artistArea.discounts.deleteTitle', { code: discount.code }),
      body: t('artistArea.discounts.deleteText'),
      className: 'dialog-alert',
      actions: [
        { label: t('buy.cancel'), value: false },
        { label: t('artistArea.discounts.delete'), value: true, primary: true, run: async () => {
          await api.del(endpoints.artistDiscount(discount.code));
          return true;
        } },
      ],
    });
    if (!deleted) {
      list.querySelector(`tr[data-code="${CSS.escape(discount.code)}"] button`)?.focus();
      return;
    }
    toast(t('artistArea.discounts.deleted', { code: discount.code }), 'success');
    await refresh();
    heading.focus();
  }
  const releases = (await api.get(endpoints.artistReleases).catch(() => null))?.releases || [];
  container.append(
    h('p', { class: 'lead' }, t('artistArea.discounts.intro')),
    h('section', { class: 'panel console-panel', 'aria-labelledby': 'discount-new-title' },
      h('h2', { id: 'discount-new-title' }, icon('coin'), h('span', {}, t('artistArea.discounts.new'))),
      createForm(releases, refresh)),
    h('section', { 'aria-labelledby': 'discounts-title' }, heading, list));
  await refresh();
}
