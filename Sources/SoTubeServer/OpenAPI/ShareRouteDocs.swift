extension RouteDocs {
    static let share: [RouteDoc] = [
        RouteDoc(
            "GET", "/song/{id}",
            "Public song page for shared links: Open Graph tags and a preview player",
            tag: "web", responses: [200: ("HTML page", nil), 404: ("No such song", nil)],
            responseContentType: "text/html")
    ]
}
