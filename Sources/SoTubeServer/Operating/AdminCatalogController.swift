import Foundation
import HTTPTypes
import Hummingbird
import SoTubeAPI
import SoTubeCore

/// `/api/v1/admin/tracks…`, `/albums/{id}/price`, `/jobs…`, `/gift-code-batches…`: the catalog's
/// songs and prices, the media jobs, gift-code batches (docs/console.md).
struct AdminCatalogController {
    let operators: OperatorService

    func register(on routes: RouteRegistrar) {
        routes.on(.adminTracks) { request, _ in
            let tracks = try await operators.findTracks(QueryParameters(request: request).typedText("q"))
            return try jsonResponse(AdminTrackListDTO(tracks: tracks.map(AdminTrackDTO.init)))
        }
        routes.on(.adminEditTrack) { request, context in
            let body = try await request.decodeJSON(TrackEditRequest.self, context: context)
            let edit = TrackEdit(
                title: body.title, genre: body.genre, explicit: body.explicit, lyrics: body.lyrics, price: body.price,
                withdrawn: body.withdrawn)
            let track = try await operators.editTrack(try context.actor(), trackID: try context.pathID(), edit)
            return try jsonResponse(AdminTrackDTO(track))
        }
        routes.on(.adminRenameArtist) { request, context in
            let body = try await request.decodeJSON(ArtistRenameRequest.self, context: context)
            let artist = try await operators.renameArtist(
                try context.actor(), artistID: try context.pathID(), name: body.name)
            return try jsonResponse(AdminArtistDTO(id: artist.id, name: artist.name))
        }
        routes.on(.adminAlbumArtwork) { request, context in
            let id = try context.pathID()
            let bytes = try await UploadedImage.body(of: request, field: "artwork")
            try await operators.replaceAlbumArtwork(try context.actor(), albumID: id, bytes: bytes)
            return try jsonResponse(AlbumArtworkDTO(id: id, artworkUrl: CatalogURLs.artwork(album: id)))
        }
        routes.on(.adminAlbumPrice) { request, context in
            let body = try await request.decodeJSON(AlbumPriceRequest.self, context: context)
            let id = try context.pathID()
            let album = try await operators.setAlbumPrice(try context.actor(), albumID: id, price: body.price)
            return try jsonResponse(
                AlbumPriceDTO(
                    id: id, title: album.title, price: album.operatorPrice ?? album.derivedPrice,
                    derivedPrice: album.derivedPrice, operatorPrice: album.operatorPrice))
        }
        routes.on(.adminCuration) { _, _ in
            try jsonResponse(CurationDTO(try await operators.curation()))
        }
        routes.on(.adminSetCuration) { request, context in
            let body = try await request.decodeJSON(CurationRequest.self, context: context)
            let curation = try await operators.setCuration(
                try context.actor(), featured: body.featured, moods: body.moods)
            return try jsonResponse(CurationDTO(curation))
        }
        routes.on(.adminJobs) { _, _ in
            let (counts, failed) = try await operators.jobs()
            return try jsonResponse(
                AdminJobsDTO(
                    queued: counts.queued, running: counts.running, done: counts.done, failed: counts.failed,
                    failedJobs: failed.map { job, title in
                        AdminJobDTO(
                            id: job.id, kind: job.kind.rawValue, trackId: job.trackID, title: title,
                            attempts: job.attempts, error: job.lastError,
                            updatedAt: Date(epochMillis: job.updatedAt))
                    }))
        }
        routes.on(.adminRetryJob) { _, context in
            let retried = try await operators.retryJob(try context.actor(), jobID: try context.pathID())
            return try jsonResponse(JobRetryDTO(retried: retried))
        }
        routes.on(.adminCodeBatches) { _, _ in
            try jsonResponse(CodeBatchListDTO(batches: try await operators.codeBatches().map { CodeBatchDTO($0) }))
        }
        routes.on(.adminCreateCodeBatch) { request, context in
            let body = try await request.decodeJSON(CodeBatchRequest.self, context: context)
            let (batch, codes) = try await operators.createCodeBatch(
                try context.actor(), coins: body.coins, count: body.count, expiresAt: body.expiresAt, label: body.label)
            return try jsonResponse(CodeBatchDTO(batch, codes: codes), status: .created)
        }
        routes.on(.adminCodeBatchCSV) { _, context in
            let id = try context.pathID()
            let (batch, codes) = try await operators.codeBatchCodes(id: id)
            let rows = codes.map { code, redeemer in
                [
                    GiftCodes.display(code.code), String(code.coins), CSV.date(batch.expiresAt), redeemer ?? "",
                    CSV.date(code.redeemedAt),
                ]
            }
            let name = batch.label.isEmpty ? "codes-\(batch.id)" : "codes-\(batch.label)"
            return csvResponse(
                CSV.document(header: ["code", "coins", "expires_at", "redeemed_by", "redeemed_at"], rows: rows),
                fileName: name)
        }
    }
}

/// A CSV file download: `fileName` (made safe) with `.csv`.
func csvResponse(_ text: String, fileName: String) -> Response {
    let safe = String(
        fileName.unicodeScalars.map { scalar -> Character in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || "-_".unicodeScalars.contains(scalar)
                ? Character(scalar) : "-"
        })
    var headers = HTTPFields()
    headers[.contentType] = "text/csv; charset=utf-8"
    headers[.contentDisposition] = "attachment; filename=\"\(safe.prefix(80)).csv\""
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
}
