// What My Music's filters and the coins' worth in money (issue 32 #15, #20) bring with them, loaded with
// what uses them (My Music, a buyer's album cards, the buy dialog, the players), not with the first
// page: their texts (js/i18n/library-*.js: English, every key's fallback, and the current language's)
// and their styles (css/library.css).
import { addTexts, currentLanguage } from './i18n.js';

const files = { en: () => import('./i18n/library-en.js'), ru: () => import('./i18n/library-ru.js') };
const loaded = new Set();

export async function loadLibraryTexts() {
  for (const code of new Set(['en', currentLanguage()])) {
    if (loaded.has(code) || !files[code]) continue;
    addTexts(code, (await files[code]()).default);
    loaded.add(code);
  }
}

let style = null;
/** css/library.css, once; resolves when it applies (or failed: the page stays usable unstyled). */
export function loadLibraryStyle() {
  style ??= new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/css/library.css';
    link.addEventListener('load', resolve);
    link.addEventListener('error', () => { style = null; link.remove(); resolve(); });
    document.head.append(link);
  });
  return style;
}

/** Both. */
export const loadLibraryExtras = () => Promise.all([loadLibraryTexts(), loadLibraryStyle()]);
