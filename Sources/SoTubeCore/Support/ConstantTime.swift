/// Comparisons of secrets whose time does not depend on where they differ.
public enum ConstantTime {
    public static func equal(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    public static func equal(_ lhs: String, _ rhs: String) -> Bool { equal(Array(lhs.utf8), Array(rhs.utf8)) }
}
