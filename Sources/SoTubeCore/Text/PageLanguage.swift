/// The language of a page the server renders (the share page, the embeds, the sandbox checkout):
/// the link's `lang` (the web app adds it), else the app's choice (its `sotube_lang` cookie), else the
/// browser's `Accept-Language` (the supported language it ranks highest), else English.
public enum PageLanguage: String, Sendable, CaseIterable {
    case en, ru

    public static func choose(query: String?, cookieHeader: String?, acceptLanguage: String?) -> PageLanguage {
        if let query, let chosen = PageLanguage(rawValue: query.lowercased()) { return chosen }
        if let value = cookie("sotube_lang", in: cookieHeader), let chosen = PageLanguage(rawValue: value) {
            return chosen
        }
        return preferred(acceptLanguage) ?? .en
    }

    /// The supported language an `Accept-Language` header ranks highest (`q` weights; the first of
    /// equals), nil when it names none.
    public static func preferred(_ header: String?) -> PageLanguage? {
        var best: (weight: Double, language: PageLanguage)?
        for (tag, weight) in WeightedList.items(header) where weight > 0 {
            guard let language = PageLanguage(rawValue: String(tag.split(separator: "-").first ?? "")) else { continue }
            if weight > (best?.weight ?? -1) { best = (weight, language) }
        }
        return best?.language
    }

    /// A cookie's value in a `Cookie` header.
    static func cookie(_ name: String, in header: String?) -> String? {
        guard let header else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == name { return parts[1] }
        }
        return nil
    }

    /// "13 coins", "13 монет" (Russian's three plural forms).
    public func coins(_ count: Int) -> String {
        switch self {
        case .en: return count == 1 ? "1 coin" : "\(count) coins"
        case .ru: return "\(count) " + Self.russianPlural(count, one: "монета", few: "монеты", many: "монет")
        }
    }

    /// The Russian form for `count`: 1, 21 → one; 2–4, 22–24 → few; 0, 5–20, 25 … → many.
    public static func russianPlural(_ count: Int, one: String, few: String, many: String) -> String {
        let tens = count.magnitude % 100
        let units = count.magnitude % 10
        if (11...14).contains(tens) { return many }
        if units == 1 { return one }
        if (2...4).contains(units) { return few }
        return many
    }
}
