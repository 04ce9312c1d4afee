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

    @Test func aNewPriceIsWhatTheStoreShowsAndCharges() async throws {
        let app = try await TestApp.make()
        let songs = try await CommerceFixture.album(app, "a1", prices: [30, 20])
        try await app.run { client in
            let boss = try await Self.operatorToken(client, app)
            let eve = try await client.register("eve")
            try await CommerceFixture.grant(app, "eve", 100)
            let edited = try await client.json(
                .patch, "/api/v1/admin/tracks/\(songs[0])", body: TrackEditRequest(price: 12), token: boss)
            #expect(edited.status == .ok)
            #expect(try edited.decode(AdminTrackDTO.self).price == 12)
            let shown = try await client.json(.get, "/api/v1/tracks/\(songs[0])", token: eve).decode(
                TrackDetailDTO.self)
            #expect(shown.track.price == 12)
            let bought = try await client.buy(PurchaseRequest(trackId: songs[0]), key: "p1", token: eve)
            #expect(try bought.decode(PurchaseResultDTO.self).coins == 88)
            // Withdrawn: no longer sold; restored: sold again.
            let withdrawn = try await client.json(
                .patch, "/api/v1/admin/tracks/\(songs[1])", body: TrackEditRequest(withdrawn: true), token: boss)
            #expect(try withdrawn.decode(AdminTrackDTO.self).withdrawn)
            #expect(try await client.buy(PurchaseRequest(trackId: songs[1]), key: "p2", token: eve).status == .conflict)
            _ = try await client.json(
                .patch, "/api/v1/admin/tracks/\(songs[1])", body: TrackEditRequest(withdrawn: false), token: boss)
            #expect(try await client.buy(PurchaseRequest(trackId: songs[1]), key: "p3", token: eve).status == .created)
            // Bad edits change nothing.
            for body in [TrackEditRequest(price: -1), TrackEditRequest(), TrackEditRequest(title: "  ")] {
                let answer = try await client.json(.patch, "/api/v1/admin/tracks/\(songs[0])", body: body, token: boss)
                #expect(answer.status == .unprocessableContent)
            }
            let audit = try await client.json(.get, "/api/v1/admin/audit", token: boss).decode(AuditListDTO.self)
            #expect(audit.entries.filter { $0.action == "track.edit" }.count == 3)
            #expect(audit.entries.last(where: { $0.action == "track.edit" })?.after == #"{"price":12}"#)
        }
    }

    @Test func aCodeBatchIsExportedWithItsRedeemersAndExpires() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let boss = try await Self.operatorToken(client, app)
            let fay = try await client.register("fay")
            let expiry = app.clock.now().addingTimeInterval(3600)
            let made = try await client.json(
                .post, "/api/v1/admin/gift-code-batches",
                body: CodeBatchRequest(coins: 25, count: 3, expiresAt: expiry, label: "Winter"), token: boss)
            #expect(made.status == .created)
            let batch = try made.decode(CodeBatchDTO.self)
            #expect(batch.codes?.count == 3)
            let codes = batch.codes ?? []
            let redeemed = try await client.json(
                .post, "/api/v1/wallet/redeem", body: RedeemRequest(code: codes.first ?? ""), token: fay)
            #expect(redeemed.status == .ok)
            let csv = try await client.json(.get, "/api/v1/admin/gift-code-batches/\(batch.id)/codes.csv", token: boss)
            #expect(csv.status == .ok)
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
            let lines = csv.text.split(separator: "\r\n")
            #expect(lines.count == 4)
            #expect(lines.first == #""code","coins","expires_at","redeemed_by","redeemed_at""#)
            #expect(lines.contains { $0.contains(codes.first ?? "-") && $0.contains("\"fay\"") })
            let list = try await client.json(.get, "/api/v1/admin/gift-code-batches", token: boss)
                .decode(CodeBatchListDTO.self)
            #expect(list.batches.map(\.redeemed) == [1])
            #expect(list.batches.first?.codes == nil)
            app.clock.advance(by: 3601)
            let late = try await client.json(
                .post, "/api/v1/wallet/redeem", body: RedeemRequest(code: codes[1]), token: fay)
            #expect(late.status == .conflict)
            #expect(late.problem?.detail.contains("expired") == true)
            #expect(try await client.wallet(fay).coins == 25)
            // An expiry in the past is refused (the operator confirms the password first: an hour passed).
            _ = try await client.json(
                .post, "/api/v1/admin/reauth", body: ReauthRequest(password: "password-boss"), token: boss)
            let past = try await client.json(
                .post, "/api/v1/admin/gift-code-batches",
                body: CodeBatchRequest(coins: 25, count: 1, expiresAt: app.clock.now().addingTimeInterval(-1)),
                token: boss)
            #expect(past.status == .unprocessableContent)
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

    @Test func theStoreHomeShowsTheFeaturedPlaylistsAndMoodsInTheCuratedOrder() async throws {
        let app = try await TestApp.make { $0.seedsDemoCatalog = false }
        let songs = try await CommerceFixture.album(app, "a1", prices: [10, 10])
        try await app.services.database.backend.transaction { db in
            for (index, name) in ["Volume One", "Volume Two", "Volume Three"].enumerated() {
                try await db.raw(
                    """
                    INSERT INTO playlists (id, name, kind, featured, position, created_at)
                    VALUES (\(bind: "pl\(index)"), \(bind: name), 'volume', 1, \(bind: index), 0)
                    """
                ).run()
                try await db.raw(
                    "INSERT INTO playlist_tracks (playlist_id, position, track_id) VALUES (\(bind: "pl\(index)"), 0, \(bind: songs[0]))"
                ).run()
            }
            for (index, name) in ["Calm", "Party"].enumerated() {
                try await db.raw(
                    "INSERT INTO moods (id, name, playlist_id, position) VALUES (\(bind: "m\(index)"), \(bind: name), 'pl0', \(bind: index))"
                ).run()
            }
        }
        try await app.run { client in
            let boss = try await Self.operatorToken(client, app)
            let before = try await client.json(.get, "/api/v1/store/home").decode(StoreHomeDTO.self)
            #expect(before.featuredPlaylists.map(\.name) == ["Volume One", "Volume Two", "Volume Three"])
            let saved = try await client.json(
                .put, "/api/v1/admin/curation", body: CurationRequest(featured: ["pl2", "pl0"], moods: ["m1", "m0"]),
                token: boss)
            #expect(saved.status == .ok)
            let curation = try saved.decode(CurationDTO.self)
            #expect(curation.playlists.filter(\.featured).map(\.id) == ["pl2", "pl0"])
            let home = try await client.json(.get, "/api/v1/store/home").decode(StoreHomeDTO.self)
            #expect(home.featuredPlaylists.map(\.name) == ["Volume Three", "Volume One"])
            #expect(home.moods.map(\.name) == ["Party", "Calm"])
            for bad in [
                CurationRequest(featured: ["pl0", "pl0"], moods: ["m0", "m1"]),
                CurationRequest(featured: ["nope"], moods: ["m0", "m1"]), CurationRequest(featured: [], moods: ["m0"]),
            ] {
                let answer = try await client.json(.put, "/api/v1/admin/curation", body: bad, token: boss)
                #expect(answer.status == .unprocessableContent)
            }
            let after = try await client.json(.get, "/api/v1/store/home").decode(StoreHomeDTO.self)
            #expect(
                after.featuredPlaylists.map(\.name) == ["Volume Three", "Volume One"],
                "a refused change changes nothing")
        }
    }

    @Test func anArtistRenamedAndAnAlbumsNewPictureAreWhatTheStoreShows() async throws {
        let app = try await TestApp.make()
        try await CommerceFixture.album(app, "a1", prices: [10])
        try await CommerceFixture.album(app, "a2", prices: [10])
        // A red square, made by ffmpeg as any operator's file would be.
        let png = app.directory.appendingPathComponent("red.png")
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        ffmpeg.arguments = [
            "-v", "error", "-f", "lavfi", "-i", "color=c=red:s=400x400", "-frames:v", "1", "-y", png.path,
        ]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        let picture = try Data(contentsOf: png)
        try await app.run { client in
            let boss = try await Self.operatorToken(client, app)
            let renamed = try await client.json(
                .patch, "/api/v1/admin/artists/ar-a1", body: ArtistRenameRequest(name: "Northern Lights"), token: boss)
            #expect(renamed.status == .ok)
            #expect(try renamed.decode(AdminArtistDTO.self).name == "Northern Lights")
            let album = try await client.json(.get, "/api/v1/albums/a1").decode(AlbumDetailDTO.self)
            #expect(album.album.artistName == "Northern Lights")
            let taken = try await client.json(
                .patch, "/api/v1/admin/artists/ar-a2", body: ArtistRenameRequest(name: "northern  LIGHTS"), token: boss)
            #expect(taken.status == .conflict)
            #expect(
                try await client.json(
                    .patch, "/api/v1/admin/artists/ar-a2", body: ArtistRenameRequest(name: ""), token: boss
                ).status == .unprocessableContent)

            let before = try await client.execute(uri: "/api/v1/albums/a1/artwork?size=300", method: .get)
            let upload = try await client.execute(
                uri: "/api/v1/admin/albums/a1/artwork", method: .put,
                headers: [.contentType: "image/png", .authorization: "Bearer \(boss)"], body: ByteBuffer(data: picture))
            #expect(upload.status == .ok, "\(upload.text)")
            let after = try await client.execute(uri: "/api/v1/albums/a1/artwork?size=300", method: .get)
            #expect(after.status == .ok)
            #expect(after.headers[.contentType] == "image/jpeg")
            #expect(Array(after.body.readableBytesView.prefix(3)) == [0xFF, 0xD8, 0xFF])
            #expect(after.body != before.body)
            let text = try await client.execute(
                uri: "/api/v1/admin/albums/a1/artwork", method: .put,
                headers: [.contentType: "image/png", .authorization: "Bearer \(boss)"],
                body: ByteBuffer(string: "not a picture at all"))
            #expect(text.status == .unsupportedMediaType)
            let unknown = try await client.execute(
                uri: "/api/v1/admin/albums/nope/artwork", method: .put,
                headers: [.contentType: "image/png", .authorization: "Bearer \(boss)"], body: ByteBuffer(data: picture))
            #expect(unknown.status == .notFound)
            let audit = try await client.json(.get, "/api/v1/admin/audit", token: boss).decode(AuditListDTO.self)
            #expect(audit.entries.map(\.action).prefix(2) == ["album.artwork", "artist.edit"])
            #expect(audit.entries.last(where: { $0.action == "artist.edit" })?.after == #"{"name":"Northern Lights"}"#)
        }
    }
}
