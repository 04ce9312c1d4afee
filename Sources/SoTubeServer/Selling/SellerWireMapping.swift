import Foundation
import SoTubeAPI
import SoTubeCore

extension SellerArtistDTO {
    init(_ artist: SellingArtist) {
        self.init(id: artist.id, name: artist.name, commissionBasisPoints: artist.commissionBasisPoints)
    }
}

extension SalesTotalsDTO {
    init(_ totals: SalesTotals) {
        self.init(sales: totals.sales, gross: totals.gross, commission: totals.commission, net: totals.net)
    }
}

extension SellerSaleDTO {
    init(_ sale: SellerSale) {
        self.init(
            purchaseId: sale.purchaseID, at: sale.at, artistId: sale.artistID, artistName: sale.artistName,
            kind: sale.kind.rawValue, title: sale.title, gross: sale.gross, commission: sale.commission, net: sale.net,
            preOrder: sale.preOrder)
    }
}

extension PayoutDTO {
    init(_ payout: Payout) {
        self.init(
            id: payout.id, coins: payout.coins, amount: MoneyDTO(payout.money), paidOn: payout.paidOn.description,
            reference: payout.reference, at: payout.createdAt)
    }
}

extension SellerReleaseDTO {
    init(_ release: SellerRelease, now: Date) {
        let album = release.album
        self.init(
            albumId: album.id, title: album.title, artistId: album.artistID, artistName: album.artistName,
            year: album.year, artworkUrl: CatalogURLs.artwork(album: album.id), price: album.price,
            albumPrice: album.operatorPrice, nameYourPrice: album.nameYourPrice,
            availableOn: album.availableAt.map { CivilDay(epochMillis: $0.epochMillis).description },
            preOrder: album.isPreOrder(at: now), published: release.published, sales: release.sales,
            tracks: release.songs.map {
                SellerSongDTO(
                    id: $0.id, title: $0.title, trackNumber: $0.trackNumber, discNumber: $0.discNumber,
                    durationMs: $0.durationMs, price: $0.price, nameYourPrice: $0.nameYourPrice, published: $0.published
                )
            })
    }
}

extension SellerStatementDTO {
    init(_ account: SellerAccount, _ statement: SellerStatement, _ settings: SellingSettings) {
        self.init(
            month: statement.month.description, account: account.user.username,
            artists: account.artists.map(SellerArtistDTO.init), lines: statement.lines.map(SellerSaleDTO.init),
            totals: SalesTotalsDTO(statement.totals), payouts: statement.payouts.map(PayoutDTO.init),
            openingBalance: statement.openingBalance, closingBalance: statement.closingBalance,
            coinValue: MoneyDTO(settings.coinValue))
    }
}

extension AdminSellerDTO {
    init(_ account: SellerAccount, _ settings: SellingSettings) {
        self.init(
            userId: account.user.id, username: account.user.username, role: account.user.role.rawValue,
            label: account.labelName, artists: account.artists.map(SellerArtistDTO.init), balance: account.balance,
            value: MoneyDTO(settings.value(of: account.balance)))
    }
}

/// A statement as a CSV file and as a printable page.
enum StatementDocuments {
    static func csv(_ statement: SellerStatement) -> String {
        let rows = statement.lines.map { line in
            [
                CSV.date(line.at), line.purchaseID, line.artistName, line.kind.rawValue, line.title, String(line.gross),
                String(line.commission), String(line.net),
            ]
        }
        let totals = statement.totals
        return CSV.document(
            header: ["date", "purchase", "artist", "kind", "title", "gross", "commission", "net"],
            rows: rows + [
                ["total", "", "", "", "", String(totals.gross), String(totals.commission), String(totals.net)]
            ])
    }

