// Modal dialogs (confirmations, the preview's end); loaded with the screens and actions that ask.
import { h, raiseToasts } from './ui.js';

/**
 * A modal dialog: dialog({title, body, actions: [{label, value, primary}]}) → Promise(value or null).
 * An action may carry `run` (async): the dialog shows a spinner until it settles; if it throws, the
 * message is shown inside the dialog and the dialog stays open.
 */
export function dialog({ title, body, actions, className = '' }) {
  return new Promise((resolve) => {
    const titleId = `dlg-${Math.random().toString(36).slice(2)}`;
    const message = h('p', { class: 'dialog-error', role: 'alert', hidden: true });
    const buttons = actions.map((action) => h('button', {
      type: 'button',
      class: action.primary ? 'btn btn-primary' : 'btn',
      onclick: async (event) => {
        if (action.run) {
          const btn = event.currentTarget;
          buttons.forEach((b) => { b.disabled = true; });
          btn.classList.add('busy');
          el.setAttribute('aria-busy', 'true');
          message.hidden = true;
          try {
            const result = await action.run();
            finish(result === undefined ? action.value : result);
          } catch (error) {
            message.textContent = error.message;
            message.hidden = !error.message; // an error without a message was said elsewhere (at its field)
            if (action.retryLabel) btn.textContent = action.retryLabel;
          } finally {
            buttons.forEach((b) => { b.disabled = false; });
            btn.classList.remove('busy');
            el.removeAttribute('aria-busy');
          }
        } else {
          finish(action.value);
        }
      },
    }, action.label));
    const el = h('dialog', { class: `dialog ${className}`, 'aria-labelledby': titleId },
      h('h2', { id: titleId }, title),
      typeof body === 'string' ? h('p', {}, body) : body,
      message,
      h('div', { class: 'dialog-actions' }, buttons));
    let done = false;
    function finish(value) {
      if (done) return;
      done = true;
      el.close();
      el.remove();
      resolve(value ?? null);
    }
    el.addEventListener('cancel', (e) => { e.preventDefault(); finish(null); });
    document.body.append(el);
    el.showModal();
    raiseToasts(); // a toast just shown ("Payment received") stays above the dialog's backdrop
    (buttons.find((b) => b.classList.contains('btn-primary')) || buttons[0])?.focus();
  });
}
