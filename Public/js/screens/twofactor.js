// Account › "Two-step sign-in" (SPEC A8): enrol an authenticator app from a QR code of the
// otpauth:// address (or the secret typed by hand), confirm with a first code, see the recovery
// codes once; turn it off with the password and a code. Setting it up needs the password too, so a
// stolen session cannot turn it on and lock the owner out.
import { api } from '../api.js';
import * as endpoints from '../endpoints.js';
import { t } from '../i18n.js';
import { h, toast } from '../ui.js';
import { field, wireForm } from '../forms.js';
import { onPasswordField } from '../password-field.js';
import { state, refreshMe } from '../state.js';
import { qrSvg } from '../qr.js';

const codeAttrs = { name: 'code', required: true, autocomplete: 'one-time-code', inputmode: 'numeric', autocapitalize: 'none', spellcheck: 'false' };

/** The recovery codes, shown once: each on one line (never broken), with Copy and Download (.txt). */
function recoveryCodes(codes, done) {
  const text = `${t('twoFactor.fileHeading', { name: state.me?.username ?? '' })}\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast(t('twoFactor.copied'), 'success');
    } catch (error) { toast(error.message, 'error'); }
  };
  return h('div', { class: 'notice notice-success', id: 'two-factor-recovery', role: 'status' },
    h('p', {}, t('twoFactor.on')),
    h('p', {}, t('twoFactor.recoveryIntro')),
    h('ol', { class: 'recovery-codes' }, codes.map((code) => h('li', {}, h('code', {}, code)))),
    h('div', { class: 'row-actions recovery-actions' },
      h('button', { class: 'btn', type: 'button', id: 'recovery-copy', onclick: copy }, t('twoFactor.copy')),
      h('a', { class: 'btn', id: 'recovery-download', download: 'sotube-recovery-codes.txt',
        href: `data:text/plain;charset=utf-8,${encodeURIComponent(text)}` }, t('twoFactor.download'))),
    h('p', { class: 'hint' }, t('twoFactor.recoveryOnce')),
    h('button', { class: 'btn', type: 'button', onclick: done }, t('twoFactor.done')));
}

function enrolment(enrolled, paint) {
  let picture;
  try {
    picture = qrSvg(enrolled.otpauthUri, t('twoFactor.qrAlt'));
    picture.id = 'two-factor-qr';
  } catch {
    picture = null; // too long for the encoder: the secret as text still works
  }
  const form = h('form', { class: 'form form-inline', novalidate: true },
    field(t('twoFactor.code'), codeAttrs, t('twoFactor.codeHint')),
    h('button', { class: 'btn btn-primary', type: 'submit' }, t('twoFactor.confirm')));
  const box = h('div', { class: 'two-factor-enrol' },
    h('p', {}, t('twoFactor.scan')),
    picture ? h('div', { class: 'qr' }, picture) : null,
    h('p', {}, t('twoFactor.orType'), ' ', h('code', { class: 'text', id: 'two-factor-secret' }, enrolled.secret)),
    form);
  wireForm(form, async (v) => {
    const result = await api.post(endpoints.twoFactorConfirm, { code: v.code.trim() });
    await refreshMe();
    box.replaceWith(recoveryCodes(result.recoveryCodes, paint));
  });
  return box;
}

function offForm(paint) {
  const form = h('form', { class: 'form', novalidate: true },
    h('input', { type: 'text', autocomplete: 'username', value: state.me?.username ?? '', hidden: true, readonly: true, tabindex: '-1', 'aria-hidden': 'true' }),
    field(t('login.password'), { name: 'password', type: 'password', autocomplete: 'current-password', required: true }),
    field(t('twoFactor.codeOrRecovery'), { ...codeAttrs, inputmode: 'text' }),
    h('button', { class: 'btn btn-danger', type: 'submit' }, t('twoFactor.turnOff')));
  wireForm(form, async (v) => {
    await api.post(endpoints.twoFactorDisable, { password: v.password, code: v.code.trim() });
    await refreshMe();
    toast(t('twoFactor.offDone'), 'success');
    paint();
  });
  return form;
}

/** The "Two-step sign-in" panel's content. */
export function twoFactorPanel() {
  const box = h('div', { id: 'two-factor' });
  const paint = () => {
    if (state.me?.twoFactorEnabled) {
      box.replaceChildren(h('p', { id: 'two-factor-status' }, t('twoFactor.isOn')), offForm(paint));
      return;
    }
    const start = h('form', { class: 'form', novalidate: true, id: 'two-factor-start' },
      h('input', { type: 'text', autocomplete: 'username', value: state.me?.username ?? '', hidden: true, readonly: true, tabindex: '-1', 'aria-hidden': 'true' }),
      field(t('login.password'), { name: 'password', type: 'password', autocomplete: 'current-password', required: true }, t('account.reauth')),
      h('button', { class: 'btn btn-primary', type: 'submit' }, t('twoFactor.setUp')));
    wireForm(start, async (v) => {
      const enrolled = await api.post(endpoints.twoFactorEnrol, { password: v.password })
        .catch((error) => onPasswordField(error, t('account.passwordWrong')));
      start.replaceWith(enrolment(enrolled, paint));
    });
    box.replaceChildren(h('p', { id: 'two-factor-status' }, t('twoFactor.intro')), start);
  };
  paint();
  return box;
}
