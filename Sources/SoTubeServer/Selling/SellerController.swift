import Foundation
import HTTPTypes
import Hummingbird
import SoTubeAPI
import SoTubeCore

/// Invitations (`/api/v1/invites/{token}`), the artist area (`/api/v1/artist/…`) and the operator's
/// sellers, invitations and payouts (`/api/v1/admin/artists`, `/api/v1/admin/invites`).
struct SellerController {
    let sellers: SellerService
    /// Signs the invited account in with the same cookies a log-in sets.
    let auth: AuthController
    let clock: any SoTubeClock

    func register(on routes: RouteRegistrar) {
        routes.on(.invite) { _, context in
            let invite = try await sellers.openInvite(token: try context.parameters.require("token"))
            return try jsonResponse(
                InviteDTO(
                    email: invite.email, role: invite.role.rawValue, label: invite.labelName,
                    artists: invite.artistNames,
                    expiresAt: invite.expiresAt))
        }
        let sessionless = routes.on(routes.router.group().add(middleware: auth.crossSiteGuard))
        sessionless.on(.acceptInvite) { request, context in
            let body = try await request.decodeJSON(InviteAcceptRequest.self, context: context)
            let login = try await sellers.acceptInvite(
                token: try context.parameters.require("token"), username: body.username, password: body.password,
                client: context.clientAddress)
            await sellers.auth.rememberLanguage(userID: login.user.id, acceptLanguage: request.headers[.acceptLanguage])
            var response = try jsonResponse(
                AuthResponse(user: UserDTO(login.user), token: login.token), status: .created)
            auth.setSessionCookies(&response, login: login, context: context)
            return response
        }
        routes.on(.acceptInviteSignedIn) { _, context in
            let user = try context.requireIdentity().user
            let account = try await sellers.acceptInvite(token: try context.parameters.require("token"), as: user)
            let (settings, totals) = (
                try await sellers.sellers.settings(), try await sellers.sellers.totals(accountID: user.id)
            )
            return try jsonResponse(
                SellerOverviewDTO(
                    account: user.username, role: account.user.role.rawValue, label: account.labelName,
                    artists: account.artists.map(SellerArtistDTO.init),
                    balance: SellerBalanceDTO(
                        coins: account.balance, value: MoneyDTO(settings.value(of: account.balance))),
                    coinValue: MoneyDTO(settings.coinValue), totals: SalesTotalsDTO(totals), recentSales: [],
                    payouts: []))
        }
        registerArtistArea(on: routes)
        registerOperatorSide(on: routes)
    }

    func registerArtistArea(on routes: RouteRegistrar) {
        routes.on(.sellerOverview) { _, context in
            let user = try context.requireIdentity().user
            let (account, settings, totals, sales, payouts) = try await sellers.overview(user)
            return try jsonResponse(
                SellerOverviewDTO(
                    account: user.username, role: user.role.rawValue, label: account.labelName,
                    artists: account.artists.map(SellerArtistDTO.init),
                    balance: SellerBalanceDTO(
                        coins: account.balance, value: MoneyDTO(settings.value(of: account.balance))),
                    coinValue: MoneyDTO(settings.coinValue), totals: SalesTotalsDTO(totals),
                    recentSales: sales.map(SellerSaleDTO.init), payouts: payouts.map(PayoutDTO.init)))
        }
        routes.on(.sellerReleases) { _, context in
            let user = try context.requireIdentity().user
            let now = clock.now()
            return try jsonResponse(
                SellerReleaseListDTO(releases: try await sellers.releases(user).map { SellerReleaseDTO($0, now: now) }))
        }
        routes.on(.sellerUpdateAlbum) { request, context in
            let user = try context.requireIdentity().user
            let body = try await request.decodeJSON(ReleaseChangeRequest.self, context: context)
            let change = ReleaseChange(
                albumPrice: body.albumPrice, nameYourPrice: body.nameYourPrice,
                availableOn: try SellerRules.availableDay(body.availableOn), published: body.published)
            let release = try await sellers.updateAlbum(user, albumID: try context.pathID(), change)
            return try jsonResponse(SellerReleaseDTO(release, now: clock.now()))
        }
        routes.on(.sellerUpdateTrack) { request, context in
            let user = try context.requireIdentity().user
            let body = try await request.decodeJSON(SongPriceRequest.self, context: context)
            let release = try await sellers.updateTrack(
                user, trackID: try context.pathID(), price: body.price, nameYourPrice: body.nameYourPrice)
            return try jsonResponse(SellerReleaseDTO(release, now: clock.now()))
        }
        routes.on(.sellerStatement) { _, context in
            let user = try context.requireIdentity().user
            let (account, statement, settings) = try await sellers.statement(
                user, month: try context.parameters.require("month"))
            return try jsonResponse(SellerStatementDTO(account, statement, settings))
        }
        routes.on(.sellerStatementCSV) { _, context in
            let user = try context.requireIdentity().user
            let (_, statement, _) = try await sellers.statement(user, month: try context.parameters.require("month"))
            return csvResponse(
                StatementDocuments.csv(statement), fileName: "statement-\(user.username)-\(statement.month)")
        }
        routes.on(.sellerStatementPrint) { _, context in
            let user = try context.requireIdentity().user
            let (account, statement, settings) = try await sellers.statement(
                user, month: try context.parameters.require("month"))
            var headers = HTTPFields()
            headers[.contentType] = "text/html; charset=utf-8"
            return Response(
                status: .ok, headers: headers,
                body: .init(byteBuffer: ByteBuffer(string: StatementDocuments.page(account, statement, settings))))
        }
    }

    func registerOperatorSide(on routes: RouteRegistrar) {
        routes.on(.adminSellers) { _, _ in
            let (accounts, settings) = try await sellers.sellerAccounts()
            return try jsonResponse(
                AdminSellerListDTO(
                    accounts: accounts.map { AdminSellerDTO($0, settings) },
                    defaultCommissionBasisPoints: settings.commissionBasisPoints,
                    coinValue: MoneyDTO(settings.coinValue)))
        }
        routes.on(.adminInvite) { request, context in
            let body = try await request.decodeJSON(AdminInviteRequest.self, context: context)
            guard let role = UserRole(rawValue: body.role), role.sells else {
                throw DomainError.invalid(field: "role", reason: "Invite an artist or a label.")
            }
            let (link, invite) = try await sellers.invite(
                try context.actor(), email: body.email, role: role, labelName: body.label, artistNames: body.artists)
            return try jsonResponse(
                AdminInviteDTO(link: link, email: invite.email, expiresAt: invite.expiresAt), status: .created)
        }
        routes.on(.adminPayout) { request, context in
            let body = try await request.decodeJSON(PayoutRequest.self, context: context)
            let payout = try await sellers.recordPayout(
                try context.actor(), accountID: try context.pathID(), coins: body.coins, paidOn: body.paidOn,
                reference: body.reference)
            return try jsonResponse(PayoutDTO(payout), status: .created)
        }
    }
}
