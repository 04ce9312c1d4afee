import Foundation
import HummingbirdTesting
import SoTubeAPI
import Testing

/// The data folder holds password hashes, reset links and the secret key: nobody but the server's
/// user may read it (folders 0700, files 0600), even when it existed world-readable before.
@Suite struct DataFolderPermissionsTests {
    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func anOlderWorldReadableFolderIsTightenedAtStart() async throws {
        let app = try await TestApp.make { configuration in
            let data = configuration.dataDirectory
            let outbox = data.appendingPathComponent("outbox")
            try? FileManager.default.createDirectory(at: outbox, withIntermediateDirectories: true)
            FileManager.default.createFile(
                atPath: outbox.appendingPathComponent("old.eml").path, contents: Data("To: a@example.com".utf8),
                attributes: [.posixPermissions: 0o644])
            FileManager.default.createFile(
                atPath: data.appendingPathComponent("secret.key").path,
                contents: Data((String(repeating: "ab", count: 32) + "\n").utf8),
                attributes: [.posixPermissions: 0o644])
            for folder in [data, outbox] {
                try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            }
            configuration.secretKey = nil
        }
        let data = app.directory
        #expect(try Self.mode(data.path) == 0o700)
        #expect(try Self.mode(data.appendingPathComponent("outbox").path) == 0o700)
        #expect(try Self.mode(data.appendingPathComponent("outbox/old.eml").path) == 0o600)
        #expect(try Self.mode(data.appendingPathComponent("secret.key").path) == 0o600)
        await app.close()
    }

    @Test func theDataFolderItsDatabaseAndItsMailAreTheOwnersAlone() async throws {
        let app = try await TestApp.make { configuration in
            // An older server left it world-readable.
            try? FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: configuration.dataDirectory.path)
            configuration.secretKey = nil
        }
        try await app.run { client in
            _ = try await client.register("pia")
            let reset = try await client.json(
                .post, SoTubeRoutes.passwordReset, body: PasswordResetRequest(email: "pia@example.com"))
            #expect(reset.status == .accepted)
            // The mail is written after the answer.
            let mails = try await PasswordResetTests.mails(app)
            #expect(mails.count == 1)

            let data = app.directory.path
            #expect(try Self.mode(data) == 0o700)
            let database = app.directory.appendingPathComponent("sotube.sqlite").path
            for file in [database, database + "-wal", database + "-shm"] {
                if FileManager.default.fileExists(atPath: file) {
                    #expect(try Self.mode(file) == 0o600, "\(file)")
                }
            }
            #expect(try Self.mode(database) == 0o600)
            #expect(try Self.mode(app.directory.appendingPathComponent("secret.key").path) == 0o600)
            let outbox = app.directory.appendingPathComponent("outbox")
            #expect(try Self.mode(outbox.path) == 0o700)
            for mail in mails { #expect(try Self.mode(mail) == 0o600, "\(mail)") }
            #expect(try Self.mode(app.directory.appendingPathComponent("media").path) == 0o700)
        }
    }
}
