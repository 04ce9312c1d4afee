/// A range of days cut into what the store keeps sales per item in: whole calendar months (one row per
/// month and item) and the days at either end that do not fill a month (one row per day and item). A
/// year is about 11 months and 30 days instead of 365 days.
public struct SalesSegments: Sendable, Equatable {
    /// Month indexes (`CivilDay.monthIndex`) wholly inside the range, in order.
    public var months: [Int64]
    /// The other days, as runs of consecutive days (at most one before the months and one after).
    public var dayRuns: [ClosedRange<Int64>]

    public init(_ range: SalesRange) {
        var months: [Int64] = []
        var runs: [ClosedRange<Int64>] = []
        var day = range.from
        while day <= range.to {
            let monthStart = day.monthStart
            let next = SalesGrouping.month.next(after: monthStart)
            if day == monthStart, next.adding(days: -1) <= range.to {
                months.append(day.monthIndex)
                day = next
            } else {
                let value = day.daysSinceEpoch
                if let last = runs.last, last.upperBound == value - 1 {
                    runs[runs.count - 1] = last.lowerBound...value
                } else {
                    runs.append(value...value)
                }
                day = day.adding(days: 1)
            }
        }
        self.months = months
        self.dayRuns = runs
    }

    /// Every single day outside the whole months.
    public var days: [Int64] { dayRuns.flatMap { Array($0) } }
}
