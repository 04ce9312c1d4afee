// A part of the app loaded later (the console, the artist area, My Music's extras, the row menu, the
// account page, sharing, browsing, sign-in methods) brings its texts (js/i18n/<part>-<lang>.js) and
// styles (css/<part>.css) with it, not with the first page: the two loaders they all use.
import { addTexts, currentLanguage } from './i18n.js';

/**
 * A loader of a part's texts: English (every key's fallback) and the current language's, each once.
 * `files` maps a language code to the import of its file; `loader.ready()` says whether the current
 * language's texts are in (else the English ones show).
 */
export function textLoader(files) {
  const loaded = new Set();
  const load = async () => {
    for (const code of new Set(['en', currentLanguage()])) {
      if (loaded.has(code) || !files[code]) continue;
      addTexts(code, (await files[code]()).default);
      loaded.add(code);
    }
  };
  load.ready = () => loaded.has('en') && (loaded.has(currentLanguage()) || !files[currentLanguage()]);
  return load;
}

const sheets = new Map();
/**
 * A stylesheet, once; resolves when it applies. When it fails the page stays usable unstyled and a
 * later call tries again.
 */
export function loadStyle(href) {
  if (!sheets.has(href)) {
    sheets.set(href, new Promise((resolve) => {
      if (document.querySelector(`link[rel=stylesheet][href="${href}"]`)) { resolve(); return; }
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.addEventListener('load', resolve);
      link.addEventListener('error', () => { sheets.delete(href); link.remove(); resolve(); });
      document.head.append(link);
    }));
  }
  return sheets.get(href);
}
