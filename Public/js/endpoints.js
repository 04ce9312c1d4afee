// Generated from the route table (SoTubeAPI's Route.all) by `sotube routes --js`: do not edit.
// Ids are encoded as one path segment; `query` is an object of query values.
const A = '/api/v1';
const seg = encodeURIComponent;
const q = (query) => {
  const s = new URLSearchParams(Object.entries(query || {}).filter(([, v]) => v != null && v !== '')).toString();
  return s ? `?${s}` : '';
};

// accounts
export const register = `${A}/auth/register`;
export const login = `${A}/auth/login`;
export const logout = `${A}/auth/logout`;
export const passwordReset = `${A}/auth/password-reset`;
export const passwordResetConfirm = `${A}/auth/password-reset/confirm`;
export const me = `${A}/me`;
export const username = `${A}/me/username`;
export const displayName = `${A}/me/display-name`;
export const password = `${A}/me/password`;
export const twoFactorEnrol = `${A}/me/two-factor/enrol`;
export const twoFactorConfirm = `${A}/me/two-factor/confirm`;
export const twoFactorDisable = `${A}/me/two-factor/disable`;
export const appPasswords = `${A}/me/app-passwords`;
export const appPassword = (id) => `${A}/me/app-passwords/${seg(id)}`;
export const avatar = (query) => `${A}/me/avatar${q(query)}`;

// coins
export const wallet = `${A}/wallet`;
export const topUps = `${A}/wallet/top-ups`;
export const topUp = (id) => `${A}/wallet/top-ups/${seg(id)}`;
export const topUpCard = (id) => `${A}/wallet/top-ups/${seg(id)}/card`;
export const topUpSync = (id) => `${A}/wallet/top-ups/${seg(id)}/sync`;
export const walletHistory = (query) => `${A}/wallet/history${q(query)}`;
export const redeem = `${A}/wallet/redeem`;
export const purchases = `${A}/purchases`;

// catalog
export const storeHome = `${A}/store/home`;
export const moods = `${A}/moods`;
export const genres = `${A}/genres`;
export const genreAlbums = (query) => `${A}/genres/albums${q(query)}`;
export const artist = (id) => `${A}/artists/${seg(id)}`;
export const album = (id) => `${A}/albums/${seg(id)}`;
export const playlist = (id) => `${A}/playlists/${seg(id)}`;
export const track = (id) => `${A}/tracks/${seg(id)}`;

// library
export const librarySongs = (query) => `${A}/library/songs${q(query)}`;
export const libraryAlbums = (query) => `${A}/library/albums${q(query)}`;
export const libraryArtists = `${A}/library/artists`;

// search
export const search = (query) => `${A}/search${q(query)}`;
export const searchHistory = `${A}/search/history`;
export const searchSuggestions = (query) => `${A}/search/suggestions${q(query)}`;

// discovery
export const favourites = `${A}/me/favourites`;
export const favouriteTrack = (id) => `${A}/me/favourites/tracks/${seg(id)}`;
export const favouritePlaylist = (id) => `${A}/me/favourites/playlists/${seg(id)}`;
export const recentlyPlayed = `${A}/me/recently-played`;
export const myPlaylists = `${A}/me/playlists`;
export const myPlaylist = (id) => `${A}/me/playlists/${seg(id)}`;
export const myPlaylistTracks = (id) => `${A}/me/playlists/${seg(id)}/tracks`;

// media
export const trackAudio = (id, query) => `${A}/tracks/${seg(id)}/audio${q(query)}`;
export const trackDownload = (id, query) => `${A}/tracks/${seg(id)}/download${q(query)}`;
export const albumDownload = (id, query) => `${A}/albums/${seg(id)}/download${q(query)}`;

// web
export const sharePage = (id, query) => `/song/${seg(id)}${q(query)}`;
export const embedSong = (id) => `/embed/song/${seg(id)}`;
export const embedAlbum = (id) => `/embed/album/${seg(id)}`;

// selling
export const invite = (token) => `${A}/invites/${seg(token)}`;
export const inviteAccept = (token) => `${A}/invites/${seg(token)}/accept`;

// catalog
export const artistFollow = (id) => `${A}/artists/${seg(id)}/follow`;

// commerce
export const discountQuote = (code, query) => `${A}/discounts/${seg(code)}${q(query)}`;

// accounts
export const signInMethods = `${A}/auth/methods`;
export const oidcStart = (query) => `${A}/auth/oidc/start${q(query)}`;
export const oidcLink = (ticket) => `${A}/auth/oidc/links/${seg(ticket)}`;
export const oidcExchange = `${A}/auth/oidc/exchange`;
