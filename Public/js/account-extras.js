// What the account page (issue 32 #10) brings with it, loaded with it and not with the first page: its
// texts (js/i18n/account-*.js: English, every key's fallback, and the current language's) and its
// styles (css/account.css).
import { textLoader, loadStyle } from './part-loader.js';

const loadAccountTexts = textLoader({ en: () => import('./i18n/account-en.js'), ru: () => import('./i18n/account-ru.js') });

export const loadAccountExtras = () => Promise.all([loadAccountTexts(), loadStyle('/css/account.css')]);
