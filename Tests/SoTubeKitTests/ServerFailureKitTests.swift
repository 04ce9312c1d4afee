import Foundation
import SoTubeAPI
import SoTubeKit
import SoTubeTestFixtures
import Testing

/// The errors for no answer and for a failing server, from a real server and a real closed port.
@Suite struct ServerFailureKitTests {
    @Test func aPortNobodyListensOnIsOffline() async throws {
        // A port that was free a moment ago: bind one, note it, close it.
        let proxy = try DroppingProxy(upstreamPort: 1, dropping: 0)
        let port = proxy.port
        proxy.stop()
        let client = SoTubeClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!)
        await #expect {
            try await client.storeHome()
        } throws: { error in
            if case .offline = error as? SoTubeError { return true }
            return false
        }
        // Buying offline: every attempt fails, the error is still offline, nothing is charged anywhere.
        let buyer = SoTubeClient(
            baseURL: URL(string: "http://127.0.0.1:\(port)")!, purchaseAttempts: 2,
            purchaseRetryDelay: .milliseconds(10))
        await #expect {
            try await buyer.buy(.track("t1"))
        } throws: { error in
            if case .offline = error as? SoTubeError { return true }
            return false
        }
    }

    /// On SQLite: a closed SQLite file fails at once (what the SDK makes of a 5xx is the point here).
    @Test func aServerWhoseDatabaseIsGoneAnswersServerErrors() async throws {
        try await LiveServer.start(engine: .sqlite) { server in
            let (client, _) = try await server.newUser("down")
            #expect(try await client.me().coins == 0)
            await server.services.database.shutdown()
            await #expect {
                try await client.me()
            } throws: { error in
                guard case .server(let status, let message) = error as? SoTubeError else { return false }
                return status == 500 && message.contains("went wrong")
            }
            // A guest's health check reaches the database ping (a member's request fails on its session first).
            await #expect {
                try await server.client().health()
            } throws: { error in
                guard case .server(let status, _) = error as? SoTubeError else { return false }
                return status == 503
            }
        }
    }

    @Test func problemDocumentsMapToTypedErrors() throws {
        func problem(_ status: Int, field: String? = nil, missing: Int? = nil, retry: Int? = nil) throws -> Data {
            try SoTubeJSON.encoder.encode(
                ProblemDocument(
                    title: "t", status: status, detail: "d", field: field, missingCoins: missing, retryAfter: retry))
        }
        #expect(SoTubeError.from(status: 402, body: try problem(402, missing: 7)) == .notEnoughCoins(missing: 7))
        #expect(
            SoTubeError.from(status: 409, body: try problem(409, field: "trackId"), isPurchase: true) == .alreadyOwned)
        #expect(SoTubeError.from(status: 429, body: Data(), retryAfterHeader: "12") == .rateLimited(retryAfter: 12))
        #expect(
            SoTubeError.from(status: 418, body: Data())
                == .unexpected(status: 418, message: "The server answered HTTP 418."))
        #expect(SoTubeClient.attachmentName("attachment; filename=\"../../etc/passwd\"") == "_.._etc_passwd")
        #expect(
            SoTubeClient.attachmentName("attachment; filename=\"a.mp3\"; filename*=UTF-8''Bj%C3%B6rk.mp3")
                == "Björk.mp3")
        #expect(SoTubeClient.attachmentName(nil) == nil)
    }
}

/// The SDK's small value types.
@Suite struct KitValueTests {
    @Test func intentsKeepTheirKeyAndSayWhatTheyBuy() throws {
        let intent = PurchaseIntent(.album("al1"), idempotencyKey: "key-1")
        #expect(intent.request == PurchaseRequest(albumId: "al1"))
        #expect(PurchaseIntent.track("t1").request == PurchaseRequest(trackId: "t1"))
        #expect(PurchaseIntent.track("t1").idempotencyKey != PurchaseIntent.track("t1").idempotencyKey)
        let decoded = try SoTubeJSON.decoder.decode(PurchaseIntent.self, from: SoTubeJSON.encoder.encode(intent))
        #expect(decoded == intent)
    }

    @Test func savedAudioNamesItsExtension() {
        let file = URL(fileURLWithPath: "/tmp/x")
        #expect(SavedAudio(file: file, rendition: .full, contentType: "audio/flac").fileExtension == "flac")
        #expect(
            SavedAudio(file: file, rendition: .preview, contentType: "audio/mp4; codecs=aac").fileExtension == "m4a")
        #expect(SavedAudio(file: file, rendition: .full, contentType: "video/whatever").fileExtension == "audio")
        let checkout = TopUpCheckout(topUpID: "tu1", checkoutURL: URL(string: "http://x/sandbox/checkout/tu1")!)
        #expect(checkout.topUpID == "tu1")
    }

    @Test func errorsReadAsSentences() {
        #expect(SoTubeError.notEnoughCoins(missing: 3).message == "Not enough coins: 3 more needed.")
        #expect(
            SoTubeError.rateLimited(retryAfter: 30).localizedDescription
                == "Too many attempts; try again in 30 seconds.")
        #expect(SoTubeError.validation(field: "q", message: "The parameter 'q' is required.").message.contains("'q'"))
    }
}
