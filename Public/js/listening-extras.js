// What the row menu and the full player's lyrics, links, drag and desktop side panel (issue 32 #16,
// #21) bring with them, loaded when first used, not with the first page: their texts
// (js/i18n/listening-*.js: English, every key's fallback, and the current language's) and their
// styles (css/listening.css).
import { textLoader, loadStyle } from './part-loader.js';

export const loadListeningTexts = textLoader({ en: () => import('./i18n/listening-en.js'), ru: () => import('./i18n/listening-ru.js') });

/** True when the texts of the current language are in (else the English fallbacks show). */
export const listeningTextsReady = () => loadListeningTexts.ready();

/** css/listening.css, once. */
export const loadListeningStyle = () => loadStyle('/css/listening.css');

/** Both. */
export const loadListeningExtras = () => Promise.all([loadListeningTexts().catch(() => {}), loadListeningStyle()]);
