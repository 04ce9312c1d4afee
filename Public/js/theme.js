// Light or dark before the first paint (a classic script in the head): Account's choice, else the system's.
(() => {
  const m = matchMedia('(prefers-color-scheme: dark)');
  const paint = () => {
    let c = '';
    try { c = localStorage.getItem('sotube.theme'); } catch {}
    document.documentElement.dataset.theme = c === 'light' || c === 'dark' ? c : m.matches ? 'dark' : 'light';
  };
  paint();
  m.addEventListener('change', paint);
})();
