extension Route {
    /// Every route the store serves: the server registers a handler for each (and for nothing else),
    /// the OpenAPI document lists them, and `Public/js/endpoints.js` is made from those with a `webName`.
    public static let all: [Route] =
        accounts + system + commerce + catalog + discovery + ownPlaylistRoutes + media + pages + subsonicRoutes + admin
        + selling + drafts
        + discounts + signIn

}
