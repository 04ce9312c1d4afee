import SoTubeAPI

/// The web app's API URLs, generated from the route table: one export per path whose routes have a
/// `webName`. A path without `{…}` segments or query parameters is a string; any other is a function of
/// its segments in order, then an object of query values (undefined, null and '' left out).
/// `Public/js/endpoints.js` holds the buyers' (every page loads it: `sotube routes --js`);
/// `Public/js/endpoints-staff.js` the operators' and sellers' and re-exports the buyers' (the console and
/// the artist screens load it: `sotube routes --js-staff`). `RouteTableTests` fails when either committed
/// file differs.
public enum WebEndpointsModule {
    public enum Part: Sendable {
        case buyers, staff

        func holds(_ route: Route) -> Bool {
            let staff = route.access == .operator || route.access == .seller
            return self == .staff ? staff : !staff
        }

        var command: String { self == .staff ? "sotube routes --js-staff" : "sotube routes --js" }
    }

    public static func source(routes: [Route] = Route.all, part: Part = .buyers) -> String {
        var lines = [
            "// Generated from the route table (SoTubeAPI's Route.all) by `\(part.command)`: do not edit.",
            "// Ids are encoded as one path segment; `query` is an object of query values.",
        ]
        if part == .staff { lines.append("export * from './endpoints.js';") }
        lines += [
            "const A = '/api/v1';",
            "const seg = encodeURIComponent;",
            "const q = (query) => {",
            "  const s = new URLSearchParams(Object.entries(query || {}).filter(([, v]) => v != null && v !== '')).toString();",
            "  return s ? `?${s}` : '';",
            "};",
        ]
        var seen: Set<String> = []
        var tag = ""
        for route in routes where part.holds(route) {
            guard let name = route.webName, seen.insert(name).inserted else { continue }
            if route.tag != tag {
                tag = route.tag
                lines.append("")
                lines.append("// \(tag)")
            }
            let siblings = routes.filter { $0.path == route.path }
            let takesQuery = siblings.contains { !$0.query.isEmpty }
            let parameters = route.parameters + (takesQuery ? ["query"] : [])
            let path = template(route.path) + (takesQuery ? "${q(query)}" : "")
            if parameters.isEmpty {
                lines.append("export const \(name) = `\(path)`;")
            } else {
                lines.append("export const \(name) = (\(parameters.joined(separator: ", "))) => `\(path)`;")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The path as a JavaScript template: `/api/v1` as `${A}`, each `{name}` as `${seg(name)}`.
    static func template(_ path: String) -> String {
        var text = path
        if text.hasPrefix("/api/v1") { text = "${A}" + text.dropFirst("/api/v1".count) }
        for name in Route.parametersOf(path) {
            text = text.replacingOccurrences(of: "{\(name)}", with: "${seg(\(name))}")
        }
        return text
    }
}
