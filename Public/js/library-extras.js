// What My Music's filters and the coins' worth in money (issue 32 #15, #20) bring with them, loaded with
// what uses them (My Music, a buyer's album cards, the buy dialog, the players), not with the first
// page: their texts (js/i18n/library-*.js: English, every key's fallback, and the current language's)
// and their styles (css/library.css).
import { textLoader, loadStyle } from './part-loader.js';

export const loadLibraryTexts = textLoader({ en: () => import('./i18n/library-en.js'), ru: () => import('./i18n/library-ru.js') });

/** css/library.css, once. */
export const loadLibraryStyle = () => loadStyle('/css/library.css');

/** Both. */
export const loadLibraryExtras = () => Promise.all([loadLibraryTexts(), loadLibraryStyle()]);
