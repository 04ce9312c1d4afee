import Foundation
import Testing

@testable import SoTubeCore

/// UTC days, weeks and months for the dashboard, and the grouping of the store's daily rows.
@Suite struct SalesReportTests {
    @Test func daysRoundTripThroughTheirDatesAcrossLeapYearsAndCenturies() {
        for text in ["1970-01-01", "2000-02-29", "2026-11-27", "2100-03-01", "1969-12-31", "0001-01-01", "9999-12-31"] {
            #expect(CivilDay(iso: text)?.description == text)
        }
        #expect(CivilDay(iso: "1970-01-01")?.daysSinceEpoch == 0)
        #expect(CivilDay(iso: "2026-11-27")?.daysSinceEpoch == 20_784)
        for bad in [
            "2026-02-29", "2100-02-29", "2026-13-01", "2026-00-10", "2026-1-01", "1e19", "", "2026-11-27T00:00",
        ] {
            #expect(CivilDay(iso: bad) == nil, "\(bad)")
        }
        // Milliseconds before 1970 belong to the day before.
        #expect(CivilDay(epochMillis: -1).description == "1969-12-31")
        #expect(CivilDay(epochMillis: 86_399_999).description == "1970-01-01")
    }

    @Test func weeksStartOnMondayAndMonthsOnTheFirst() throws {
        let friday = try #require(CivilDay(iso: "2026-11-27"))
        #expect(friday.weekStart.description == "2026-11-23")
        #expect(try #require(CivilDay(iso: "2026-11-23")).weekStart.description == "2026-11-23")
        #expect(try #require(CivilDay(iso: "2026-11-29")).weekStart.description == "2026-11-23")
        #expect(friday.monthStart.description == "2026-11-01")
        #expect(SalesGrouping.month.next(after: try #require(CivilDay(iso: "2026-12-01"))).description == "2027-01-01")
    }

    @Test func rowsAreGroupedIntoEveryPeriodOfTheRange() throws {
        let from = try #require(CivilDay(iso: "2026-10-30"))
        let to = try #require(CivilDay(iso: "2026-11-02"))
        let rows = [
            DailySalesRow(day: from, metric: "purchase:track", amount: 30, entries: 2),
            DailySalesRow(day: to, metric: "purchase:album", amount: 80, entries: 1),
            DailySalesRow(day: to, metric: "money", currency: "EUR", amount: 499, entries: 1),
            DailySalesRow(day: to, metric: "ledger:top-up", amount: 550, entries: 1),
            DailySalesRow(day: to, metric: "ledger:refund", amount: -100, entries: 1),
            DailySalesRow(day: to, metric: "users", amount: 3, entries: 3),
            DailySalesRow(day: to.adding(days: 1), metric: "purchase:track", amount: 999, entries: 9),
            DailySalesRow(day: to, metric: "from a newer build", amount: 1, entries: 1),
        ]
        let byDay = SalesReport(rows: rows, range: SalesRange(from: from, to: to), grouping: .day)
        #expect(byDay.periods.map(\.start.description) == ["2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02"])
        #expect(byDay.periods.map(\.figures.coinsSpentOnSongs) == [30, 0, 0, 0])
        #expect(byDay.totals.coinsSpentOnSongs == 30)
        #expect(byDay.totals.coinsSpentOnAlbums == 80)
        #expect(byDay.totals.purchases == 3)
        #expect(byDay.totals.money == ["EUR": 499])
        #expect(byDay.totals.coinsRefunded == 100)
        #expect(byDay.totals.newBuyers == 3)
        let byMonth = SalesReport(rows: rows, range: SalesRange(from: from, to: to), grouping: .month)
        #expect(byMonth.periods.map(\.start.description) == ["2026-10-01", "2026-11-01"])
        #expect(byMonth.totals == byDay.totals)
        let byWeek = SalesReport(rows: rows, range: SalesRange(from: from, to: to), grouping: .week)
        #expect(byWeek.periods.map(\.start.description) == ["2026-10-26", "2026-11-02"])
    }

    @Test func rangesComeFromTheQueryOrTheLastThirtyDays() throws {
        let today = try #require(CivilDay(iso: "2026-11-27"))
        let standard = try SalesRange.parse(from: nil, to: nil, today: today)
        #expect(standard.from.description == "2026-10-29")
        #expect(standard.to == today)
        #expect(throws: DomainError.self) { try SalesRange.parse(from: "2026-12-01", to: "2026-11-01", today: today) }
        #expect(throws: DomainError.self) { try SalesRange.parse(from: "0001-01-01", to: nil, today: today) }
        #expect(throws: DomainError.self) { try SalesRange.parse(from: "yesterday", to: nil, today: today) }
    }

    @Test func sumsSaturateInsteadOfTrapping() {
        var figures = SalesFigures()
        figures.add(DailySalesRow(day: CivilDay(daysSinceEpoch: 0), metric: "ledger:grant", amount: .max, entries: 1))
        figures.add(DailySalesRow(day: CivilDay(daysSinceEpoch: 0), metric: "ledger:grant", amount: .max, entries: 1))
        figures.add(DailySalesRow(day: CivilDay(daysSinceEpoch: 0), metric: "ledger:refund", amount: .min, entries: 1))
        #expect(figures.coinsGranted == .max)
        #expect(figures.coinsRefunded == .max)
    }
}
