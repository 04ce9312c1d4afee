import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import SoTubeServer
import SoTubeTestFixtures
import Testing

/// Artists and labels over HTTP (issue 31): an invitation taken, name-your-price with a minimum, a
/// pre-order that plays in full from its release date, the split of each sale in the ledger, a
/// payout, the statement, and who may call what.
@Suite struct SellerHTTPTests {
    /// The operator invites `email` to sell `artists`; the invitee takes it as `username`. Their token.
    static func invitedSeller(
        _ client: any TestClientProtocol, boss: String, username: String, artists: [String]
    ) async throws -> String {
        let invited = try await client.json(
            .post, "/api/v1/admin/invites",
            body: AdminInviteRequest(email: "\(username)@example.org", role: "artist", label: nil, artists: artists),
            token: boss)
        #expect(invited.status == .created, "\(invited.text)")
        let link = try invited.decode(AdminInviteDTO.self).link
        let token = try #require(link.components(separatedBy: "#/invite/").last)
        let shown = try await client.json(.get, "/api/v1/invites/\(token)")
        #expect(try shown.decode(InviteDTO.self).artists == artists)
        let taken = try await client.json(
            .post, "/api/v1/invites/\(token)",
            body: InviteAcceptRequest(username: username, password: "password-\(username)"))
        #expect(taken.status == .created, "\(taken.text)")
        let again = try await client.json(
            .post, "/api/v1/invites/\(token)",
            body: InviteAcceptRequest(username: username + "2", password: "password-x2"))
        #expect(again.status == .notFound, "an invitation is taken once")
        let auth = try taken.decode(AuthResponse.self)
        let me = try await client.json(.get, "/api/v1/me", token: auth.token).decode(MeResponse.self)
        #expect(me.role == "artist")
        return auth.token
    }

    static func report(_ app: TestApp) async throws -> LedgerReport {
        LedgerReport(facts: try await app.services.database.commerce.ledgerFacts())
    }

    @Test(arguments: TestEngine.enabled)
    func aPreOrderAtTheBuyersPriceIsSplitAndPlaysFromItsDate(engine: TestEngine) async throws {
        let app = try await TestApp.make(databaseURL: try await engine.freshDatabaseURL())
        let songs = try await CommerceFixture.album(app, "a1", prices: [5, 5, 5, 5])
        try await CommerceFixture.album(app, "a2", prices: [9])
        try await app.run { client in
            let boss = try await ConsoleHTTPTests.operatorToken(client, app)
            let ada = try await Self.invitedSeller(client, boss: boss, username: "ada", artists: ["Artist a1"])
            let bob = try await Self.invitedSeller(client, boss: boss, username: "bob", artists: ["Artist a2"])
            let today = CivilDay(epochMillis: app.clock.now().epochMillis)
            let nextWeek = today.adding(days: 7).description
            let change = ReleaseChangeRequest(
                albumPrice: 12, nameYourPrice: true, availableOn: nextWeek, published: true)
            // Another seller's album and song are not found, and nothing changes.
            #expect(
                try await client.json(.put, "/api/v1/artist/albums/a1", body: change, token: bob).status == .notFound)
            #expect(
                try await client.json(
                    .put, "/api/v1/artist/tracks/\(songs[0])", body: SongPriceRequest(price: 1, nameYourPrice: false),
                    token: bob
                ).status == .notFound)
            let bad = try await client.json(
                .put, "/api/v1/artist/albums/a1",
                body: ReleaseChangeRequest(albumPrice: -1, nameYourPrice: true, availableOn: nextWeek, published: true),
                token: ada)
            #expect(bad.status == .unprocessableContent && bad.problem?.field == "albumPrice")
            let set = try await client.json(.put, "/api/v1/artist/albums/a1", body: change, token: ada)
            #expect(set.status == .ok, "\(set.text)")
            let release = try set.decode(SellerReleaseDTO.self)
            #expect(release.preOrder && release.nameYourPrice && release.price == 12 && release.availableOn == nextWeek)
            let album = try await client.json(.get, "/api/v1/albums/a1").decode(AlbumDetailDTO.self)
            #expect(album.album.nameYourPrice == true && album.album.availableOn == nextWeek)

