// Form helpers: labelled fields, inline field errors from 422 problems, busy submit buttons.
import { h } from './ui.js';

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

/** Wires a <form>: onSubmit(values) runs with a busy button; errors land on the field or the form. */
export function wireForm(form, onSubmit) {
  const status = h('p', { class: 'form-error', role: 'alert', hidden: true });
  form.prepend(status);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const submit = form.querySelector('[type=submit]');
    form.querySelectorAll('.field-error').forEach((e) => { e.hidden = true; e.textContent = ''; });
    form.querySelectorAll('[aria-invalid]').forEach((e) => e.removeAttribute('aria-invalid'));
    status.hidden = true;
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
        const msg = wrap.querySelector('.field-error');
        msg.textContent = error.problem?.detail || error.message;
        msg.hidden = false;
        const input = wrap.querySelector('input');
        input.setAttribute('aria-invalid', 'true');
        input.focus();
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
