// Artists and labels (issue 31, docs/selling.md): invitations, the artist area (`/api/v1/artist/…`:
// 401 to a guest, 403 to anyone who is not an artist or a label, 404 for another seller's albums and
// songs), and the operator's side (sellers, invitations, payouts).
extension Route {
    static func sellerRoute(
        _ method: Method, _ path: String, _ summary: String, request: String? = nil,
        responses: [Int: (String, String?)], responseContentType: String = "application/json", web: String
    ) -> Route {
        var answers = responses
        answers[401] = ("Not logged in", nil)
        answers[403] = ("Not an artist's or a label's account", nil)
        return Route(
            method, "/api/v1/artist" + path, summary, tag: "selling", access: .seller, request: request,
            responses: answers, responseContentType: responseContentType, web: web)
    }

    public static let invite = Route(
        .get, "/api/v1/invites/{token}", "An invitation to sell: for whom, as what, for which artists",
        tag: "selling", responses: [200: ("The invitation", "Invite"), 404: ("Unknown, used or expired", nil)],
        web: "invite")
    public static let acceptInvite = Route(
        .post, "/api/v1/invites/{token}", "Take the invitation: make the account (signed in) with its role and artists",
        tag: "selling", request: "InviteAcceptRequest",
        responses: [
            201: ("Signed in as the new artist or label", "AuthResponse"), 400: ("Malformed JSON", nil),
            404: ("Unknown, used or expired", nil), 409: ("Username taken, or the email has an account", nil),
            422: ("Bad username or password", nil), 429: ("Too many sign-ups from this address", nil),
        ], web: "invite")

    public static let acceptInviteSignedIn = Route(
        .post, "/api/v1/invites/{token}/accept",
        "Take the invitation with the account signed in (its email must be the invitation's)", tag: "selling",
        access: .user,
        responses: [
            200: ("The account, now an artist's or a label's", "SellerOverview"), 401: ("Not logged in", nil),
            403: ("The invitation was sent to another email", nil), 404: ("Unknown, used or expired", nil),
            409: ("One of its artists is sold by another account", nil),
        ], web: "inviteAccept")

    public static let sellerOverview = sellerRoute(
        .get, "/overview", "Balance, all-time totals, recent sales and payouts",
        responses: [200: ("The overview", "SellerOverview")], web: "artistOverview")
    public static let sellerReleases = sellerRoute(
        .get, "/releases", "The albums of the account's artists with prices, dates and sales",
        responses: [200: ("The releases", "SellerReleaseList")], web: "artistReleases")
    public static let sellerUpdateAlbum = sellerRoute(
        .put, "/albums/{id}", "Set an album's price, name-your-price, release date and whether it is on sale",
        request: "ReleaseChangeRequest",
        responses: [
            200: ("The release", "SellerRelease"), 400: ("Malformed JSON", nil), 404: ("Not one of yours", nil),
            422: ("Bad price or date", nil),
        ], web: "artistAlbum")
    public static let sellerUpdateTrack = sellerRoute(
        .put, "/tracks/{id}", "Set a song's price and name-your-price", request: "SongPriceRequest",
        responses: [
            200: ("The song's release", "SellerRelease"), 400: ("Malformed JSON", nil), 404: ("Not one of yours", nil),
            422: ("Bad price", nil),
        ], web: "artistTrack")
    public static let sellerStatement = sellerRoute(
        .get, "/statements/{month}", "A month's sales (gross, commission, net), payouts and balances",
        responses: [200: ("The statement", "SellerStatement"), 422: ("Not a month (YYYY-MM)", nil)],
        web: "artistStatement")
    public static let sellerStatementCSV = sellerRoute(
        .get, "/statements/{month}/csv", "The month's statement as CSV",
        responses: [200: ("CSV", nil), 422: ("Not a month (YYYY-MM)", nil)], responseContentType: "text/csv",
        web: "artistStatementCsv")
    public static let sellerStatementPrint = sellerRoute(
        .get, "/statements/{month}/print", "The month's statement as a printable page",
        responses: [200: ("HTML", nil), 422: ("Not a month (YYYY-MM)", nil)], responseContentType: "text/html",
        web: "artistStatementPrint")

    public static let adminSellers = operatorRoute(
        .get, "/artists", "Artists' and labels' accounts with their artists and balances",
        responses: [200: ("The sellers", "AdminSellerList")], web: "adminArtists")
    public static let adminInvite = operatorRoute(
        .post, "/invites", "Invite an artist or a label by email (the link is mailed and answered)",
        request: "AdminInviteRequest",
        responses: [
            201: ("Invited", "AdminInvite"), 400: ("Malformed JSON", nil), 422: ("Bad email, role or names", nil),
        ],
        web: "adminInvites")
    public static let adminPayout = operatorRoute(
        .post, "/artists/{id}/payouts", "Record a payout to a seller: its balance goes down by the coins",
        request: "PayoutRequest",
        responses: [
            201: ("Recorded", "Payout"), 400: ("Malformed JSON", nil), 404: ("No such seller", nil),
            409: ("More than the balance", nil), 422: ("Bad coins, date or reference", nil),
        ], web: "adminArtistPayouts", recentPassword: true)

    static let selling: [Route] = [
        invite, acceptInvite, acceptInviteSignedIn, sellerOverview, sellerReleases, sellerUpdateAlbum,
        sellerUpdateTrack, sellerStatement,
        sellerStatementCSV, sellerStatementPrint, adminSellers, adminInvite, adminPayout,
    ]
}
