import Hummingbird
import SoTubeCore

/// The words of the pages the server renders (share page, embeds), in English and Russian.
struct PageTexts {
    let language: PageLanguage

    /// The language a request's page is written in (`PageLanguage.choose`).
    static func of(_ request: Request) -> PageTexts {
        PageTexts(
            language: PageLanguage.choose(
                query: request.uri.queryParameters.get("lang"), cookieHeader: request.headers[.cookie],
                acceptLanguage: request.headers[.acceptLanguage]))
    }

    var lang: String { language.rawValue }

    func shareDescription(title: String, artist: String, seconds: Int) -> String {
        switch language {
        case .en: return "Listen to a \(seconds)-second preview of \(title) by \(artist) on SoTube."
        case .ru: return "Послушайте \(seconds)-секундный фрагмент песни «\(title)» (\(artist)) в SoTube."
        }
    }

    func listenTo(_ title: String) -> String {
        language == .en ? "Listen to \(title)" : "Слушать «\(title)»"
    }

    func plays(seconds: Int) -> String {
        switch language {
        case .en: return "Plays a \(seconds)-second preview, or the whole song when it is yours"
        case .ru: return "Играет \(seconds)-секундный фрагмент или всю песню, если она ваша"
        }
    }

    func startsAt(_ clock: String) -> String { language == .en ? " · starts at \(clock)" : " · начинается с \(clock)" }
    func onSoTube(title: String, author: String) -> String {
        language == .en ? "\(title) · \(author) on SoTube" : "\(title) · \(author) в SoTube"
    }
    var openInApp: String { language == .en ? "Open in SoTube" : "Открыть в SoTube" }
    func buy(_ price: Int) -> String { (language == .en ? "Buy · " : "Купить · ") + language.coins(price) }
    func previewNote(seconds: Int) -> String {
        language == .en ? "\(seconds)-second preview" : "Фрагмент \(seconds) с"
    }
    var previews: String { language == .en ? "Previews" : "Фрагменты" }
    var play: String { language == .en ? "Play" : "Слушать" }
    var pause: String { language == .en ? "Pause" : "Пауза" }
    var position: String { language == .en ? "Position" : "Позиция" }
}
