import Foundation
import Hummingbird
import SoTubeCore
import SoTubeMedia

/// A picture someone uploads (a profile photo, an album's artwork), checked before anything decodes
/// it: its size, its kind from its first bytes, and its picture size from its header (a
/// decompression bomb is refused there). Problems name `field`.
enum UploadedImage {
    /// Reads the request body as an image upload (413 past `ImageUpload.maxBytes`).
    static func body(of request: Request, field: String) async throws -> [UInt8] {
        do {
            return Array(try await request.body.collect(upTo: ImageUpload.maxBytes).readableBytesView)
        } catch {
            throw Problem(
                .contentTooLarge, "The picture is larger than \(ImageUpload.maxBytes / 1024 / 1024) MB.", field: field)
        }
    }

    /// Checks `bytes`, writes them to a staging file in `folder` and runs `make` on it (its kind
    /// known); the staging file is removed afterwards. A picture `make` cannot read is a 422.
    static func withChecked<R: Sendable>(
        _ bytes: [UInt8], field: String, in folder: URL, tools: MediaTools,
        make: (URL, ImageUpload.Kind) async throws -> R
    ) async throws -> R {
        guard !bytes.isEmpty else { throw DomainError.invalid(field: field, reason: "The file is empty.") }
        guard bytes.count <= ImageUpload.maxBytes else {
            throw Problem(.contentTooLarge, "The picture is larger than \(ImageUpload.maxBytes / 1024 / 1024) MB.")
        }
        guard let kind = ImageUpload.sniff(Array(bytes.prefix(32))) else {
            // Nothing else reaches ffmpeg: an MP4 or MOV video with a HEIF brand is refused here.
            if ImageUpload.looksLikeHEIF(Array(bytes.prefix(32))) {
                throw Problem(
                    .unsupportedMediaType,
                    "HEIC pictures cannot be read here: save the photo as JPEG (on an iPhone: Settings › Camera › "
                        + "Formats › Most Compatible) and upload that.",
                    field: field)
            }
            throw Problem(
                .unsupportedMediaType,
                "This file is not a picture SoTube can read: use a JPEG, PNG or WebP file.",
                field: field)
        }
        guard tools.available else {
            throw Problem(.serviceUnavailable, "Pictures cannot be processed on this server.")
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let upload = folder.appendingPathComponent(".upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: upload.path, contents: Data(bytes)) else {
            throw Problem(.internalServerError, "The picture could not be stored.")
        }
        defer { try? FileManager.default.removeItem(at: upload) }
        let dimensions: (width: Int, height: Int)
        do {
            dimensions = try await tools.imageDimensions(upload.path, kind: kind)
        } catch {
            throw Problem(.unprocessableContent, "This picture cannot be read: it may be damaged.", field: field)
        }
        if let refusal = ImageUpload.refusal(width: dimensions.width, height: dimensions.height) {
            throw Problem(.unprocessableContent, refusal, field: field)
        }
        do {
            return try await make(upload, kind)
        } catch {
            throw Problem(.unprocessableContent, "This picture cannot be read: it may be damaged.", field: field)
        }
    }
}
