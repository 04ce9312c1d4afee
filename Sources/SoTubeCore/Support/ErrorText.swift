/// An error that can say what went wrong in words an operator can act on where its own description
/// cannot (PostgresNIO's `PSQLError` describes itself with one fixed sentence, to keep data out of
/// logs, so an import's skip reason read "PSQLError – Generic description…").
public protocol OperatorDescribedError: Error {
    var operatorDescription: String { get }
}

public enum ErrorText {
    /// What an operator reads for `error` in a log line, a skip reason or a job's failure.
    public static func of(_ error: any Error) -> String {
        (error as? any OperatorDescribedError)?.operatorDescription ?? String(describing: error)
    }
}
