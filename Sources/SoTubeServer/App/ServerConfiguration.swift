import Foundation
import Logging
import SoTubeCore

/// Everything `serve` can be told. Defaults are the embedded store: port 8080, `./data`.
public struct ServerConfiguration: Sendable {
    public var host: String = "127.0.0.1"
    public var port: Int = 8080
    /// Holds the SQLite file, media, outbox.
    public var dataDirectory: URL = URL(fileURLWithPath: "data")
    /// A `postgres://` URL to use PostgreSQL instead of the SQLite file.
    public var databaseURL: String?
    /// The web app's folder; nil serves no web app.
    public var publicDirectory: URL?
    /// Base of links in mail; defaults to http://localhost:PORT.
    public var publicBaseURL: String?
    public var bcryptCost: UInt8 = 12
    public var clock: any SoTubeClock = SystemClock()
    public var ids: any IDSource = RandomIDSource()
    public var logger: Logger = Logger(label: "sotube")

    public init() {}

    public var databaseLocation: String {
        databaseURL ?? dataDirectory.appendingPathComponent("sotube.sqlite").path
    }
    public var outboxDirectory: URL { dataDirectory.appendingPathComponent("outbox") }
    public var mediaDirectory: URL { dataDirectory.appendingPathComponent("media") }
    public var baseURL: String { publicBaseURL ?? "http://localhost:\(port)" }
}
