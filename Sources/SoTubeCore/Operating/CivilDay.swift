/// A UTC calendar day as a count of days since 1970-01-01, the unit the sales figures are kept in
/// (`created_at / 86_400_000` in the store). Pure integer arithmetic (H. Hinnant's civil-date
/// algorithms), so no calendar or time zone is involved and no value can trap.
public struct CivilDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let daysSinceEpoch: Int64

    public init(daysSinceEpoch: Int64) { self.daysSinceEpoch = daysSinceEpoch }

    /// The day holding `epochMillis` (UTC).
    public init(epochMillis: Int64) {
        let (quotient, remainder) = epochMillis.quotientAndRemainder(dividingBy: 86_400_000)
        daysSinceEpoch = remainder < 0 ? quotient - 1 : quotient
    }

    /// Years 1–9999 only: a day outside them is no day an operator asks about.
    public init?(year: Int64, month: Int64, day: Int64) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= CivilDay.daysIn(month: month, year: year)
        else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        daysSinceEpoch = era * 146_097 + dayOfEra - 719_468
    }

    /// `2026-11-27`; nil for anything else (other shapes, impossible dates).
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { (48...57).contains($0) } }),
            let year = Int64(parts[0]), let month = Int64(parts[1]), let day = Int64(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// (year, month 1–12, day 1–31).
    public var components: (year: Int64, month: Int64, day: Int64) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = components
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// The first millisecond of the day.
    public var startMillis: Int64 { daysSinceEpoch * 86_400_000 }

    public func adding(days: Int64) -> CivilDay { CivilDay(daysSinceEpoch: daysSinceEpoch + days) }

    /// The Monday of this day's week (1970-01-01 was a Thursday).
    public var weekStart: CivilDay {
        let weekday = ((daysSinceEpoch + 3) % 7 + 7) % 7  // 0 = Monday
        return CivilDay(daysSinceEpoch: daysSinceEpoch - weekday)
    }

    /// The first day of this day's month.
    public var monthStart: CivilDay {
        let (year, month, _) = components
        return CivilDay(year: year, month: month, day: 1) ?? self
    }

    /// Months since year 0: `year * 12 + month - 1` (the key of the store's monthly sales rows).
    public var monthIndex: Int64 {
        let (year, month, _) = components
        return year * 12 + month - 1
    }

    /// The first day of the month with this index.
    public init?(monthIndex: Int64) {
        let (year, month) = monthIndex.quotientAndRemainder(dividingBy: 12)
        self.init(year: year, month: month + 1, day: 1)
    }

    public static func < (lhs: CivilDay, rhs: CivilDay) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