    static func page(_ account: SellerAccount, _ statement: SellerStatement, _ settings: SellingSettings) -> String {
        let e = MailTemplates.escape
        let totals = statement.totals
        let lines = statement.lines.map { line in
            "<tr><td>\(e(CivilDay(epochMillis: line.at.epochMillis).description))</td><td>\(e(line.artistName))</td>"
                + "<td>\(e(line.title))\(line.preOrder ? " (pre-order)" : "")</td><td>\(line.gross)</td>"
                + "<td>\(line.commission)</td><td>\(line.net)</td></tr>"
        }.joined(separator: "\n")
        let payouts = statement.payouts.map { payout in
            "<tr><td>\(e(payout.paidOn.description))</td><td>\(payout.coins)</td><td>\(e(payout.money.formatted))</td>"
                + "<td>\(e(payout.reference))</td></tr>"
        }.joined(separator: "\n")
        let who = account.labelName ?? account.artists.map(\.name).joined(separator: ", ")
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Statement \(e(statement.month.description)) · \(e(who))</title>
            <link rel="stylesheet" href="/css/statement.css"></head>
            <body><main>
            <h1>Statement \(e(statement.month.description))</h1>
            <p>\(e(who)) · account \(e(account.user.username))</p>
            <table><caption>Sales (coins)</caption>
            <thead><tr><th scope="col">Date</th><th scope="col">Artist</th><th scope="col">Title</th><th scope="col">Gross</th><th scope="col">Commission</th><th scope="col">Net</th></tr></thead>
            <tbody>
            \(lines.isEmpty ? "<tr><td colspan=\"6\">No sales this month.</td></tr>" : lines)
            </tbody>
            <tfoot><tr><th scope="row" colspan="3">Total (\(totals.sales) sales)</th><td>\(totals.gross)</td><td>\(totals.commission)</td><td>\(totals.net)</td></tr></tfoot>
            </table>
            <table><caption>Payouts</caption>
            <thead><tr><th scope="col">Paid on</th><th scope="col">Coins</th><th scope="col">Amount</th><th scope="col">Reference</th></tr></thead>
            <tbody>\(payouts.isEmpty ? "<tr><td colspan=\"4\">No payouts this month.</td></tr>" : payouts)</tbody>
            </table>
            <p>Opening balance \(statement.openingBalance) coins · closing balance \(statement.closingBalance) coins
            (\(e(settings.value(of: statement.closingBalance).formatted)) at \(e(settings.coinValue.formatted)) a coin).</p>
            </main></body></html>
            """
    }
}

extension UploadDTO {
    init(_ upload: ReleaseUpload) {
        self.init(
            id: upload.id, fileName: upload.fileName, kind: upload.kind.rawValue, size: upload.size,
            offset: upload.received, complete: upload.isComplete,
            tags: upload.tags.map {
                UploadTagsDTO(
                    title: $0.title, artist: $0.artist, album: $0.album, trackNumber: $0.trackNumber,
                    discNumber: $0.discNumber, year: $0.year, genre: $0.genre, durationMs: $0.durationMs)
            }, problem: upload.problem)
    }
}

extension DraftTrackDTO {
    init(_ track: ReleaseDraft.Track) {
        self.init(
            uploadId: track.uploadID, title: track.title, trackNumber: track.trackNumber, discNumber: track.discNumber,
            price: track.price, nameYourPrice: track.nameYourPrice)
    }
}

extension DraftDTO {
    init(_ draft: ReleaseDraft) {
        let body = draft.body
        self.init(
            id: draft.id, artistId: draft.artistID, artistName: draft.artistName, title: body.title, year: body.year,
            genre: body.genre, albumPrice: body.albumPrice, nameYourPrice: body.nameYourPrice,
            availableOn: body.availableOn, coverUploadId: body.coverUploadID,
            tracks: body.tracks.map(DraftTrackDTO.init),
            uploads: draft.uploads.map(UploadDTO.init), updatedAt: draft.updatedAt)
    }
}

extension DraftSaveRequest {
    var core: ReleaseDraft.Body {
        ReleaseDraft.Body(
            title: title, year: year, genre: genre, albumPrice: albumPrice, nameYourPrice: nameYourPrice,
            availableOn: availableOn, coverUploadID: coverUploadId,
            tracks: tracks.map {
                ReleaseDraft.Track(
                    uploadID: $0.uploadId, title: $0.title, trackNumber: $0.trackNumber, discNumber: $0.discNumber,
                    price: $0.price, nameYourPrice: $0.nameYourPrice)
            })
    }
}

extension DiscountDTO {
    init(_ code: DiscountCode) {
        self.init(
            code: code.code, albumId: code.albumID, albumTitle: code.albumTitle, percent: code.percent,
            expiresOn: code.expiresAt.map { CivilDay(epochMillis: $0.epochMillis - 1).description },
            maxUses: code.maxUses, uses: code.uses)
    }
}
