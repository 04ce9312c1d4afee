import SoTubeAPI
import SoTubeCore

/// The sandbox provider's hosted checkout page: plain HTML and CSS, no script, no CDN. It fits a
/// 320 px phone, keeps what the payer typed after a refusal (never the CVC), and shows an error
/// inside the form it belongs to, next to the field it names.
enum SandboxCheckoutPage {
    /// Which way of paying a message is about.
    enum Method: String {
        case account, card
    }

    /// A refusal to show: its text, the form it belongs to, and the field it names (if any).
    struct Refusal {
        var message: String
        var method: Method?
        var field: String?
    }

    /// What the payer typed, shown again after a refusal.
    struct Typed {
        var email = ""
        var cardNumber = ""
        var expiry = ""

        init(email: String = "", cardNumber: String = "", expiry: String = "") {
            self.email = email
            self.cardNumber = cardNumber
            self.expiry = expiry
        }

        init(form: [String: String]) {
            self.init(email: form["email"] ?? "", cardNumber: form["number"] ?? "", expiry: form["expiry"] ?? "")
        }
    }

    static func render(
        _ topUp: TopUp, refusal: Refusal? = nil, typed: Typed = Typed(),
        texts t: SandboxCheckoutTexts = SandboxCheckoutTexts(language: .en)
    ) -> String {
        let id = escape(topUp.id)
        let price = escape(topUp.price.formatted)
        let back = "/#/account?topUp=\(id)"
        let action = escape(SoTubeRoutes.sandboxCheckout(topUp.id))
        var body = """
            <header><span class="brand">Pay<b>Sandbox</b></span><span class="badge">\(t.badge)</span></header>
            <section class="order"><p class="merchant">\(t.merchant)</p><p class="amount" data-testid="amount">\(price)</p>
            <p>\(escape(t.coins(topUp.coins)))</p></section>
            """
        if let refusal, refusal.method == nil {
            body += "<p class=\"notice error\" role=\"alert\">\(escape(refusal.message))</p>"
        }
        switch topUp.status {
        case .captured:
            body +=
                "<p class=\"notice\" role=\"status\">\(t.complete)</p><a class=\"button\" href=\"\(back)\">\(t.returnToStore)</a>"
        case .cancelled:
            body +=
                "<p class=\"notice\" role=\"status\">\(t.cancelled)</p><a class=\"button\" href=\"\(back)\">\(t.returnToStore)</a>"
        case .pending, .declined:
            let form = FormErrors(refusal: refusal)
            body += """
                <form method="post" action="\(action)" class="option" aria-labelledby="login-title">
                <input type="hidden" name="method" value="account">
                <h2 id="login-title">\(t.accountTitle)</h2>\(form.message(for: .account))
                <label>\(t.email) <input name="email" type="email" autocomplete="username" required value="\(escape(typed.email))" placeholder="buyer@sandbox.test"\(form.attributes(.account, "email"))></label>
                <label>\(t.password) <input name="password" type="password" autocomplete="current-password" required\(form.attributes(.account, "password"))></label>
                <button type="submit">\(escape(t.logInAndPay(topUp.price.formatted)))</button>
                </form>
                <p class="or">\(t.or)</p>
                <form method="post" action="\(action)" class="option" aria-labelledby="card-title">
                <input type="hidden" name="method" value="card">
                <h2 id="card-title">\(t.cardTitle)</h2>\(form.message(for: .card))
                <label>\(t.cardNumber) <input name="number" inputmode="numeric" autocomplete="cc-number" required value="\(escape(typed.cardNumber))" placeholder="4242 4242 4242 4242"\(form.attributes(.card, "number"))></label>
                <div class="row"><label>\(t.expiry) <input name="expiry" autocomplete="cc-exp" required value="\(escape(typed.expiry))" placeholder="\(t.expiryPlaceholder)"\(form.attributes(.card, "expiry"))></label>
                <label>CVC <input name="cvc" inputmode="numeric" autocomplete="cc-csc" required placeholder="123"\(form.attributes(.card, "cvc"))></label></div>
                <button type="submit">\(escape(t.pay(topUp.price.formatted)))</button>
                </form>
                <form method="post" action="\(action)" class="cancel">
                <input type="hidden" name="method" value="cancel"><button type="submit" class="link">\(t.cancel)</button>
                </form>
                <details><summary>\(t.testAccounts)</summary><ul>
                <li>buyer@sandbox.test / sandbox123 — \(t.pays)</li><li>broke@sandbox.test / sandbox123 — \(t.declined)</li>
                <li>4242 4242 4242 4242 \(t.or) 5555 5555 5555 4444 — \(t.succeeds)</li>
                <li>4000 0000 0000 0002 — \(t.declined)</li><li>4000 0000 0000 9995 — \(t.declinedFunds)</li>
                </ul></details>
                """
        }
        return document(title: t.title, body: body, lang: t.lang)
    }

