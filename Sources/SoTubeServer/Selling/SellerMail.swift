import Foundation
import SoTubeCore

/// The mail artists and labels get: the invitation (in English and Russian, since the invitee has no
/// language yet).
enum SellerMail {
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
