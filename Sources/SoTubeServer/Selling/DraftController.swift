import Foundation
import HTTPTypes
import Hummingbird
import SoTubeAPI
import SoTubeCore

/// Drafts and resumable uploads in the artist area, fans following artists, and the unsubscribe link.
struct DraftController {
    let drafts: DraftService
    let sellers: SellerService
    static let offsetHeader = HTTPField.Name("Upload-Offset")!

    func register(on routes: RouteRegistrar) {
        routes.on(.sellerDrafts) { _, context in
            let user = try context.requireIdentity().user
            return try jsonResponse(DraftListDTO(drafts: try await drafts.drafts(user).map(DraftDTO.init)))
        }
        routes.on(.sellerCreateDraft) { request, context in
            let user = try context.requireIdentity().user
            let body = try await request.decodeJSON(DraftCreateRequest.self, context: context)
            let draft = try await drafts.create(user, artistID: body.artistId, title: body.title)
            return try jsonResponse(DraftDTO(draft), status: .created)
        }
        routes.on(.sellerDraft) { _, context in
            let user = try context.requireIdentity().user
            return try jsonResponse(DraftDTO(try await drafts.draft(user, id: try context.pathID())))
        }
        routes.on(.sellerSaveDraft) { request, context in
            let user = try context.requireIdentity().user
            let body = try await request.decodeJSON(DraftSaveRequest.self, context: context)
            let draft = try await drafts.save(user, id: try context.pathID(), body: body.core)
            return try jsonResponse(DraftDTO(draft))
        }
        routes.on(.sellerDeleteDraft) { _, context in
            let user = try context.requireIdentity().user
            try await drafts.delete(user, id: try context.pathID())
            return Response(status: .noContent)
        }
        routes.on(.sellerStartUpload) { request, context in
            let user = try context.requireIdentity().user
            let body = try await request.decodeJSON(UploadStartRequest.self, context: context)
            guard let kind = ReleaseUpload.Kind(rawValue: body.kind) else {
                throw DomainError.invalid(field: "kind", reason: "A file is audio or a cover.")
            }
            let upload = try await drafts.startUpload(
                user, draftID: try context.pathID(), fileName: body.fileName, size: body.size, kind: kind)
            return try jsonResponse(UploadDTO(upload), status: .created)
        }
        routes.on(.sellerUpload) { _, context in
            let user = try context.requireIdentity().user
            return try jsonResponse(UploadDTO(try await drafts.upload(user, id: try context.pathID())))
        }
        routes.on(.sellerAppendUpload) { request, context in
            let user = try context.requireIdentity().user
            guard let text = request.headers[Self.offsetHeader], let offset = Int(text), offset >= 0 else {
                throw DomainError.invalid(field: "Upload-Offset", reason: "Say where the chunk goes: Upload-Offset.")
            }
            let bytes: [UInt8]
            do {
                bytes = Array(try await request.body.collect(upTo: DraftRules.maxChunkBytes).readableBytesView)
            } catch {
                throw Problem(
                    .contentTooLarge, "A chunk is at most \(DraftRules.maxChunkBytes >> 20) MB.", field: "body")
            }
            let upload = try await drafts.append(user, id: try context.pathID(), offset: offset, bytes: bytes)
            var headers = HTTPFields()
            headers[Self.offsetHeader] = String(upload.received)
            return try jsonResponse(UploadDTO(upload), headers: headers)
        }
        routes.on(.sellerPublishDraft) { _, context in
            let user = try context.requireIdentity().user
            let release = try await drafts.publish(user, id: try context.pathID())
            return try jsonResponse(SellerReleaseDTO(release, now: sellers.clock.now()), status: .created)
        }
        registerFollows(on: routes)
        registerDiscounts(on: routes)
    }

    func registerDiscounts(on routes: RouteRegistrar) {
        routes.on(.sellerDiscounts) { _, context in
            let user = try context.requireIdentity().user
            return try jsonResponse(DiscountListDTO(discounts: try await sellers.discounts(user).map(DiscountDTO.init)))
        }
        routes.on(.sellerCreateDiscount) { request, context in
            let user = try context.requireIdentity().user
            let body = try await request.decodeJSON(DiscountCreateRequest.self, context: context)
            let code = try await sellers.createDiscount(
                user, code: body.code, percent: body.percent, albumID: body.albumId, expiresOn: body.expiresOn,
                maxUses: body.maxUses)
            return try jsonResponse(DiscountDTO(code), status: .created)
        }
        routes.on(.sellerDeleteDiscount) { _, context in
            let user = try context.requireIdentity().user
            try await sellers.deleteDiscount(user, code: try context.parameters.require("code"))
            return Response(status: .noContent)
        }
        routes.on(.discountQuote) { request, context in
            let query = request.uri.queryParameters
            guard let priceText = query.get("price"), let price = Int(priceText) else {
                throw DomainError.invalid(field: "price", reason: "Say which price the code applies to.")
            }
            let code = try context.parameters.require("code")
            let (percent, charge) = try await sellers.quote(
                code: code, trackID: query.get("trackId"), albumID: query.get("albumId"), price: price)
            return try jsonResponse(
                DiscountQuoteDTO(
                    code: try DiscountRules.normalized(code), percent: percent, price: price, charge: charge))
        }
    }

    func registerFollows(on routes: RouteRegistrar) {
        routes.on(.artistFollow) { _, context in
            let state = try await sellers.following(context.identity?.user, artistID: try context.pathID())
            return try jsonResponse(FollowDTO(following: state.following, followers: state.followers))
        }
        routes.on(.followArtist) { _, context in
            let state = try await sellers.follow(try context.requireIdentity().user, artistID: try context.pathID())
            return try jsonResponse(FollowDTO(following: state.following, followers: state.followers))
        }
        routes.on(.unfollowArtist) { _, context in
            let state = try await sellers.unfollow(try context.requireIdentity().user, artistID: try context.pathID())
            return try jsonResponse(FollowDTO(following: state.following, followers: state.followers))
        }
        routes.on(.unsubscribePage) { _, context in
            let token = try context.parameters.require("token")
            return Self.page(
                """
                <h1>Unsubscribe</h1>
                <form method="post" action="/api/v1/unsubscribe/\(MailTemplates.escape(token))">
                <p>Stop the mail about this artist's new releases? / Больше не присылать письма о новых релизах?</p>
                <p><button type="submit">Unsubscribe / Отписаться</button></p></form>
                """)
        }
        routes.on(.unsubscribe) { _, context in
            _ = try await sellers.unsubscribe(token: try context.parameters.require("token"))
            return Self.page(
                "<h1>Unsubscribed</h1><p>You no longer follow this artist. / Вы больше не подписаны на этого артиста.</p>"
            )
        }
    }

    static func page(_ body: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        let html = """
            <!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1"><title>SoTube</title>
            <link rel="stylesheet" href="/css/statement.css"></head><body><main>\(body)</main></body></html>
            """
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
