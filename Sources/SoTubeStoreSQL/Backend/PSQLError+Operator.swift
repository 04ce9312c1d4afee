import PostgresNIO
import SoTubeCore

/// PostgreSQL's own words for what failed: its SQLSTATE, message and the constraint or table it
/// names. Not its DETAIL, which quotes the row's values (an email address in a unique violation).
extension PSQLError: OperatorDescribedError {
    public var operatorDescription: String {
        guard let info = serverInfo, let message = info[.message] else {
            let cause = underlying.map { ": \(ErrorText.of($0))" } ?? ""
            return "PostgreSQL \(code)\(cause)"
        }
        var text = "PostgreSQL \(info[.sqlState] ?? "error"): \(message)"
        if let constraint = info[.constraintName] {
            text += " (constraint \(constraint))"
        } else if let table = info[.tableName] {
            text += " (table \(table))"
        }
        return text
    }
}