            // The buyer pays more than the minimum; less is refused and charges nothing.
            let fan = try await client.register("fan")
            try await CommerceFixture.grant(app, "fan", 100)
            let low = try await client.buy(PurchaseRequest(albumId: "a1", coins: 11), key: "k0", token: fan)
            #expect(low.status == .unprocessableContent && low.problem?.field == "coins")
            #expect(try await client.wallet(fan).coins == 100)
            let bought = try await client.buy(
                PurchaseRequest(albumId: "a1", expectedPrice: 20, coins: 20), key: "k1", token: fan)
            #expect(bought.status == .created, "\(bought.text)")
            #expect(try await client.wallet(fan).coins == 80)
            let fanID = try await ConsoleHTTPTests.userID(client, fan)

            // Before the date the owner hears the preview; on it, the whole song, without a restart.
            #expect(try await app.services.media.audio(trackID: songs[0], for: fanID).0 == .preview)
            let out = ReleaseChangeRequest(
                albumPrice: 12, nameYourPrice: true, availableOn: today.description, published: true)
            #expect(try await client.json(.put, "/api/v1/artist/albums/a1", body: out, token: ada).status == .ok)
            #expect(try await app.services.media.audio(trackID: songs[0], for: fanID).0 == .full)

            // 20 coins at the default 15 %: 3 for the store, 17 for the artist.
            let overview = try await client.json(.get, "/api/v1/artist/overview", token: ada)
                .decode(SellerOverviewDTO.self)
            #expect(overview.balance.coins == 17)
            #expect(overview.totals == SalesTotalsDTO(sales: 1, gross: 20, commission: 3, net: 17))
            #expect(overview.recentSales.first?.preOrder == true)
            let bobs = try await client.json(.get, "/api/v1/artist/overview", token: bob).decode(SellerOverviewDTO.self)
            #expect(bobs.balance.coins == 0 && bobs.recentSales.isEmpty, "a seller sees only their own sales")

            // A payout larger than the balance is refused; a fitting one lowers it.
            let adaID = try await ConsoleHTTPTests.userID(client, ada)
            let tooMuch = try await client.json(
                .post, "/api/v1/admin/artists/\(adaID)/payouts",
                body: PayoutRequest(coins: 18, paidOn: nil, reference: "SEPA 1"), token: boss)
            #expect(tooMuch.status == .conflict)
            let paid = try await client.json(
                .post, "/api/v1/admin/artists/\(adaID)/payouts",
                body: PayoutRequest(coins: 10, paidOn: today.description, reference: "SEPA 2"), token: boss)
            #expect(paid.status == .created, "\(paid.text)")
            #expect(try paid.decode(PayoutDTO.self).amount == MoneyDTO(amount: 10, currency: "USD"))

