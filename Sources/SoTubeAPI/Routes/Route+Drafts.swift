// Releases made in the browser (issue 31, docs/selling.md): drafts and their resumable uploads in the
// artist area, fans following artists, and the one-click unsubscribe of the mail they get.
extension Route {
    public static let sellerDrafts = sellerRoute(
        .get, "/drafts", "The account's drafts (private until published)",
        responses: [200: ("The drafts", "DraftList")], web: "artistDrafts")
    public static let sellerCreateDraft = sellerRoute(
        .post, "/drafts", "Start a release for one of the account's artists", request: "DraftCreateRequest",
        responses: [201: ("The draft", "Draft"), 400: ("Malformed JSON", nil), 422: ("Bad artist or title", nil)],
        web: "artistDrafts")
    public static let sellerDraft = sellerRoute(
        .get, "/drafts/{id}", "One draft with its files",
        responses: [200: ("The draft", "Draft"), 404: ("Not yours", nil)],
        web: "artistDraft")
    public static let sellerSaveDraft = sellerRoute(
        .put, "/drafts/{id}", "Save the draft's form", request: "DraftSaveRequest",
        responses: [
            200: ("The draft", "Draft"), 400: ("Malformed JSON", nil), 404: ("Not yours", nil),
            422: ("Bad title, price, date or songs", nil),
        ], web: "artistDraft")
    public static let sellerDeleteDraft = sellerRoute(
        .delete, "/drafts/{id}", "Throw the draft and its files away",
        responses: [204: ("Deleted", nil), 404: ("Not yours", nil)], web: "artistDraft")
    public static let sellerStartUpload = sellerRoute(
        .post, "/drafts/{id}/uploads", "Announce a file (name, size, audio or cover) before sending its chunks",
        request: "UploadStartRequest",
        responses: [
            201: ("The upload, at offset 0", "Upload"), 400: ("Malformed JSON", nil), 404: ("Not yours", nil),
            422: ("Bad name, size or kind", nil),
        ], web: "artistDraftUploads")
    public static let sellerPublishDraft = sellerRoute(
        .post, "/drafts/{id}/publish",
        "Publish: the songs are imported (previews and renditions made by the media jobs) with the draft's prices and date",
        responses: [
            201: ("The release", "SellerRelease"), 404: ("Not yours", nil),
            422: ("No songs, or a file not finished or unreadable", nil),
        ], web: "artistDraftPublish")
    public static let sellerUpload = sellerRoute(
        .get, "/uploads/{id}", "Where an upload stands (to resume after a dropped connection)",
        responses: [200: ("The upload", "Upload"), 404: ("Not yours", nil)], web: "artistUpload")
    public static let sellerAppendUpload = Route(
        .patch, "/api/v1/artist/uploads/{id}",
        "Send the next chunk (at most 8 MiB; any binary type, tus's application/offset+octet-stream too) at header Upload-Offset, which must be the bytes received so far",
        tag: "selling", access: .seller, requestContentType: "application/octet-stream",
        responses: [
            200: ("The upload, its offset advanced (whole: tags read)", "Upload"), 401: ("Not logged in", nil),
            403: ("Not an artist's or a label's account", nil), 404: ("Not yours", nil),
            409: ("Upload-Offset is not the bytes received: ask GET for the offset and resume", nil),
            413: ("A chunk larger than 8 MiB", nil), 422: ("No Upload-Offset, or past the file's size", nil),
        ], headers: ["Upload-Offset": "The bytes already received (the chunk's place in the file)"],
        web: "artistUpload")

    public static let artistFollow = Route(
        .get, "/api/v1/artists/{id}/follow", "Whether the caller follows the artist, and how many do",
        tag: "catalog", responses: [200: ("Following", "Follow")], web: "artistFollow")
    public static let followArtist = Route(
        .put, "/api/v1/artists/{id}/follow",
        "Follow the artist: a mail when a release comes out or opens for pre-order",
        tag: "catalog", access: .user,
        responses: [200: ("Following", "Follow"), 401: ("Not logged in", nil), 404: ("No such artist", nil)],
        web: "artistFollow")
    public static let unfollowArtist = Route(
        .delete, "/api/v1/artists/{id}/follow", "Stop following the artist", tag: "catalog", access: .user,
        responses: [200: ("Not following", "Follow"), 401: ("Not logged in", nil)], web: "artistFollow")
    public static let unsubscribePage = Route(
        .get, "/api/v1/unsubscribe/{token}", "The page a new-release mail's unsubscribe link opens (a button)",
        tag: "catalog", responses: [200: ("HTML", nil), 404: ("Not an unsubscribe link of this store", nil)],
        responseContentType: "text/html")
    public static let unsubscribe = Route(
        .post, "/api/v1/unsubscribe/{token}", "One-click unsubscribe (RFC 8058): stop following that artist",
        tag: "catalog", responses: [200: ("HTML", nil), 404: ("Not an unsubscribe link of this store", nil)],
        responseContentType: "text/html")

    static let drafts: [Route] = [
        sellerDrafts, sellerCreateDraft, sellerDraft, sellerSaveDraft, sellerDeleteDraft, sellerStartUpload,
        sellerPublishDraft, sellerUpload, sellerAppendUpload, artistFollow, followArtist, unfollowArtist,
        unsubscribePage, unsubscribe,
    ]
}

// Discount codes: made by sellers, quoted to buyers, applied in the purchase.
extension Route {
    public static let sellerDiscounts = sellerRoute(
        .get, "/discounts", "The account's discount codes with their uses",
        responses: [200: ("The codes", "DiscountList")], web: "artistDiscounts")
    public static let sellerCreateDiscount = sellerRoute(
        .post, "/discounts", "Make a discount code: percent off one release or all, expiry, maximum uses",
        request: "DiscountCreateRequest",
        responses: [
            201: ("The code", "Discount"), 400: ("Malformed JSON", nil), 409: ("The code exists", nil),
            422: ("Bad code, percent, release, date or uses", nil),
        ], web: "artistDiscounts")
    public static let sellerDeleteDiscount = sellerRoute(
        .delete, "/discounts/{code}", "Withdraw a discount code",
        responses: [204: ("Withdrawn", nil), 404: ("Not yours", nil)], web: "artistDiscount")
    public static let discountQuote = Route(
        .get, "/api/v1/discounts/{code}", "What a discount code makes of a song's or an album's price",
        tag: "commerce",
        responses: [
            200: ("The price with the code", "DiscountQuote"),
            422: ("No such code for this release, expired, used up, or bad query", nil),
        ],
        query: [
            "trackId": "The song (or albumId)", "albumId": "The album (or trackId)",
            "price": "The price the buyer sees (coins)",
        ], web: "discountQuote")

    static let discounts: [Route] = [sellerDiscounts, sellerCreateDiscount, sellerDeleteDiscount, discountQuote]
}
