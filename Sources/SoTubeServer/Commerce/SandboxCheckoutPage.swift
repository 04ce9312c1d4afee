import SoTubeAPI
import SoTubeCore

/// The sandbox provider's hosted checkout page: plain HTML and CSS, no script, no CDN.
enum SandboxCheckoutPage {
    enum Notice {
        case error(String)
        case info(String)
    }

    static func render(_ topUp: TopUp, notice: Notice? = nil, email: String = "") -> String {
        let id = escape(topUp.id)
        let price = escape(topUp.price.formatted)
        let back = "/#/account?topUp=\(id)"
        let action = escape(SoTubeRoutes.sandboxCheckout(topUp.id))
        var body = """
            <header><span class="brand">Pay<b>Sandbox</b></span><span class="badge">Sandbox · no real money</span></header>
            <section class="order"><p class="merchant">Pay SoTube</p><p class="amount" data-testid="amount">\(price)</p>
            <p>\(topUp.coins) SoTube coins</p></section>
            """
        switch notice {
        case .error(let message):
            body += "<p class=\"notice error\" role=\"alert\">\(escape(message))</p>"
        case .info(let message): body += "<p class=\"notice\" role=\"status\">\(escape(message))</p>"
        case nil: break
        }
        switch topUp.status {
        case .captured:
            body +=
                "<p class=\"notice\" role=\"status\">This payment is complete.</p><a class=\"button\" href=\"\(back)\">Return to SoTube</a>"
        case .cancelled:
            body +=
                "<p class=\"notice\" role=\"status\">This checkout was cancelled.</p><a class=\"button\" href=\"\(back)\">Return to SoTube</a>"
        case .pending, .declined:
            body += """
                <form method="post" action="\(action)" class="option" aria-labelledby="login-title">
                <input type="hidden" name="method" value="account">
                <h2 id="login-title">Log in and pay</h2>
                <label>Email <input name="email" type="email" autocomplete="username" required value="\(escape(email))" placeholder="buyer@sandbox.test"></label>
                <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
                <button type="submit">Log in and pay \(price)</button>
                </form>
                <p class="or">or</p>
                <form method="post" action="\(action)" class="option" aria-labelledby="card-title">
                <input type="hidden" name="method" value="card">
                <h2 id="card-title">Pay with card</h2>
                <label>Card number <input name="number" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242"></label>
                <div class="row"><label>Expiry <input name="expiry" autocomplete="cc-exp" required placeholder="MM/YY"></label>
                <label>CVC <input name="cvc" inputmode="numeric" autocomplete="cc-csc" required placeholder="123"></label></div>
                <button type="submit">Pay \(price)</button>
                </form>
                <form method="post" action="\(action)" class="cancel">
                <input type="hidden" name="method" value="cancel"><button type="submit" class="link">Cancel and return to SoTube</button>
                </form>
                <details><summary>Sandbox accounts and test cards</summary><ul>
                <li>buyer@sandbox.test / sandbox123 — pays</li><li>broke@sandbox.test / sandbox123 — declined</li>
                <li>4242 4242 4242 4242 or 5555 5555 5555 4444 — succeeds (any future expiry, any CVC)</li>
                <li>4000 0000 0000 0002 — declined</li><li>4000 0000 0000 9995 — declined: insufficient funds</li>
                </ul></details>
                """
        }
        return document(title: "Sandbox checkout", body: body)
    }

    static func notFound() -> String {
        document(
            title: "Checkout not found",
            body:
                "<h1>Checkout not found</h1><p>This checkout does not exist.</p><a class=\"button\" href=\"/\">Go to SoTube</a>"
        )
    }

    static func document(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title)) · PaySandbox</title>
        <style>
        body{margin:0;font:16px/1.45 system-ui,sans-serif;background:#eef1f6;color:#1c2333}
        main{max-width:26rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px #0002}
        header{display:flex;justify-content:space-between;align-items:center;margin-bottom:1rem}
        .brand{font-size:1.4rem;color:#003087}.brand b{color:#009cde}.badge{font-size:.75rem;background:#ffe8a3;padding:.2rem .5rem;border-radius:99px}
        .order{text-align:center;border-bottom:1px solid #dde;padding-bottom:1rem}.amount{font-size:2rem;font-weight:700;margin:.2rem 0}
        .merchant{margin:0;color:#556}.option{display:grid;gap:.6rem;margin-top:1rem}h2{font-size:1.1rem;margin:0}
        label{display:grid;gap:.2rem;font-size:.9rem}input{font:inherit;padding:.55rem;border:1px solid #99a;border-radius:6px}
        .row{display:grid;grid-template-columns:1fr 1fr;gap:.6rem}
        button,.button{font:inherit;font-weight:600;padding:.7rem;border:0;border-radius:99px;background:#0070ba;color:#fff;cursor:pointer;text-align:center;text-decoration:none;display:block}
        .link{background:none;color:#0070ba;font-weight:400;width:100%}.or{text-align:center;color:#667;margin:1rem 0 0}
        .notice{padding:.7rem;border-radius:8px;background:#e3f1ff}.error{background:#fde2e1;color:#8a1c13}
        details{margin-top:1rem;font-size:.85rem;color:#445}
        </style></head>
        <body><main>\(body)</main></body></html>
        """
    }

    static func escape(_ text: String) -> String { HTML.escape(text) }
}
