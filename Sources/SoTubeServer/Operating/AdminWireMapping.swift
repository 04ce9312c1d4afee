import Foundation
import SoTubeAPI
import SoTubeCore

// From the domain's types to the console's wire types (SoTubeAPI/AdminWire.swift).

extension SalesFiguresDTO {
    init(_ figures: SalesFigures, start: CivilDay?) {
        self.init(
            start: start?.description,
            money: figures.money.keys.sorted().map { MoneyDTO(amount: Int(figures.money[$0] ?? 0), currency: $0) },
            coinsSold: Int(figures.coinsSold), coinsSpentOnSongs: Int(figures.coinsSpentOnSongs),
            coinsSpentOnAlbums: Int(figures.coinsSpentOnAlbums), coinsGranted: Int(figures.coinsGranted),
            coinsFromCodes: Int(figures.coinsFromCodes), coinsRefunded: Int(figures.coinsRefunded),
            purchases: Int(figures.purchases), newBuyers: Int(figures.newBuyers))
    }
}

extension AdminDashboardDTO {
    init(_ report: SalesReport) {
        func seller(_ top: TopSeller) -> TopSellerDTO {
            TopSellerDTO(id: top.id, title: top.title, artist: top.artist, coins: Int(top.coins), sales: Int(top.sales))
        }
        self.init(
            from: report.range.from.description, to: report.range.to.description, by: report.grouping.rawValue,
            periods: report.periods.map { SalesFiguresDTO($0.figures, start: $0.start) },
            totals: SalesFiguresDTO(report.totals, start: nil), topTracks: report.topTracks.map(seller),
            topAlbums: report.topAlbums.map(seller),
            topArtists: report.topArtists.map {
                TopArtistDTO(id: $0.id, name: $0.title, coins: Int($0.coins), sales: Int($0.sales))
            })
    }
}

extension AdminUserDTO {
    init(_ user: User) {
        self.init(
            id: user.id, username: user.username, email: user.email, displayName: user.displayName, coins: user.coins,
            role: user.role.rawValue, locked: user.isLocked, createdAt: user.createdAt)
    }
}

extension AdminUserDetailDTO {
    init(_ detail: OperatorService.UserDetail) {
        self.init(
            user: AdminUserDTO(detail.user), twoFactorEnabled: detail.twoFactorEnabled, sessions: detail.sessions,
            purchases: detail.purchases.map {
                AdminPurchaseDTO(
                    id: $0.id, kind: $0.kind.rawValue, title: $0.title, coins: $0.coins, createdAt: $0.createdAt)
            },
            topUps: detail.topUps.map {
                AdminTopUpDTO(
                    id: $0.id, packId: $0.packID, coins: $0.coins, amount: $0.price.amount, currency: $0.price.currency,
                    status: $0.status.rawValue, createdAt: $0.createdAt)
            },
            ledger: detail.ledger.map {
                AdminLedgerEntryDTO(
                    id: $0.id, kind: $0.kind.rawValue, delta: $0.delta, balanceAfter: $0.balanceAfter,
                    description: $0.description, createdAt: $0.createdAt)
            })
    }
}

extension AdminTrackDTO {
    init(_ track: AdminTrack) {
        self.init(
            id: track.id, title: track.title, artist: track.artist, artistId: track.artistID, album: track.album,
            albumId: track.albumID,
            genre: track.genre, explicit: track.explicit, lyrics: track.lyrics, price: track.price,
            withdrawn: track.withdrawn, ready: track.ready, albumPrice: track.albumPrice,
            albumDerivedPrice: track.albumDerivedPrice, albumOperatorPrice: track.albumOperatorPrice)
    }
}

extension CodeBatchDTO {
    init(_ batch: GiftCodeBatch, codes: [String]? = nil) {
        self.init(
            id: batch.id, label: batch.label, coins: batch.coins, count: batch.count, redeemed: batch.redeemed,
            expiresAt: batch.expiresAt, createdBy: batch.createdBy, createdAt: batch.createdAt, codes: codes)
    }
}

extension AuditEntryDTO {
    init(_ entry: AuditEntry) {
        self.init(
            id: entry.id, at: entry.at, actor: entry.actor, action: entry.action.rawValue, target: entry.target,
            before: entry.before, after: entry.after, reason: entry.reason)
    }
}

extension CurationDTO {
    init(_ curation: HomeCuration) {
        self.init(
            playlists: curation.playlists.map {
                CuratedPlaylistDTO(
                    id: $0.id, name: $0.name, kind: $0.kind, featured: $0.featured, trackCount: $0.trackCount)
            },
            moods: curation.moods.map { CuratedMoodDTO(id: $0.id, name: $0.name, playlistId: $0.playlistID) })
    }
}

/// CSV (RFC 4180): every field quoted, quotes doubled, CRLF line ends. A field starting with `=`, `+`,
/// `-`, `@` or a tab gets a leading apostrophe, so a spreadsheet does not run a user's text as a formula.
enum CSV {
    static func document(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    static func field(_ text: String) -> String {
        var value = text
        if let first = value.first, "=+-@\t\r".contains(first) { value = "'" + value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func date(_ date: Date?) -> String {
        guard let date else { return "" }
        return date.formatted(.iso8601)
    }
}
