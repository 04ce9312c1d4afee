// The code of Sources/SoTubeKit/SoTubeKit.docc/GettingStarted.md, compiled (GettingStartedTests
// checks that every line of the article is here, and runs it against a real server). The lines
// marked `// AVPlayer` build only where AVFoundation exists.
import Foundation
import SoTubeAPI
import SoTubeKit

#if canImport(AVFoundation)
    import AVFoundation
#endif

/// The session token in the app's Keychain: `read`, `write` and `delete` wrap
/// SecItemCopyMatching, SecItemAdd/SecItemUpdate and SecItemDelete.
struct KeychainTokenStore: TokenStore {
    let read: @Sendable () throws -> String?
    let write: @Sendable (String) throws -> Void
    let delete: @Sendable () throws -> Void

    func load() async throws -> String? { try read() }
    func save(_ token: String) async throws { try write(token) }
    func clear() async throws { try delete() }
}

func makeClient(server: URL, keychain: KeychainTokenStore) -> SoTubeClient {
    SoTubeClient(baseURL: server, tokens: keychain)
}

func logIn(_ client: SoTubeClient, username: String, password: String) async -> String {
    do {
        let answer = try await client.login(username: username, password: password)
        return "Hello, \(answer.user.displayName)!"
    } catch SoTubeError.unauthorized {
        return "Wrong username or password."
    } catch SoTubeError.rateLimited(let seconds) {
        return "Too many attempts: try again in \(seconds) seconds."
    } catch {
        return "Could not log in: \(error.localizedDescription)"
    }
}

func songs(matching text: String, _ client: SoTubeClient) async throws -> [TrackDTO] {
    var found: [TrackDTO] = []
    for try await page in client.searchPages(text, pageSize: 50) {
        found += page.tracks
    }
    return found
}

enum BuyOutcome: Equatable {
    case bought(balance: Int)
    case needsCoins(missing: Int, checkout: URL?)
    case alreadyOwned
}

func buy(_ track: TrackDTO, _ client: SoTubeClient) async throws -> BuyOutcome {
    let intent = PurchaseIntent.track(track.id)
    do {
        let receipt = try await client.buy(intent)
        return .bought(balance: receipt.result.coins)
    } catch SoTubeError.notEnoughCoins(let missing) {
        let wallet = try await client.wallet()
        let packs = wallet.packs.sorted { $0.coins < $1.coins }
        guard wallet.topUps, let pack = packs.first(where: { $0.coins >= missing }) ?? packs.last else {
            return .needsCoins(missing: missing, checkout: nil)
        }
        let checkout = try await client.startTopUp(packID: pack.id)
        return .needsCoins(missing: missing, checkout: checkout.checkoutURL)
    } catch SoTubeError.alreadyOwned {
        return .alreadyOwned
    }
}

func play(_ track: TrackDTO, _ client: SoTubeClient) async throws -> URL {
    let url = client.audioURL(trackID: track.id)
    let headers = try await client.authorizationHeaders()
    #if canImport(AVFoundation)
        let asset = AVURLAsset(url: url, options: ["AVURLAssetHTTPHeaderFieldsKey": headers])  // AVPlayer
        let player = AVPlayer(playerItem: AVPlayerItem(asset: asset))  // AVPlayer
        player.play()  // AVPlayer
    #else
        _ = headers
    #endif
    try await client.recordPlay(trackID: track.id)
    return url
}
