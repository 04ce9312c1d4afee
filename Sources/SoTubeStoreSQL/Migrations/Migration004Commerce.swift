// PLACEHOLDER: replaced by the commerce branch at merge. It exists only so this branch's
// migration versions stay contiguous (1, 2, 3, 4, 5) for the Migrator's precondition.
enum Migration004Commerce {
    static let migration = Migration(version: 4, name: "commerce") { _ in [] }
}
