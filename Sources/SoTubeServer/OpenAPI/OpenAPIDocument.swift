import Foundation
import SoTubeAPI

/// The OpenAPI 3.1 document, generated from the route table (`SoTubeAPI.Route.all`) and the schemas.
public enum OpenAPIDocument {
    /// Every documented route: the route table.
    public static var routes: [Route] { Route.all }
    /// The schemas, made from the wire types (`WireSchemas`); empty only if a wire type cannot be read,
    /// which `RouteTableTests` reports.
    public static var schemas: [String: JSONValue] { (try? WireSchemas.components()) ?? [:] }

    public static func document() -> JSONValue {
        var paths: [String: [String: JSONValue]] = [:]
        for route in routes {
            paths[route.path, default: [:]][route.method.rawValue.lowercased()] = operation(route)
        }
        var components = schemas
        components["Problem"] = problemSchema
        return [
            "openapi": "3.1.0",
            "info": [
                "title": "SoTube API", "version": "1.0.0",
                "description": "The self-hostable music store: accounts, catalog, coins, purchases, library, audio.",
            ],
            "servers": [["url": "/"]],
            "paths": .object(paths.mapValues { .object($0) }),
            "components": [
                "schemas": .object(components),
                "securitySchemes": [
                    "bearer": ["type": "http", "scheme": "bearer"],
                    "cookie": ["type": "apiKey", "in": "cookie", "name": .string(SoTubeCookie.session)],
                ],
            ],
        ]
    }

    public static func json() -> Data {
        (try? SoTubeJSON.encoder.encode(document())) ?? Data("{}".utf8)
    }

    static func operation(_ route: Route) -> JSONValue {
        var op: [String: JSONValue] = [
            "summary": .string(route.summary),
            "tags": [.string(route.tag)],
            "operationId": .string(operationID(route)),
        ]
        var parameters: [JSONValue] = []
        for name in route.parameters {
            parameters.append([
                "name": .string(name), "in": "path", "required": true,
                "schema": ["type": "string", "pattern": .string(pathParameterPattern(name))],
            ])
        }
        for (name, description) in route.query.sorted(by: { $0.key < $1.key }) {
            parameters.append([
                "name": .string(name), "in": "query", "description": .string(description),
                "schema": ["type": "string"],
            ])
        }
        for (name, description) in route.headers.sorted(by: { $0.key < $1.key }) {
            parameters.append([
                "name": .string(name), "in": "header", "description": .string(description),
                "schema": ["type": "string"],
            ])
        }
        if !parameters.isEmpty { op["parameters"] = .array(parameters) }
        if let schema = route.requestSchema {
            op["requestBody"] = [
                "required": true,
                "content": ["application/json": ["schema": ["$ref": .string("#/components/schemas/\(schema)")]]],
            ]
        }
        if let type = route.requestContentType {
            op["requestBody"] = [
                "required": true,
                "content": .object([type: ["schema": ["type": "string", "format": "binary"]]]),
            ]
        }
        if route.access == .user || route.access == .operator { op["security"] = [["bearer": []], ["cookie": []]] }
        var documented = route.responses
        // Any request can be malformed (a control character in its address, a bad query value).
        if documented[400] == nil { documented[400] = .init(description: "The request is malformed.") }
        if route.requestSchema != nil, documented[415] == nil {
            documented[415] = .init(description: "The body is not sent as application/json.")
        }
        var responses: [String: JSONValue] = [:]
        for (status, answer) in documented {
            let (description, schema) = (answer.description, answer.schema)
            var response: [String: JSONValue] = ["description": .string(description)]
            if status >= 400 {
                var content: [String: JSONValue] = [
                    "application/problem+json": ["schema": ["$ref": "#/components/schemas/Problem"]]
                ]
                if route.pageStatuses.contains(status) {
                    content[route.responseContentType] = ["schema": ["type": "string"]]
                }
                response["content"] = .object(content)
            } else if status == 204 || (300..<400).contains(status) {
                // No body: nothing to say about one (304 Not Modified, redirects).
            } else if let schema {
                response["content"] = .object([
                    route.responseContentType: ["schema": ["$ref": .string("#/components/schemas/\(schema)")]]
                ])
            } else if route.responseContentType != "application/json" {
                response["content"] = .object([
                    route.responseContentType: ["schema": ["type": "string", "format": "binary"]]
                ])
            }
            responses[String(status)] = .object(response)
        }
        op["responses"] = .object(responses)
        return .object(op)
    }

    /// What a path parameter holds: a store ID (letters, digits, `-`, `_`) or a Subsonic method name.
    static func pathParameterPattern(_ name: String) -> String {
        name == "method" ? "^[A-Za-z0-9]+(\\.view)?$" : "^[A-Za-z0-9_-]+$"
    }

    static func operationID(_ route: Route) -> String {
        let words = route.path.split(whereSeparator: { "/{}-.".contains($0) }).filter { $0 != "api" && $0 != "v1" }
        return route.method.rawValue.lowercased() + words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static let problemSchema: JSONValue = [
        "type": "object",
        "required": ["type", "title", "status", "detail"],
        "properties": [
            "type": ["type": "string"], "title": ["type": "string"], "status": ["type": "integer"],
            "detail": ["type": "string"], "field": ["type": "string"], "missingCoins": ["type": "integer"],
            "retryAfter": ["type": "integer"], "price": ["type": "integer"],
        ],
    ]
}
