// swift-tools-version:6.1
// A candidate for the songs' own word index (issue 35), measured beside FTS5 by scripts/bench-postings.py:
// each word's songs as ascending ordinals (the song's place in doc_id order) in blocks of 128 delta-coded
// varints, the last ordinal of each block kept for skipping, and a list holding 1/16 of the songs or more
// as a bitmap; walked in memory, and read from a SQLite file in runs of blocks. Needs libsqlite3-dev; not
// part of the store's package.
import PackageDescription

let package = Package(
    name: "postings",
    targets: [
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .executableTarget(
            name: "postings", dependencies: ["CSQLite"], swiftSettings: [.unsafeFlags(["-Ounchecked"])]),
    ]
)
