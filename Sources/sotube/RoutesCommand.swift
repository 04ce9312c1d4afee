import ArgumentParser
import SoTubeAPI
import SoTubeServer

/// `sotube routes`: the route table (every route the server serves, who may call it); `--js` prints
/// the web app's `Public/js/endpoints.js` made from it, `--openapi` the OpenAPI document.
struct RoutesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "Print the route table, or what is generated from it (--js, --openapi).",
        discussion:
            "Regenerate the web app's URLs after changing the table: sotube routes --js > Public/js/endpoints.js; "
            + "sotube routes --js-staff > Public/js/endpoints-staff.js")

    @Flag(name: .customLong("js"), help: "Print Public/js/endpoints.js, the web app's URLs.")
    var javaScript = false

    @Flag(
        name: .customLong("js-staff"),
        help: "Print Public/js/endpoints-staff.js, the console's and the artist screens' URLs.")
    var javaScriptStaff = false

    @Flag(name: .customLong("openapi"), help: "Print the OpenAPI 3.1 document.")
    var openAPI = false

    func run() throws {
        if javaScript {
            print(WebEndpointsModule.source(), terminator: "")
        } else if javaScriptStaff {
            print(WebEndpointsModule.source(part: .staff), terminator: "")
        } else if openAPI {
            print(String(decoding: OpenAPIDocument.json(), as: UTF8.self))
        } else {
            for route in Route.all {
                let flags = route.remembersSessions ? " (remembers sessions)" : ""
                print(
                    "\(route.method.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0))"
                        + "\(route.path.padding(toLength: 42, withPad: " ", startingAt: 0)) \(route.access.rawValue)\(flags)"
                )
            }
        }
    }
}
