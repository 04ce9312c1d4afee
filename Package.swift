// swift-tools-version:6.1
import PackageDescription

/// How release builds of `sotube` are linked on Linux (issue 35: the idle server's memory). lld, with
/// relative relocations packed (DT_RELR: 32 KB for the loader to apply at each start instead of 2 MB
/// of `.rela.dyn`), and the code a store runs placed first, in the order of `link-order.txt` (made
/// by `scripts/link-order.py`), after the compiler's unnamed functions (`link-layout.ld`). The kernel
/// maps 64 KB or more around each page of code a process touches; code an idle server ran once,
/// spread over 40 MB, was 18 MB of its RSS.
let packageRoot = String(#filePath.dropLast("/Package.swift".count))
let releaseLinkerFlags = [
    "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
    "-Xlinker", "--symbol-ordering-file=\(packageRoot)/Sources/sotube/link-order.txt",
    // A name the code no longer has is skipped: the order is a hint, regenerated now and then.
    "-Xlinker", "--no-warn-symbol-ordering",
    "-Xlinker", "-T", "-Xlinker", "\(packageRoot)/Sources/sotube/link-layout.ld",
]

let package = Package(
    name: "sotube",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "sotube", targets: ["sotube"]),
        .library(name: "SoTubeCore", targets: ["SoTubeCore"]),
        .library(name: "SoTubeAPI", targets: ["SoTubeAPI"]),
        .library(name: "SoTubeKit", targets: ["SoTubeKit"]),
        .executable(name: "sotube-client", targets: ["sotube-client"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/vapor/sql-kit", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-kit", from: "2.17.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    ],
    targets: [
        // Crypto for the TOTP codes' HMAC-SHA1 (pure computation, no I/O).
        .target(name: "SoTubeCore", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
        .target(name: "SoTubeAPI"),
        // The Swift SDK a native app is built on: only SoTubeAPI and Foundation, for iOS, macOS and Linux.
        .target(name: "SoTubeKit", dependencies: ["SoTubeAPI"]),
        .executableTarget(
            name: "sotube-client",
            dependencies: ["SoTubeKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .target(
            name: "SoTubeStoreSQL",
            dependencies: [
                "SoTubeCore",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "SoTubeMedia",
            dependencies: ["SoTubeCore", .product(name: "Logging", package: "swift-log")]
        ),
        .target(
            name: "SoTubeServer",
            dependencies: [
                "SoTubeCore", "SoTubeAPI", "SoTubeStoreSQL", "SoTubeMedia",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                // ID tokens from an OpenID provider: JWS signatures against the provider's JWKS.
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .executableTarget(
            name: "sotube",
            dependencies: [
                "SoTubeServer", "SoTubeStoreSQL", "SoTubeMedia", "SoTubeCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            exclude: ["link-order.txt", "link-layout.ld"],
            linkerSettings: [.unsafeFlags(releaseLinkerFlags, .when(platforms: [.linux], configuration: .release))]
        ),
        .testTarget(name: "SoTubeCoreTests", dependencies: ["SoTubeCore"]),
        // The in-memory stores controllers are tested against; they run the store contract suite too.
        .target(name: "SoTubeFakes", dependencies: ["SoTubeCore"], path: "Tests/SoTubeFakes"),
        .target(
            name: "SoTubeTestFixtures",
            dependencies: [
                "SoTubeStoreSQL", "SoTubeFakes", .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/SoTubeTestFixtures"
        ),
        .testTarget(
            name: "SoTubeMediaTests",
            dependencies: [
                "SoTubeMedia", "SoTubeStoreSQL", "SoTubeCore", .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "SoTubeStoreTests",
            dependencies: [
                "SoTubeStoreSQL", "SoTubeCore", "SoTubeTestFixtures", "SoTubeFakes",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "SoTubeKitTests",
            dependencies: [
                "SoTubeKit", "SoTubeAPI", "SoTubeServer", "SoTubeCore", "SoTubeMedia", "SoTubeStoreSQL",
                "SoTubeTestFixtures",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SQLKit", package: "sql-kit"),
            ]
        ),
        .testTarget(
            name: "SoTubeServerTests",
            dependencies: [
                "SoTubeServer", "SoTubeAPI", "SoTubeCore", "SoTubeMedia", "SoTubeStoreSQL", "SoTubeTestFixtures",
                "SoTubeFakes", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
    ]
)
