import Foundation
import SoTubeCore

/// The mail artists and labels get: the invitation (in English and Russian, since the invitee has no
/// language yet).
enum SellerMail {
    /// "New release" to a follower, in their language, with the album's link; a pre-order says when
    /// it comes out.
    static func newRelease(to user: User, release: SellerRelease, link: String, preOrderUntil: Date?) -> MailMessage {
        let ru = MailTemplates.russian(user)
        let album = release.album
        let day = preOrderUntil.map { CivilDay(epochMillis: $0.epochMillis).description }
        let subject: String
        var lines: [MailTemplates.Block]
        if let day {
            subject =
                ru
                ? "Предзаказ: \(album.title) — \(album.artistName)"
                : "Pre-order open: \(album.title) by \(album.artistName)"
            lines = [
                .text(
                    ru
                        ? "\(album.artistName) выпускает «\(album.title)» \(day). Его уже можно предзаказать:"
                        : "\(album.artistName) releases “\(album.title)” on \(day). You can pre-order it now:")
            ]
        } else {
            subject =
                ru
                ? "Новый релиз: \(album.title) — \(album.artistName)"
                : "New release: \(album.title) by \(album.artistName)"
            lines = [
                .text(
                    ru
                        ? "У \(album.artistName) вышел новый релиз «\(album.title)»:"
                        : "\(album.artistName) has a new release, “\(album.title)”:")
            ]
        }
        lines.append(.link(link))
        lines.append(
            .text(
                ru
                    ? "Вы получили это письмо, потому что подписаны на \(album.artistName). Отписаться можно в один клик в вашей почтовой программе."
                    : "You get this because you follow \(album.artistName). Your mail app can unsubscribe you in one click."
            ))
        return MailTemplates.message(to: user, subject: subject, blocks: lines)
    }

    static func invite(email: String, invite: SellerInvite, link: String) -> MailMessage {
        let names = invite.artistNames.joined(separator: ", ")
        let what = invite.labelName.map { "the label \($0) (\(names))" } ?? names
        let whatRu = invite.labelName.map { "лейбла \($0) (\(names))" } ?? names
        let text = """
            Hello,

            You are invited to sell the music of \(what) on SoTube: upload releases, set prices, see your sales and get your share.

            Choose a username and a password here (the link works for 14 days):

            \(link)

            —

            Здравствуйте!

            Вас приглашают продавать музыку \(whatRu) в SoTube: загружайте релизы, назначайте цены, смотрите продажи и получайте свою долю.

            Выберите имя и пароль по ссылке (она действует 14 дней):

            \(link)
            """
        let html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>SoTube</title></head>
            <body style="font-family: system-ui, sans-serif; line-height: 1.5; max-width: 36em">
            <p>You are invited to sell the music of \(MailTemplates.escape(what)) on SoTube.</p>
            <p><a href="\(MailTemplates.escape(link))">Choose a username and a password</a> (the link works for 14 days).</p>
            <hr>
            <p lang="ru">Вас приглашают продавать музыку \(MailTemplates.escape(whatRu)) в SoTube.</p>
            <p lang="ru"><a href="\(MailTemplates.escape(link))">Выберите имя и пароль</a> (ссылка действует 14 дней).</p>
            <p style="color: #666">SoTube</p>
            </body></html>
            """
        return MailMessage(
            to: email, subject: "You are invited to sell on SoTube / Приглашение в SoTube", body: text + "\n",
            html: html, language: "en")
    }
}
