import Foundation
import HTTPTypes
import Testing

@testable import SoTubeServer

/// What reaches ffmpeg from a profile photo upload: only JPEG, PNG and WebP. An MP4 or MOV video
/// carrying a HEIF brand (`mif1`, `heic`) is refused with 415 before any tool runs on it.
@Suite struct AvatarUploadTests {
    /// An AvatarService whose ffmpeg and ffprobe only leave a mark that they ran.
    static func service() throws -> (AvatarService, marker: URL, root: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("avatar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let marker = root.appendingPathComponent("tool-ran")
        let tool = root.appendingPathComponent("tool.sh")
        try "#!/bin/sh\necho \"$@\" >> '\(marker.path)'\nexit 1\n".write(to: tool, atomically: true, encoding: .utf8)
        chmod(tool.path, 0o700)
        let service = AvatarService(
            mediaRoot: root.appendingPathComponent("media"), tools: .init(ffmpeg: tool.path, ffprobe: tool.path))
        return (service, marker, root)
    }

    /// The first boxes of an MP4 video: `ftyp` with `brand` and a `moov` (nothing an image has).
    static func video(brand: String) -> [UInt8] {
        func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
            let size = UInt32(8 + payload.count)
            return withUnsafeBytes(of: size.bigEndian, Array.init) + Array(type.utf8) + payload
        }
        let ftyp = box("ftyp", Array(brand.utf8) + [0, 0, 0, 0] + Array("\(brand)isomavc1".utf8))
        return ftyp + box("moov", box("mvhd", [UInt8](repeating: 0, count: 100)))
            + box("mdat", [UInt8](repeating: 7, count: 4096))
    }

    @Test(arguments: ["mif1", "heic", "msf1"])
    func aVideoWithAHEIFBrandIsRefusedBeforeFfmpegSeesIt(brand: String) async throws {
        let (service, marker, root) = try Self.service()
        defer { try? FileManager.default.removeItem(at: root) }
        await #expect {
            try await service.save(Self.video(brand: brand), userID: "u1")
        } throws: { error in
            guard let problem = error as? Problem else { return false }
            return problem.status == .unsupportedMediaType && problem.document.field == "avatar"
                && problem.document.detail.contains("HEIC")
        }
        #expect(!FileManager.default.fileExists(atPath: marker.path), "ffmpeg or ffprobe ran on the upload")
        #expect(service.file(userID: "u1", size: 128) == nil)
    }

    @Test func aPictureKindStillGoesToTheTools() async throws {
        // The seam the test above relies on: a JPEG does reach the (fake) ffprobe.
        let (service, marker, root) = try Self.service()
        defer { try? FileManager.default.removeItem(at: root) }
        await #expect(throws: Problem.self) {
            try await service.save([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 64), userID: "u1")
        }
        #expect(FileManager.default.fileExists(atPath: marker.path))
    }
}
