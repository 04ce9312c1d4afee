import Foundation
import HTTPTypes
import Hummingbird
import SoTubeAPI
import SoTubeCore

/// `/api/v1/admin/dashboard`, `/reauth`, `/audit…` and the chart library the console draws with
/// (docs/console.md).
struct AdminConsoleController {
    let operators: OperatorService
    /// Chart.js, read once at start (about 200 KB); nil when the file is not there.
    let chartLibrary: Data?

    init(operators: OperatorService, chartLibrary: URL) {
        self.operators = operators
        self.chartLibrary = FileManager.default.contents(atPath: chartLibrary.path)
    }

    func register(on routes: RouteRegistrar) {
        routes.on(.adminDashboard) { request, _ in
            let query = QueryParameters(request: request)
            let range = try SalesRange.parse(
                from: query.string("from"), to: query.string("to"), today: operators.today)
            let grouping = try query.choice("by", default: SalesGrouping.day)
            return try jsonResponse(AdminDashboardDTO(try await operators.dashboard(range: range, grouping: grouping)))
        }
        routes.on(.adminReauth) { request, context in
            let body = try await request.decodeJSON(ReauthRequest.self, context: context)
            try await operators.confirmPassword(try context.requireIdentity(), password: body.password)
            return Response(status: .noContent)
        }
        routes.on(.adminAudit) { request, _ in
            let query = QueryParameters(request: request)
            let limit = try query.int("limit", in: 1...500, default: 100)
            let before = query.string("before")
            let entries = try await operators.auditEntries(limit: limit, before: before)
            return try jsonResponse(AuditListDTO(entries: entries.map(AuditEntryDTO.init)))
        }
        routes.on(.adminAuditCSV) { _, _ in
            // The whole log, a page of 500 at a time.
            var rows: [[String]] = []
            var before: String?
            while true {
                let page = try await operators.auditEntries(limit: 500, before: before)
                rows += page.map {
                    [
                        CSV.date($0.at), $0.actor, $0.action.rawValue, $0.target, $0.before ?? "", $0.after ?? "",
                        $0.reason ?? "",
                    ]
                }
                guard page.count == 500, let last = page.last else { break }
                before = last.id
            }
            return csvResponse(
                CSV.document(header: ["at", "actor", "action", "target", "before", "after", "reason"], rows: rows),
                fileName: "audit")
        }
        routes.on(.chartLibrary) { _, _ in
            guard let chartLibrary else { throw DomainError.notFound(what: "Chart.js") }
            var headers = HTTPFields()
            headers[.contentType] = "text/javascript; charset=utf-8"
            headers[.cacheControl] = "public, max-age=86400"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: chartLibrary)))
        }
    }
}
