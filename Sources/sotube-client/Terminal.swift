import Foundation
import SoTubeAPI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where and how output goes: tables with colours on a terminal, plain tables in a pipe, JSON
/// with `--json`. Colours only when standard output is a TTY and `NO_COLOR` is unset.
struct Terminal {
    let json: Bool
    let colours: Bool
    let width: Int

    init(json: Bool) {
        self.json = json
        let environment = ProcessInfo.processInfo.environment
        colours = isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        width = Self.columns()
    }

    /// The terminal's width: `COLUMNS`, the TTY's size, else 100.
    static func columns() -> Int {
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let value = Int(text), value > 20 { return value }
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 {
            return Int(size.ws_col)
        }
        return 100
    }

    enum Style: String {
        case bold = "1"
        case dim = "2"
        case red = "31"
        case green = "32"
        case yellow = "33"
        case cyan = "36"
    }

    func paint(_ text: String, _ style: Style) -> String {
        colours ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    func line(_ text: String = "") { print(text) }

    /// A message on standard error (progress, prompts, notes that scripts do not read).
    func note(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data((text + "\n").utf8))
    }

    func fail(_ text: String) {
        let red = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        note(red ? "\u{1B}[31merror:\u{1B}[0m \(text)" : "error: \(text)")
    }

    /// `value` as indented JSON on standard output (ISO 8601 dates, like the API).
    func printJSON(_ value: some Encodable) throws {
        let encoder = SoTubeJSON.encoder
        encoder.outputFormatting.insert(.prettyPrinted)
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// A table: a bold header, columns padded to their widest cell; the column marked `flexible`
    /// is shortened (with "…") so a row fits the terminal.
    func table(_ header: [String], _ rows: [[String]], flexible: Int = 1, styles: [Int: Style] = [:]) {
        guard !rows.isEmpty else { return }
        var widths = header.indices.map { column in
            ([header[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
        }
        let total = widths.reduce(0, +) + 2 * (widths.count - 1)
        if total > width, widths.indices.contains(flexible) {
            widths[flexible] = max(8, widths[flexible] - (total - width))
        }
        func render(_ cells: [String], header: Bool) -> String {
            cells.enumerated().map { column, cell in
                var text = cell.count > widths[column] ? String(cell.prefix(widths[column] - 1)) + "…" : cell
                let padding = String(repeating: " ", count: widths[column] - text.count)
                if header {
                    text = paint(text, .bold)
                } else if let style = styles[column] {
                    text = paint(text, style)
                }
                return column == cells.count - 1 ? text : text + padding
            }.joined(separator: "  ")
        }
        line(render(header, header: true))
        for row in rows { line(render(row, header: false)) }
    }

    /// Asks a yes/no question on standard error; true only for an answer starting with "y".
    func confirm(_ question: String) -> Bool {
        try? FileHandle.standardError.write(contentsOf: Data((question + " [y/N] ").utf8))
        guard let answer = readLine() else {
            note("")
            return false
        }
        return answer.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("y")
    }
}

/// Shorthands for showing wire values in tables.
enum Show {
    static func duration(_ milliseconds: Int) -> String {
        let seconds = milliseconds / 1000
        return "\(seconds / 60):" + String(format: "%02d", seconds % 60)
    }

    static func coins(_ coins: Int) -> String { coins == 1 ? "1 coin" : "\(coins) coins" }

    static func money(_ money: MoneyDTO) -> String {
        "\(money.amount / 100).\(String(format: "%02d", money.amount % 100)) \(money.currency)"
    }

    static func date(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        return formatter.string(from: date)
    }
}