            let month = String(today.description.prefix(7))
            let statement = try await client.json(.get, "/api/v1/artist/statements/\(month)", token: ada)
                .decode(SellerStatementDTO.self)
            #expect(statement.openingBalance == 0 && statement.closingBalance == 7)
            #expect(statement.lines.count == 1 && statement.payouts.count == 1)
            let csv = try await client.json(.get, "/api/v1/artist/statements/\(month)/csv", token: ada).text
            let lines = csv.split(separator: "\r\n")
            #expect(lines.count == 3 && lines.last == "\"total\",\"\",\"\",\"\",\"\",\"20\",\"3\",\"17\"", "\(csv)")
            #expect(
                try await client.json(.get, "/api/v1/artist/statements/2026-13", token: ada).status
                    == .unprocessableContent)

            let report = try await Self.report(app)
            #expect(report.isExact, "\(report.problems)")
        }
    }

    @Test func aLabelSellsSeveralArtistsAndAnArtistIsSoldByOneAccount() async throws {
        let app = try await TestApp.make()
        try await CommerceFixture.album(app, "a1", prices: [4])
        try await CommerceFixture.album(app, "a2", prices: [6])
        try await app.run { client in
            let boss = try await ConsoleHTTPTests.operatorToken(client, app)
            let invited = try await client.json(
                .post, "/api/v1/admin/invites",
                body: AdminInviteRequest(
                    email: "north@example.org", role: "label", label: "North Records",
                    artists: ["Artist a1", "Artist a2", "Brand New Act"]), token: boss)
            #expect(invited.status == .created, "\(invited.text)")
            let token = try invited.decode(AdminInviteDTO.self).link.components(separatedBy: "#/invite/")[1]
            let shown = try await client.json(.get, "/api/v1/invites/\(token)").decode(InviteDTO.self)
            #expect(shown.role == "label" && shown.label == "North Records")
            let taken = try await client.json(
                .post, "/api/v1/invites/\(token)",
                body: InviteAcceptRequest(username: "north", password: "password-north"))
            let label = try taken.decode(AuthResponse.self).token
            let overview = try await client.json(.get, "/api/v1/artist/overview", token: label).decode(
                SellerOverviewDTO.self)
            #expect(overview.role == "label" && overview.label == "North Records")
            #expect(Set(overview.artists.map(\.name)) == ["Artist a1", "Artist a2", "Brand New Act"])
            let releases = try await client.json(.get, "/api/v1/artist/releases", token: label)
                .decode(SellerReleaseListDTO.self)
            #expect(Set(releases.releases.map(\.albumId)) == ["a1", "a2"])
            // An artist another account sells cannot be given to a second one.
            let twice = try await client.json(
                .post, "/api/v1/admin/invites",
                body: AdminInviteRequest(email: "solo@example.org", role: "artist", label: nil, artists: ["Artist a1"]),
                token: boss)
            #expect(twice.status == .conflict && twice.problem?.field == "artists")
            let noName = try await client.json(
                .post, "/api/v1/admin/invites",
                body: AdminInviteRequest(email: "x@example.org", role: "label", label: " ", artists: ["Z"]), token: boss
            )
            #expect(noName.status == .unprocessableContent && noName.problem?.field == "label")
        }
    }

    @Test func anExistingAccountTakesTheInvitationSentToItsEmail() async throws {
        let app = try await TestApp.make()
        try await CommerceFixture.album(app, "a1", prices: [4])
        try await app.run { client in
            let boss = try await ConsoleHTTPTests.operatorToken(client, app)
            let eve = try await client.register("eve")
            let mallory = try await client.register("mallory")
            let invited = try await client.json(
                .post, "/api/v1/admin/invites",
                body: AdminInviteRequest(email: "Eve@Example.com", role: "artist", label: nil, artists: ["Artist a1"]),
                token: boss)
            let token = try invited.decode(AdminInviteDTO.self).link.components(separatedBy: "#/invite/")[1]
            #expect(try await client.json(.post, "/api/v1/invites/\(token)/accept").status == .unauthorized)
            let other = try await client.json(.post, "/api/v1/invites/\(token)/accept", token: mallory)
            #expect(other.status == .forbidden, "an invitation is for the address it was sent to")
            let taken = try await client.json(.post, "/api/v1/invites/\(token)/accept", token: eve)
            #expect(taken.status == .ok, "\(taken.text)")
            #expect(try taken.decode(SellerOverviewDTO.self).artists.map(\.name) == ["Artist a1"])
            let me = try await client.json(.get, "/api/v1/me", token: eve).decode(MeResponse.self)
            #expect(me.role == "artist")
            #expect(try await client.json(.post, "/api/v1/invites/\(token)/accept", token: eve).status == .notFound)
        }
    }

    @Test func everyArtistRouteAnswersAGuest401AndOthers403() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let buyer = try await client.register("bea")
            let boss = try await ConsoleHTTPTests.operatorToken(client, app)
            let routes = Route.all.filter { $0.access == .seller }
            #expect(routes.count >= 7)
            for route in routes {
                let path = route.path(values: route.parameters.map { _ in "2026-11" })
                let method = HTTPRequest.Method(rawValue: route.method.rawValue) ?? .get
                let guest = try await client.json(method, path, body: [String: String]())
                #expect(guest.status == .unauthorized, "\(route) answered \(guest.status) to a guest")
                for token in [buyer, boss] {
                    let answer = try await client.json(method, path, body: [String: String](), token: token)
                    #expect(answer.status == .forbidden, "\(route) answered \(answer.status)")
                }
            }
        }
    }
}
