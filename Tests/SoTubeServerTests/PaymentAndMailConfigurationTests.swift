import Foundation
import SoTubeServer
import Testing

/// `SOTUBE_PAYMENTS=stripe` and the mail settings: what is missing or malformed stops the command
/// with a message naming the variable; what is right is taken as given.
@Suite struct PaymentAndMailConfigurationTests {
    let stripe = [
        "SOTUBE_PAYMENTS": "stripe", "SOTUBE_STRIPE_SECRET_KEY": "sk_test_abc",
        "SOTUBE_STRIPE_PUBLISHABLE_KEY": "pk_test_abc", "SOTUBE_STRIPE_WEBHOOK_SECRET": "whsec_abc",
    ]

    func refusal(_ environment: [String: String]) -> String? {
        do {
            _ = try ServerConfiguration.resolve(ConfigurationFlags(), environment: environment)
            return nil
        } catch {
            return String(describing: error)
        }
    }

    @Test func stripeNeedsItsThreeKeysEachOfItsKind() throws {
        let resolved = try ServerConfiguration.resolve(ConfigurationFlags(), environment: stripe)
        #expect(resolved.payments == .stripe)
        #expect(resolved.stripe?.apiURL == "https://api.stripe.com")
        #expect(resolved.stripe?.contentSecurityOrigins.contains("https://js.stripe.com") == true)
        for variable in ["SOTUBE_STRIPE_SECRET_KEY", "SOTUBE_STRIPE_PUBLISHABLE_KEY", "SOTUBE_STRIPE_WEBHOOK_SECRET"] {
            var missing = stripe
            missing[variable] = nil
            #expect(refusal(missing)?.contains(variable) == true)
            var wrong = stripe
            wrong[variable] = "pk_test_swapped"
            if variable != "SOTUBE_STRIPE_PUBLISHABLE_KEY" { #expect(refusal(wrong)?.contains(variable) == true) }
        }
        var local = stripe
        local["SOTUBE_STRIPE_API_URL"] = "http://127.0.0.1:8420/"
        local["SOTUBE_STRIPE_JS_URL"] = "http://127.0.0.1:8420/js.stripe.com/v3/"
        let stand = try ServerConfiguration.resolve(ConfigurationFlags(), environment: local)
        #expect(stand.stripe?.apiURL == "http://127.0.0.1:8420")
        #expect(stand.stripe?.contentSecurityOrigins == ["http://127.0.0.1:8420"])
        local["SOTUBE_STRIPE_API_URL"] = "ftp://example.com"
        #expect(refusal(local)?.contains("SOTUBE_STRIPE_API_URL") == true)
        // Without Stripe, its keys are not read.
        #expect(try ServerConfiguration.resolve(ConfigurationFlags(), environment: [:]).stripe == nil)
    }

    @Test func mailSettingsAreCheckedAtStart() throws {
        #expect(try ServerConfiguration.resolve(ConfigurationFlags(), environment: [:]).mail.smtpURL == nil)
        let smtp = try ServerConfiguration.resolve(
            ConfigurationFlags(),
            environment: [
                "SOTUBE_SMTP_URL": "smtp://user:pa%40ss@mail.example.com:587",
                "SOTUBE_MAIL_FROM": "Music Shop <shop@example.com>", "SOTUBE_MAIL_RETRY_SECONDS": "1",
            ])
        #expect(smtp.mail.smtpURL == "smtp://user:pa%40ss@mail.example.com:587")
        #expect(smtp.mail.retryBase == 1)
        #expect(refusal(["SOTUBE_SMTP_URL": "http://mail.example.com"])?.contains("SOTUBE_SMTP_URL") == true)
        // Plain SMTP only to this machine: a password must not cross a network in the clear.
        #expect(refusal(["SOTUBE_SMTP_URL": "smtp://mail.example.com:25"]) != nil)
        #expect(refusal(["SOTUBE_MAIL_FROM": "not an address"])?.contains("SOTUBE_MAIL_FROM") == true)
        #expect(refusal(["SOTUBE_MAIL_RETRY_SECONDS": "nan"])?.contains("SOTUBE_MAIL_RETRY_SECONDS") == true)
        #expect(
            MailAddress.parse("Music Shop <shop@example.com>")
                == MailAddress(name: "Music Shop", address: "shop@example.com"))
    }
}
