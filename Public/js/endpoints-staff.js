// Generated from the route table (SoTubeAPI's Route.all) by `sotube routes --js-staff`: do not edit.
// Ids are encoded as one path segment; `query` is an object of query values.
export * from './endpoints.js';
const A = '/api/v1';
const seg = encodeURIComponent;
const q = (query) => {
  const s = new URLSearchParams(Object.entries(query || {}).filter(([, v]) => v != null && v !== '')).toString();
  return s ? `?${s}` : '';
};

// console
export const adminDashboard = (query) => `${A}/admin/dashboard${q(query)}`;
export const adminReauth = `${A}/admin/reauth`;
export const adminUsers = (query) => `${A}/admin/users${q(query)}`;
export const adminUser = (id) => `${A}/admin/users/${seg(id)}`;
export const adminUserCoins = (id) => `${A}/admin/users/${seg(id)}/coins`;
export const adminUserLock = (id) => `${A}/admin/users/${seg(id)}/lock`;
export const adminUserSessions = (id) => `${A}/admin/users/${seg(id)}/sessions`;
export const adminUserTwoFactor = (id) => `${A}/admin/users/${seg(id)}/two-factor`;
export const adminUserRole = (id) => `${A}/admin/users/${seg(id)}/role`;
export const adminUserExport = (id) => `${A}/admin/users/${seg(id)}/export`;
export const adminUserErase = (id) => `${A}/admin/users/${seg(id)}/erase`;
export const adminCuration = `${A}/admin/curation`;
export const adminTracks = (query) => `${A}/admin/tracks${q(query)}`;
export const adminTrack = (id) => `${A}/admin/tracks/${seg(id)}`;
export const adminArtist = (id) => `${A}/admin/artists/${seg(id)}`;
export const adminAlbumArtwork = (id) => `${A}/admin/albums/${seg(id)}/artwork`;
export const adminAlbumPrice = (id) => `${A}/admin/albums/${seg(id)}/price`;
export const adminJobs = `${A}/admin/jobs`;
export const adminJobRetry = (id) => `${A}/admin/jobs/${seg(id)}/retry`;
export const adminCodeBatches = `${A}/admin/gift-code-batches`;
export const adminCodeBatchCSV = (id) => `${A}/admin/gift-code-batches/${seg(id)}/codes.csv`;
export const adminAudit = (query) => `${A}/admin/audit${q(query)}`;
export const adminAuditCSV = `${A}/admin/audit.csv`;

// selling
export const artistOverview = `${A}/artist/overview`;
export const artistReleases = `${A}/artist/releases`;
export const artistAlbum = (id) => `${A}/artist/albums/${seg(id)}`;
export const artistTrack = (id) => `${A}/artist/tracks/${seg(id)}`;
export const artistStatement = (month) => `${A}/artist/statements/${seg(month)}`;
export const artistStatementCsv = (month) => `${A}/artist/statements/${seg(month)}/csv`;
export const artistStatementPrint = (month) => `${A}/artist/statements/${seg(month)}/print`;

// console
export const adminArtists = `${A}/admin/artists`;
export const adminInvites = `${A}/admin/invites`;
export const adminArtistPayouts = (id) => `${A}/admin/artists/${seg(id)}/payouts`;

// selling
export const artistDrafts = `${A}/artist/drafts`;
export const artistDraft = (id) => `${A}/artist/drafts/${seg(id)}`;
export const artistDraftUploads = (id) => `${A}/artist/drafts/${seg(id)}/uploads`;
export const artistDraftPublish = (id) => `${A}/artist/drafts/${seg(id)}/publish`;
export const artistUpload = (id) => `${A}/artist/uploads/${seg(id)}`;
export const artistDiscounts = `${A}/artist/discounts`;
export const artistDiscount = (code) => `${A}/artist/discounts/${seg(code)}`;
