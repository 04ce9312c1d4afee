/// Songs whose source file left a watched music folder (`sotube import --watch`): `withdrawn_at` is
/// when the watch saw the file gone. A withdrawn song is not sold any more, alone or in its album, and
/// leaves search; its owners keep it, and its media stay. The file coming back clears it.
enum Migration012Withdrawals {
    static let migration = Migration(version: 12, name: "withdrawals") { dialect in
        ["ALTER TABLE tracks ADD COLUMN withdrawn_at \(dialect.bigint)"]
    }
}
