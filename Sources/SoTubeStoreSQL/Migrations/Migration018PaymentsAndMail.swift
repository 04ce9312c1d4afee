/// Card payments through a provider (Stripe) and mail through a queue: what a top-up was paid and
/// why one was declined, refunds (each with its ledger entry), the provider events already applied
/// (a webhook delivered twice is applied once), disputes that freeze an account's buying, the
/// reader's language for mail, and the mail queue the delivery worker sends from.
enum Migration018PaymentsAndMail {
    static let migration = Migration(version: 18, name: "payments and mail") { dialect in
        [
            "ALTER TABLE top_ups ADD COLUMN message TEXT",
            "ALTER TABLE top_ups ADD COLUMN client_secret TEXT",
            "ALTER TABLE top_ups ADD COLUMN paid_amount \(dialect.bigint)",
            "ALTER TABLE top_ups ADD COLUMN paid_currency TEXT",
            "ALTER TABLE top_ups ADD COLUMN refunded_coins BIGINT NOT NULL DEFAULT 0",
            "ALTER TABLE top_ups ADD COLUMN refunded_amount BIGINT NOT NULL DEFAULT 0",
            "CREATE INDEX top_ups_reference ON top_ups (provider, provider_reference)",
            """
            CREATE TABLE top_up_refunds (
                id TEXT PRIMARY KEY,
                top_up_id TEXT NOT NULL REFERENCES top_ups(id),
                user_id TEXT NOT NULL,
                coins BIGINT NOT NULL CHECK (coins >= 0),
                amount BIGINT NOT NULL CHECK (amount >= 0),
                currency TEXT NOT NULL,
                status TEXT NOT NULL,
                origin TEXT NOT NULL,
                provider_reference TEXT,
                note TEXT,
                created_at BIGINT NOT NULL)
            """,
            "CREATE INDEX top_up_refunds_top_up ON top_up_refunds (top_up_id)",
            """
            CREATE TABLE payment_events (
                id TEXT PRIMARY KEY,
                provider TEXT NOT NULL,
                type TEXT NOT NULL,
                received_at BIGINT NOT NULL)
            """,
            """
            CREATE TABLE payment_disputes (
                id TEXT PRIMARY KEY,
                provider_reference TEXT NOT NULL UNIQUE,
                top_up_id TEXT NOT NULL REFERENCES top_ups(id),
                user_id TEXT NOT NULL,
                amount BIGINT NOT NULL,
                currency TEXT NOT NULL,
                reason TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                settled_at BIGINT,
                settled_note TEXT)
            """,
            "CREATE INDEX payment_disputes_user ON payment_disputes (user_id, settled_at)",
            "ALTER TABLE users ADD COLUMN frozen_at \(dialect.bigint)",
            "ALTER TABLE users ADD COLUMN language TEXT",
            """
            CREATE TABLE mail_queue (
                id TEXT PRIMARY KEY,
                to_address TEXT NOT NULL,
                to_name TEXT,
                subject TEXT NOT NULL,
                text_body TEXT NOT NULL,
                html_body TEXT,
                language TEXT,
                status TEXT NOT NULL,
                attempts BIGINT NOT NULL DEFAULT 0,
                next_attempt_at BIGINT NOT NULL,
                claimed_until BIGINT,
                last_error TEXT,
                created_at BIGINT NOT NULL,
                sent_at BIGINT)
            """,
            "CREATE INDEX mail_queue_due ON mail_queue (status, next_attempt_at)",
        ]
    }
}
