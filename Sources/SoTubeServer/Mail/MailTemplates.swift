import Foundation
import SoTubeCore

/// Every message the store sends, in the reader's language (English unless they read Russian): a
/// plain-text part and an HTML part made from the same paragraphs. Links are whole lines in the text
/// part and anchors in the HTML one.
public enum MailTemplates {
    /// A paragraph: text, or a link shown on its own line.
    enum Block {
        case text(String)
        case link(String)
        case code(String, label: String)
    }

    static func russian(_ user: User) -> Bool { user.language?.hasPrefix("ru") == true }

    static func message(to user: User, subject: String, blocks: [Block]) -> MailMessage {
        let ru = russian(user)
        let greeting = ru ? "Здравствуйте, \(user.displayName)!" : "Hello \(user.displayName),"
        let text =
            ([greeting]
            + blocks.map { block -> String in
                switch block {
                case .text(let text): return text
                case .link(let url): return url
                case .code(let code, let label): return "\(label): \(code)"
                }
            }).joined(separator: "\n\n")
        let html =
            ([("<p>" + escape(greeting) + "</p>")]
            + blocks.map { block -> String in
                switch block {
                case .text(let text): return "<p>\(escape(text))</p>"
                case .link(let url): return "<p><a href=\"\(escape(url))\">\(escape(url))</a></p>"
                case .code(let code, let label): return "<p>\(escape(label)): <code>\(escape(code))</code></p>"
                }
            }).joined(separator: "\n")
        let document = """
            <!DOCTYPE html>
            <html lang="\(ru ? "ru" : "en")"><head><meta charset="utf-8"><title>\(escape(subject))</title></head>
            <body style="font-family: system-ui, sans-serif; line-height: 1.5; max-width: 36em">
            \(html)
            <p style="color: #666">SoTube</p>
            </body></html>
            """
        return MailMessage(
            to: user.email, toName: user.displayName, subject: subject, body: text + "\n", html: document,
            language: ru ? "ru" : "en")
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    public static func passwordReset(to user: User, link: String, token: String) -> MailMessage {
        if russian(user) {
            return message(
                to: user, subject: "Сброс пароля SoTube",
                blocks: [
                    .text(
                        "Кто-то попросил сбросить пароль вашей учётной записи SoTube «\(user.username)». Чтобы задать новый пароль, откройте эту ссылку в течение часа:"
                    ),
                    .link(link), .code(token, label: "Код сброса"),
                    .text(
                        "Новый пароль отзывает пароли приложений: плеерам понадобится новый. Двухэтапный вход останется включённым."
                    ),
                    .text("Если это были не вы, просто не обращайте внимания на это письмо: пароль останется прежним."),
                ])
        }
        return message(
            to: user, subject: "Reset your SoTube password",
            blocks: [
                .text(
                    "Someone asked to reset the password of your SoTube account \"\(user.username)\". To choose a new password, open this link within the hour:"
                ),
                .link(link), .code(token, label: "Reset token"),
                .text(
                    "A new password revokes your app passwords: players need a new one. Two-step sign-in stays on. Lost your authenticator app? Log in with one of your recovery codes, or ask the store's operator to turn two-step sign-in off."
                ),
                .text("If it was not you, ignore this message: your password stays as it is."),
            ])
    }

    public static func signUpAttempt(to owner: User, askedFor username: String, baseURL: String) -> MailMessage {
        if russian(owner) {
            return message(
                to: owner, subject: "Кто-то пытался зарегистрироваться в SoTube с вашим адресом",
                blocks: [
                    .text(
                        "Кто-то пытался создать новую учётную запись SoTube (имя «\(username)») с этим адресом. У адреса уже есть учётная запись, поэтому ничего не создано."
                    ),
                    .text("Имя вашей учётной записи — «\(owner.username)». Войти можно здесь:"),
                    .link("\(baseURL)/#/login"),
                    .text("Забыли пароль? Запросите ссылку для сброса:"), .link("\(baseURL)/#/forgot"),
                    .text("Если это были не вы, ничего делать не нужно."),
                ])
        }
        return message(
            to: owner, subject: "Someone tried to sign up at SoTube with your address",
            blocks: [
                .text(
                    "Someone tried to make a new SoTube account (username \"\(username)\") with this address. It already has an account, so nothing was made."
                ),
                .text("Your account's username is \"\(owner.username)\". Log in at:"), .link("\(baseURL)/#/login"),
                .text("Forgot your password? Ask for a reset link at:"), .link("\(baseURL)/#/forgot"),
                .text("If it was not you, ignore this message: your account stays as it is."),
            ])
    }

    /// The receipt for a paid top-up: pack, amount, currency, coins and the payment's reference.
    public static func receipt(for topUp: TopUp, to user: User) -> MailMessage {
        let paid = topUp.paid ?? topUp.price
        if russian(user) {
            return message(
                to: user, subject: "Ваш чек SoTube: \(topUp.coins) монет",
                blocks: [
                    .text("Спасибо за покупку! Оплата получена, монеты зачислены."),
                    .text("Пакет: \(topUp.packID) — \(topUp.coins) монет"),
                    .text("Оплачено: \(paid.formatted) (валюта \(paid.currency))"),
                    .code(topUp.id, label: "Пополнение"), .code(topUp.providerReference, label: "Платёж"),
                ])
        }
        return message(
            to: user, subject: "Your SoTube receipt: \(topUp.coins) coins",
            blocks: [
                .text("Thank you! Your payment was received and the coins are in your account."),
                .text("Pack: \(topUp.packID) — \(topUp.coins) coins"),
                .text("Paid: \(paid.formatted) (currency \(paid.currency))"),
                .code(topUp.id, label: "Top-up"), .code(topUp.providerReference, label: "Payment reference"),
            ])
    }

    /// A security notice: something that protects the account changed.
    public enum Notice: Sendable {
        case twoFactorOn
        case appPasswordAdded(name: String)
        case passwordChanged
    }

    public static func notice(_ notice: Notice, to user: User) -> MailMessage {
        let ru = russian(user)
        let (subject, what): (String, String)
        switch notice {
        case .twoFactorOn:
            (subject, what) =
                ru
                ? ("Двухэтапный вход включён", "Для вашей учётной записи SoTube включён двухэтапный вход.")
                : ("Two-step sign-in is on", "Two-step sign-in was turned on for your SoTube account.")
        case .appPasswordAdded(let name):
            (subject, what) =
                ru
                ? ("Добавлен пароль приложения", "К вашей учётной записи SoTube добавлен пароль приложения «\(name)».")
                : ("An app password was added", "An app password \"\(name)\" was added to your SoTube account.")
        case .passwordChanged:
            (subject, what) =
                ru
                ? ("Пароль изменён", "Пароль вашей учётной записи SoTube изменён.")
                : ("Your password was changed", "The password of your SoTube account was changed.")
        }
        let warning =
            ru
            ? "Если это были не вы, сразу смените пароль и сообщите оператору магазина."
            : "If it was not you, change your password at once and tell the store's operator."
        return message(to: user, subject: subject, blocks: [.text(what), .text(warning)])
    }
}
