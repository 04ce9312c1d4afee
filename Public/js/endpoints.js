// Every SoTube API URL the web app calls, in one place (the Swift side is SoTubeAPI's SoTubeRoutes).
// Ids are encoded as one path segment; functions taking query values encode them too.

const API = '/api/v1';
const seg = encodeURIComponent;

// Accounts
export const register = `${API}/auth/register`;
export const login = `${API}/auth/login`;
export const logout = `${API}/auth/logout`;
export const passwordReset = `${API}/auth/password-reset`;
export const passwordResetConfirm = `${API}/auth/password-reset/confirm`;
export const me = `${API}/me`;
export const username = `${API}/me/username`;
export const password = `${API}/me/password`;
export const twoFactorEnrol = `${API}/me/two-factor/enrol`;
export const twoFactorConfirm = `${API}/me/two-factor/confirm`;
export const twoFactorDisable = `${API}/me/two-factor/disable`;

// Store and catalog
export const storeHome = `${API}/store/home`;
export const artist = (id) => `${API}/artists/${seg(id)}`;
export const album = (id) => `${API}/albums/${seg(id)}`;
export const playlist = (id) => `${API}/playlists/${seg(id)}`;
export const track = (id) => `${API}/tracks/${seg(id)}`;

// Search: `params` is anything URLSearchParams takes ({ q, limit, explicit }).
export const search = (params) => `${API}/search?${new URLSearchParams(params)}`;
export const searchHistory = `${API}/search/history`;
export const searchSuggestions = (q) => `${API}/search/suggestions?q=${seg(q)}`;

// Favourites and recently played; `kind` is 'tracks' or 'playlists'.
export const favourites = `${API}/me/favourites`;
export const favourite = (kind, id) => `${favourites}/${kind}/${seg(id)}`;
export const recentlyPlayed = `${API}/me/recently-played`;

// My Music
export const librarySongs = (sort) => `${API}/library/songs?sort=${seg(sort)}`;
export const libraryAlbums = (sort) => `${API}/library/albums?sort=${seg(sort)}`;
export const libraryArtists = `${API}/library/artists`;

// Wallet and purchases
export const wallet = `${API}/wallet`;
export const topUps = `${API}/wallet/top-ups`;
export const topUp = (id) => `${topUps}/${seg(id)}`;
export const walletHistory = `${API}/wallet/history`;
export const redeem = `${API}/wallet/redeem`;
export const purchases = `${API}/purchases`;

// Media of what the user owns: downloads (the file, or a ZIP of an album's owned songs), audio
export const trackAudio = (id) => `${API}/tracks/${seg(id)}/audio`;
export const trackDownload = (id, format) => `${API}/tracks/${seg(id)}/download${format ? `?format=${seg(format)}` : ''}`;
export const albumDownload = (id, format) => `${API}/albums/${seg(id)}/download${format ? `?format=${seg(format)}` : ''}`;

// The profile photo: GET (in a size), PUT an image file, DELETE
export const avatar = `${API}/me/avatar`;

// Public pages: a song's share page (optionally from a moment, in seconds), embeddable players
export const sharePage = (id, t) => `/song/${seg(id)}${t ? `?t=${Math.floor(t)}` : ''}`;
export const embedSong = (id) => `/embed/song/${seg(id)}`;
export const embedAlbum = (id) => `/embed/album/${seg(id)}`;

// App passwords for music players (Subsonic `/rest`)
export const appPasswords = `${API}/me/app-passwords`;
export const appPassword = (id) => `${appPasswords}/${seg(id)}`;
