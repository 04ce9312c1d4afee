// The sandbox checkout's forms, submitted in place (progressive: without this script they post as
// plain forms). A refusal replaces the page's content, so no form POST becomes a history entry and
// Back never asks to resend one; a finished or cancelled payment replaces the checkout's own entry
// with the app's account screen, so Back from the app never lands on the checkout.
function bind(form) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type="submit"]');
    if (button) button.disabled = true;
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        body: new URLSearchParams(new FormData(form)),
        headers: { Accept: 'application/json, text/html;q=0.9' },
        credentials: 'same-origin',
      });
      if ((response.headers.get('content-type') || '').includes('application/json')) {
        const answer = await response.json();
        if (answer.redirect) { location.replace(answer.redirect); return; }
      }
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      const main = page.querySelector('main');
      if (!main) throw new Error('no page');
      document.querySelector('main').replaceWith(document.importNode(main, true));
      document.querySelectorAll('main form[method="post"]').forEach(bind);
      const problem = document.querySelector('[aria-invalid="true"]') || document.querySelector('[role="alert"]');
      if (problem) {
        if (!problem.matches('input')) problem.tabIndex = -1;
        problem.focus();
      }
    } catch {
      form.submit(); // the network failed: fall back to the plain form post
    }
  });
}

document.querySelectorAll('main form[method="post"]').forEach(bind);