    /// Places a refusal inside its form and marks the field it names as invalid.
    private struct FormErrors {
        let refusal: Refusal?

        func message(for method: Method) -> String {
            guard let refusal, refusal.method == method else { return "" }
            return
                "<p class=\"notice error\" role=\"alert\" id=\"\(method.rawValue)-error\">\(escape(refusal.message))</p>"
        }

        func attributes(_ method: Method, _ field: String) -> String {
            guard let refusal, refusal.method == method else { return "" }
            let named = refusal.field == field || (refusal.field == nil && field == firstField(method))
            return named ? " aria-invalid=\"true\" aria-describedby=\"\(method.rawValue)-error\" autofocus" : ""
        }

        private func firstField(_ method: Method) -> String { method == .account ? "email" : "number" }
    }

    static func notFound(_ t: SandboxCheckoutTexts = SandboxCheckoutTexts(language: .en)) -> String {
        document(
            title: t.notFoundTitle,
            body:
                "<h1>\(t.notFoundTitle)</h1><p>\(t.notFound)</p><a class=\"button\" href=\"/\">\(t.goToStore)</a>",
            lang: t.lang)
    }

    static func document(title: String, body: String, lang: String) -> String {
        """
        <!doctype html>
        <html lang="\(lang)"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title)) · PaySandbox</title>
        <style>
        *,*::before,*::after{box-sizing:border-box}
        body{margin:0;font:16px/1.45 system-ui,sans-serif;background:#eef1f6;color:#1c2333}
        main{max-width:26rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px #0002}
        @media (max-width:30rem){main{margin:0;border-radius:0;min-height:100vh;padding:1rem}}
        header{display:flex;flex-wrap:wrap;gap:.5rem;justify-content:space-between;align-items:center;margin-bottom:1rem}
        .brand{font-size:1.4rem;color:#003087}.brand b{color:#009cde}.badge{font-size:.75rem;background:#ffe8a3;padding:.2rem .5rem;border-radius:99px}
        .order{text-align:center;border-bottom:1px solid #dde;padding-bottom:1rem}.amount{font-size:2rem;font-weight:700;margin:.2rem 0}
        .merchant{margin:0;color:#556}.option{display:grid;gap:.6rem;margin-top:1rem;min-width:0}h2{font-size:1.1rem;margin:0}
        label{display:grid;gap:.2rem;font-size:.9rem;min-width:0}
        input{font:inherit;padding:.55rem;border:1px solid #99a;border-radius:6px;width:100%;min-width:0}
        input[aria-invalid=true]{border-color:#b3261e;outline:2px solid #b3261e55}
        .row{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:.6rem}
        button,.button{font:inherit;font-weight:600;padding:.7rem;border:0;border-radius:99px;background:#0070ba;color:#fff;cursor:pointer;text-align:center;text-decoration:none;display:block;width:100%}
        .link{background:none;color:#0070ba;font-weight:400}.or{text-align:center;color:#667;margin:1rem 0 0}
        .notice{padding:.7rem;border-radius:8px;background:#e3f1ff;margin:0}.error{background:#fde2e1;color:#8a1c13}
        details{margin-top:1rem;font-size:.85rem;color:#445;overflow-wrap:anywhere}
        </style><script src="/js/sandbox-checkout.js" defer></script></head>
        <body><main>\(body)</main></body></html>
        """
    }

    static func escape(_ text: String) -> String { HTML.escape(text) }
}
