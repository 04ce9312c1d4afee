import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import SoTubeServer
import SoTubeTestFixtures
import Testing

/// The operator's console over HTTP (docs/console.md): who may call it, the dashboard against the
/// ledger, and each action's effect on what buyers see, with its audit entry.
@Suite struct ConsoleHTTPTests {
    /// Registers `name` and makes them an operator (as `sotube users role` does); their token.
    static func operatorToken(_ client: any TestClientProtocol, _ app: TestApp, _ name: String = "boss") async throws
        -> String
    {
        let token = try await client.register(name)
        _ = try await app.services.operators.setRole(.cli(login: "test"), username: name, role: "operator")
        return token
    }

    static func userID(_ client: any TestClientProtocol, _ token: String) async throws -> String {
        try await client.json(.get, "/api/v1/me", token: token).decode(MeResponse.self).id
    }

    @Test func everyOperatorRouteAnswersAGuest401AndABuyer403() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let buyer = try await client.register("bea")
            let routes = Route.all.filter { $0.access == .operator }
            #expect(routes.count >= 20)
            for route in routes {
                let path = route.path(values: route.parameters.map { _ in "x1" })
                let method = HTTPRequest.Method(rawValue: route.method.rawValue) ?? .get
                let guest = try await client.execute(
                    uri: path, method: method, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: "{}"))
                #expect(guest.status == .unauthorized, "\(route) answered \(guest.status) to a guest")
                let asBuyer = try await client.json(method, path, body: [String: String](), token: buyer)
                #expect(asBuyer.status == .forbidden, "\(route) answered \(asBuyer.status) to a buyer")
                #expect(asBuyer.headers[.contentType] == "application/problem+json", "\(route)")
            }
        }
    }

    @Test(arguments: TestEngine.enabled)
    func theDashboardsFiguresAreTheLedgers(engine: TestEngine) async throws {
        let app = try await TestApp.make(databaseURL: try await engine.freshDatabaseURL())
        let songs = try await CommerceFixture.album(app, "a1", prices: [30, 20, 10])
        let other = try await CommerceFixture.album(app, "a2", prices: [5, 5])
        let code = try await app.services.commerce.mintCodes(coins: 40, count: 1)[0]
        try await app.run { client in
            // 23:58 UTC (the test clock starts at 08:00): the sales straddle midnight.
            app.clock.advance(by: 57_480)
            let boss = try await Self.operatorToken(client, app)
            let buyers = [try await client.register("ann"), try await client.register("ben")]
            try await CommerceFixture.grant(app, "ann", 200)
            try await CommerceFixture.grant(app, "ben", 100)
            _ = try await client.buy(PurchaseRequest(trackId: songs[0]), key: "k1", token: buyers[0])
            _ = try await client.buy(PurchaseRequest(trackId: songs[0]), key: "k2", token: buyers[1])
            // After midnight: a code, an album, a song, a top-up paid by card, and a take.
            app.clock.advance(by: 180)
            _ = try await client.json(.post, "/api/v1/wallet/redeem", body: RedeemRequest(code: code), token: buyers[1])
            _ = try await client.buy(PurchaseRequest(albumId: "a2"), key: "k3", token: buyers[0])
            _ = try await client.buy(PurchaseRequest(trackId: songs[2]), key: "k4", token: buyers[1])
            let opened = try await client.json(
                .post, "/api/v1/wallet/top-ups", body: TopUpRequest(packId: "medium"), token: buyers[0])
            #expect(opened.status == .created, "\(opened.text)")
            let checkout = try opened.decode(TopUpCreatedDTO.self)
            let paid = try await client.payOnSandbox(
                checkout.topUpId, ["method": "card", "number": "4242 4242 4242 4242", "expiry": "12/30", "cvc": "123"])
            #expect(paid.status == .seeOther)
            let ben = try await Self.userID(client, buyers[1])
            let took = try await client.json(
                .post, "/api/v1/admin/users/\(ben)/coins",
                body: CoinAdjustmentRequest(coins: -15, reason: "double credit"),
                token: boss)
            #expect(took.status == .ok)

            let today = CivilDay(epochMillis: app.clock.now().epochMillis)
            let from = today.adding(days: -1)
            let answer = try await client.json(
                .get, "/api/v1/admin/dashboard?from=\(from)&to=\(today)&by=day", token: boss)
            #expect(answer.status == .ok)
            let dashboard = try answer.decode(AdminDashboardDTO.self)

            // The ledger, summed by kind from each buyer's own history.
            var byKind: [HistoryEntryDTO.Kind: Int] = [:]
            var money: [String: Int] = [:]
            var spentOnAlbums = 0
            for token in buyers {
                let history = try await client.json(.get, "/api/v1/wallet/history", token: token).decode(
                    HistoryDTO.self)
                for entry in history.entries {
                    byKind[entry.kind, default: 0] += entry.coins
                    if let paid = entry.money { money[paid.currency, default: 0] += paid.amount }
                }
                for purchase in try await client.json(.get, "/api/v1/purchases", token: token)
                    .decode(PurchaseListDTO.self).purchases where purchase.kind == .album
                {
                    spentOnAlbums += purchase.coins
                }
            }
            let totals = dashboard.totals
            #expect(totals.coinsSold == byKind[.topUp] ?? 0)
            #expect(totals.coinsSold == 550)
            #expect(totals.coinsFromCodes == byKind[.giftCode] ?? 0)
            #expect(totals.coinsGranted == byKind[.grant] ?? 0)
            #expect(totals.coinsGranted == 285)
            #expect(totals.coinsSpentOnSongs + totals.coinsSpentOnAlbums == -(byKind[.purchase] ?? 0))
            #expect(totals.coinsSpentOnAlbums == spentOnAlbums)
            #expect(totals.coinsSpentOnSongs == 30 + 30 + 10)
            #expect(totals.money == money.map { MoneyDTO(amount: $0.value, currency: $0.key) })
            #expect(totals.purchases == 4)
            #expect(totals.newBuyers == 3)
            // Per day: the two first purchases yesterday, the rest today.
            #expect(dashboard.periods.map(\.start) == [from.description, today.description])
            #expect(dashboard.periods.map(\.coinsSpentOnSongs) == [60, 10])
            #expect(dashboard.periods.map(\.coinsSold) == [0, 550])
            // Top sellers by coins: the 30-coin song twice; the album; its artist.
            #expect(dashboard.topTracks.first?.id == songs[0])
            #expect(dashboard.topTracks.first?.coins == 60)
            #expect(dashboard.topTracks.first?.sales == 2)
            #expect(dashboard.topAlbums.map(\.id) == ["a2"])
            #expect(dashboard.topArtists.map(\.id) == ["ar-a1", "ar-a2"])
            #expect(dashboard.topArtists.first?.coins == 70)
            #expect(other.count == 2)
            // By week and by month the totals are the same.
            for by in ["week", "month"] {
                let grouped = try await client.json(
                    .get, "/api/v1/admin/dashboard?from=\(from)&to=\(today)&by=\(by)", token: boss
                ).decode(AdminDashboardDTO.self)
                #expect(grouped.totals == totals, "\(by)")
            }
            // And the ledger agrees with itself.
            #expect(try await app.services.commerce.verifyLedger().isExact)
        }
    }

    @Test func badDashboardRangesAre422() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let boss = try await Self.operatorToken(client, app)
            for query in [
                "from=2026-02-30", "from=2026-11-27&to=2026-11-01", "by=year", "from=1e19",
                "from=0001-01-01&to=9999-12-31",
                "to=99999-01-01",
            ] {
                let answer = try await client.json(.get, "/api/v1/admin/dashboard?\(query)", token: boss)
                #expect(answer.status == .unprocessableContent, "\(query)")
                #expect(answer.headers[.contentType] == "application/problem+json")
            }
        }
    }

    @Test func moneyAndAccountActionsNeedThePasswordWithinFifteenMinutes() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let boss = try await Self.operatorToken(client, app)
            let buyer = try await Self.userID(client, try await client.register("cat"))
            let grant = CoinAdjustmentRequest(coins: 50, reason: "welcome")
            app.clock.advance(by: 16 * 60)
            let refused = try await client.json(.post, "/api/v1/admin/users/\(buyer)/coins", body: grant, token: boss)
            #expect(refused.status == .forbidden)
            #expect(refused.problem?.type == ProblemType.reauthenticate)
            #expect(try await app.services.commerce.store.balance(userID: buyer) == 0)
            // Reading needs no confirmation.
            #expect(try await client.json(.get, "/api/v1/admin/users/\(buyer)", token: boss).status == .ok)
            let wrong = try await client.json(
                .post, "/api/v1/admin/reauth", body: ReauthRequest(password: "nope"), token: boss)
            #expect(wrong.status == .unprocessableContent)
            let right = try await client.json(
                .post, "/api/v1/admin/reauth", body: ReauthRequest(password: "password-boss"), token: boss)
            #expect(right.status == .noContent)
            let granted = try await client.json(.post, "/api/v1/admin/users/\(buyer)/coins", body: grant, token: boss)
            #expect(granted.status == .ok)
            #expect(try granted.decode(CoinAdjustmentDTO.self).balance == 50)
        }
    }

    @Test func lockingEndsTheSessionsAndRefusesSignInUntilUnlocked() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let boss = try await Self.operatorToken(client, app)
            let dan = try await client.register("dan")
            let id = try await Self.userID(client, dan)
            let locked = try await client.json(.put, "/api/v1/admin/users/\(id)/lock", token: boss)
            #expect(locked.status == .ok)
            #expect(try locked.decode(AdminUserDTO.self).locked)
            #expect(try await client.json(.get, "/api/v1/me", token: dan).status == .unauthorized)
            let login = LoginRequest(username: "dan", password: "password-dan")
            let refused = try await client.json(.post, "/api/v1/auth/login", body: login)
            #expect(refused.status == .forbidden)
            #expect(refused.problem?.detail.contains("locked") == true)
            // An operator cannot lock themselves out.
            let bossID = try await Self.userID(client, boss)
            #expect(try await client.json(.put, "/api/v1/admin/users/\(bossID)/lock", token: boss).status == .conflict)
            #expect(try await client.json(.delete, "/api/v1/admin/users/\(id)/lock", token: boss).status == .ok)
            #expect(try await client.json(.post, "/api/v1/auth/login", body: login).status == .ok)
            let audit = try await client.json(.get, "/api/v1/admin/audit", token: boss).decode(AuditListDTO.self)
            let actions = audit.entries.map(\.action)
            #expect(Array(actions.prefix(2)) == ["user.unlock", "user.lock"])
            #expect(audit.entries.first?.actor == "boss")
            #expect(audit.entries.first?.target == "user dan")
            #expect(audit.entries.first?.before == #"{"locked":true}"#)
            #expect(audit.entries.first?.after == #"{"locked":false}"#)
        }
    }

    @Test func aCustomersDataIsExportedAndErasedWhileTheLedgerStaysExact() async throws {
        let app = try await TestApp.make()
        let songs = try await CommerceFixture.album(app, "a1", prices: [30])
        try await app.run { client in
            let boss = try await Self.operatorToken(client, app)
            let gil = try await client.register("gil")
            let id = try await Self.userID(client, gil)
            try await CommerceFixture.grant(app, "gil", 100)
            #expect(try await client.buy(PurchaseRequest(trackId: songs[0]), key: "g1", token: gil).status == .created)
            let export = try await client.json(.get, "/api/v1/admin/users/\(id)/export", token: boss)
            #expect(export.status == .ok)
            #expect(export.headers[.contentDisposition]?.hasPrefix("attachment") == true)
            let tables = try JSONSerialization.jsonObject(with: Data(buffer: export.body)) as? [String: [[String: Any]]]
            #expect(tables?["users"]?.first?["email"] as? String == "gil@example.com")
            #expect(tables?["users"]?.first?["password_hash"] == nil, "no secrets in an export")
            #expect(tables?["sessions"]?.first?["token_hash"] == nil)
            #expect(tables?["purchases"]?.count == 1)
            #expect(tables?["ledger_entries"]?.count == 2)

            let noReason = try await client.json(
                .post, "/api/v1/admin/users/\(id)/erase", body: EraseRequest(reason: " "), token: boss)
            #expect(noReason.status == .unprocessableContent)
            let erased = try await client.json(
                .post, "/api/v1/admin/users/\(id)/erase", body: EraseRequest(reason: "asked by mail"), token: boss)
            #expect(erased.status == .ok)
            let left = try erased.decode(AdminUserDTO.self)
            #expect(left.displayName == "Deleted account")
            #expect(left.email == "deleted-\(id)@deleted.invalid")
            #expect(left.locked)
            #expect(try await client.json(.get, "/api/v1/me", token: gil).status == .unauthorized)
            // Erased is for good: not again, not unlocked.
            #expect(
                try await client.json(
                    .post, "/api/v1/admin/users/\(id)/erase", body: EraseRequest(reason: "again"), token: boss
                ).status == .conflict)
            #expect(try await client.json(.delete, "/api/v1/admin/users/\(id)/lock", token: boss).status == .conflict)
            let login = LoginRequest(username: "gil", password: "password-gil")
            #expect(try await client.json(.post, "/api/v1/auth/login", body: login).status == .unauthorized)
            // The money's rows stay, and the ledger is exact.
            let detail = try await client.json(.get, "/api/v1/admin/users/\(id)", token: boss).decode(
                AdminUserDetailDTO.self)
            #expect(detail.purchases.count == 1)
            #expect(detail.ledger.count == 2)
            #expect(detail.sessions == 0)
            #expect(try await app.services.commerce.verifyLedger().isExact)
            // The name and address are free again.
            #expect(
                try await client.json(
                    .post, "/api/v1/auth/register",
                    body: RegisterRequest(username: "gil", email: "gil@example.com", password: "password-gil2")
                ).status == .created)
            let bossID = try await Self.userID(client, boss)
            #expect(
                try await client.json(
                    .post, "/api/v1/admin/users/\(bossID)/erase", body: EraseRequest(reason: "x"), token: boss
                ).status == .conflict)
            let audit = try await client.json(.get, "/api/v1/admin/audit", token: boss).decode(AuditListDTO.self)
            #expect(audit.entries.first?.action == "user.erase")
            #expect(audit.entries.first?.reason == "asked by mail")
            #expect(audit.entries.contains { $0.action == "user.export" })
        }
    }

}
