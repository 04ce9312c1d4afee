// swift-tools-version:6.1
// The request floor of SoTube's HTTP stack (issue 35): Hummingbird 2 with no middleware, each connection's
// requests handled on its own event loop as `sotube serve` does, answering /healthz and 64 KB ranges
// read with one pread. `scripts/bench.sh` measures it beside nginx and SoTube with BENCH_FLOOR=1.
import PackageDescription

let package = Package(
    name: "floor",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .executableTarget(
            name: "floor",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ])
    ]
)
