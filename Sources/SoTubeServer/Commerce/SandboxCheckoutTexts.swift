import Hummingbird
import SoTubeCore

/// The sandbox checkout's words in the app's language (issue 32 #18): the page follows the same
/// choice as the share page (`?lang=`, the app's `sotube_lang` cookie, then `Accept-Language`),
/// and the provider's own refusals are said in it too.
struct SandboxCheckoutTexts {
    let language: PageLanguage

    static func of(_ request: Request) -> SandboxCheckoutTexts {
        SandboxCheckoutTexts(language: PageTexts.of(request).language)
    }

    private func say(_ english: String, _ russian: String) -> String { language == .en ? english : russian }

    var lang: String { language.rawValue }
    var title: String { say("Sandbox checkout", "Оплата в песочнице") }
    var badge: String { say("Sandbox · no real money", "Песочница · без настоящих денег") }
    var merchant: String { say("Pay SoTube", "Оплата SoTube") }
    func coins(_ count: Int) -> String { say("\(count) SoTube coins", "\(language.coins(count)) SoTube") }
    var complete: String { say("This payment is complete.", "Этот платёж завершён.") }
    var cancelled: String {
        say("This checkout was cancelled. No money was taken.", "Оплата отменена. Деньги не списаны.")
    }
    var returnToStore: String { say("Return to SoTube", "Вернуться в SoTube") }
    var accountTitle: String { say("Log in and pay", "Войти и оплатить") }
    var email: String { say("Email", "Эл. почта") }
    var password: String { say("Password", "Пароль") }
    func logInAndPay(_ price: String) -> String { say("Log in and pay \(price)", "Войти и оплатить \(price)") }
    var or: String { say("or", "или") }
    var cardTitle: String { say("Pay with card", "Оплата картой") }
    var cardNumber: String { say("Card number", "Номер карты") }
    var expiry: String { say("Expiry", "Срок действия") }
    var expiryPlaceholder: String { say("MM/YY", "ММ/ГГ") }
    func pay(_ price: String) -> String { say("Pay \(price)", "Оплатить \(price)") }
    var cancel: String { say("Cancel and return to SoTube", "Отменить и вернуться в SoTube") }
    var testAccounts: String { say("Sandbox accounts and test cards", "Тестовые счета и карты песочницы") }
    var pays: String { say("pays", "платит") }
    var declined: String { say("declined", "отказ") }
    var succeeds: String { say("succeeds (any future expiry, any CVC)", "проходит (любой будущий срок, любой CVC)") }
    var declinedFunds: String { say("declined: insufficient funds", "отказ: недостаточно средств") }
    var chooseHow: String { say("Choose how to pay.", "Выберите способ оплаты.") }
    var tryAnother: String { say("Try another way to pay.", "Попробуйте другой способ оплаты.") }
    var notFoundTitle: String { say("Checkout not found", "Оплата не найдена") }
    var notFound: String { say("This checkout does not exist.", "Такой оплаты нет.") }
    var goToStore: String { say("Go to SoTube", "Перейти в SoTube") }

    /// The provider's refusal (`SandboxPaymentProvider`'s fixed sentences) in the page's language.
    func refusal(_ english: String) -> String {
        guard language == .ru else { return english }
        return Self.russianRefusals[english] ?? english
    }

    static let russianRefusals: [String: String] = [
        "The sandbox email or password is wrong. Try buyer@sandbox.test / sandbox123.":
            "Неверная почта или пароль песочницы. Попробуйте buyer@sandbox.test / sandbox123.",
        "The sandbox account has insufficient funds.": "На счёте песочницы недостаточно средств.",
        "The card number is not valid.": "Неверный номер карты.",
        "The expiry date must look like MM/YY.": "Срок действия пишется как ММ/ГГ.",
        "The card has expired.": "Срок действия карты истёк.",
        "The security code (CVC) has 3 or 4 digits.": "Код безопасности (CVC) — 3 или 4 цифры.",
        "Your card was declined.": "Карта отклонена.",
        "Your card was declined: insufficient funds.": "Карта отклонена: недостаточно средств.",
        "Your card was declined: this is not a sandbox test card.":
            "Карта отклонена: это не тестовая карта песочницы.",
    ]
}
