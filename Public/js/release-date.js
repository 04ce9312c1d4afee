// A song or album with a store release date (`availableOn`, YYYY-MM-DD, UTC) still to come is sold as
// a pre-order: the server sends the date, which never goes stale in a cache; "to come" is decided here.

/** Today as the server's dates are written: YYYY-MM-DD in UTC. */
export function todayUTC() {
  return new Date().toISOString().slice(0, 10);
}

/** True when the item's release date is after today (UTC). */
export function isPreOrder(item) {
  return !!item?.availableOn && item.availableOn > todayUTC();
}
