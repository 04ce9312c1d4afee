// Form helpers: labelled fields, inline field errors from 422 problems, busy submit buttons.
import { h } from './ui.js';
import { t } from './i18n.js';

let counter = 0;

export function field(label, attrs = {}, hint = null) {
  const id = attrs.id || `f-${++counter}`;
  const hintId = hint ? `${id}-hint` : null;
  const errorId = `${id}-error`;
  const input = h('input', { ...attrs, id, 'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') });
  const error = h('p', { class: 'field-error', id: errorId, hidden: true });
  const wrap = h('div', { class: 'field', dataset: { field: attrs.name || '' } },
    h('label', { for: id }, label), input, hint ? h('p', { class: 'hint', id: hintId }, hint) : null, error);
  return wrap;
}

// The server's rules (AccountRules): an address with one "@" and a dot after it; usernames of
// letters, digits, "_", "." and "-".
const EMAIL = /^[^@\s<>]+@[^@\s<>.][^@\s<>]*\.[^@\s<>]*[^@\s<>.]$/;
const USERNAME = /^[\p{L}\p{N}_.-]*$/u;

/** What is wrong with a field's value, from its attributes (required, minlength, type…), or null. */
function problemOf(input) {
  if (input.disabled || input.closest('[hidden]') || !input.name) return null;
  const value = input.type === 'password' ? input.value : input.value.trim();
  if (!value) return input.required ? (TEXTS_REQUIRED[input.name] ? t(TEXTS_REQUIRED[input.name]) : t('form.required')) : null;
  const min = Number(input.getAttribute('minlength'));
  const max = Number(input.getAttribute('maxlength'));
  if (min && [...value].length < min) return t('form.tooShort', { n: min });
  if (max && [...value].length > max) return t('form.tooLong', { n: max });
  if (input.type === 'email' && !EMAIL.test(value)) return t('form.email');
  if (input.dataset.rule === 'username' && !USERNAME.test(value)) return t('form.usernameChars');
  return null;
}
const TEXTS_REQUIRED = { username: 'form.requiredUsername', password: 'form.requiredPassword', email: 'form.requiredEmail' };

function showFieldError(wrap, text) {
  const msg = wrap.querySelector('.field-error');
  msg.textContent = text;
  msg.hidden = false;
  wrap.querySelector('input')?.setAttribute('aria-invalid', 'true');
}

/**
 * Wires a <form>: onSubmit(values) runs with a busy button; errors land on the field or the form.
 * With `check`, every field's own rules (required, minlength, maxlength, type=email) are checked
 * first and every field that breaks one says so at once; the first is focused and nothing is sent.
 */
export function wireForm(form, onSubmit, { check = false } = {}) {
  const status = h('p', { class: 'form-error', role: 'alert', hidden: true });
  form.prepend(status);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const submit = form.querySelector('[type=submit]');
    form.querySelectorAll('.field-error').forEach((e) => { e.hidden = true; e.textContent = ''; });
    form.querySelectorAll('[aria-invalid]').forEach((e) => e.removeAttribute('aria-invalid'));
    status.hidden = true;
    const wrong = !check ? [] : [...form.querySelectorAll('.field[data-field] input')]
      .map((input) => [input, problemOf(input)]).filter(([, problem]) => problem);
    if (wrong.length) {
      for (const [input, problem] of wrong) showFieldError(input.closest('.field'), problem);
      wrong[0][0].focus();
      return;
    }
    const values = Object.fromEntries(new FormData(form).entries());
    submit.disabled = true;
    submit.classList.add('busy');
    form.setAttribute('aria-busy', 'true');
    try {
      await onSubmit(values);
    } catch (error) {
      const name = error.field && error.field.split('.').pop();
      const wrap = name && form.querySelector(`.field[data-field="${CSS.escape(name)}"]`);
      if (wrap) {
        showFieldError(wrap, error.problem?.detail || error.message);
        wrap.querySelector('input').focus();
      } else {
        status.textContent = error.message;
        status.hidden = false;
      }
    } finally {
      submit.disabled = false;
      submit.classList.remove('busy');
      form.removeAttribute('aria-busy');
    }
  });
  return status;
}
