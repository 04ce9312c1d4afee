import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOPosix
import SoTubeCore

/// Sends what the mail queue holds: woken when a message is queued, and every few seconds by
/// `serve` for retries that fall due. A failed attempt is tried again after a growing delay
/// (`MailRetryPolicy`); the mail server's answer is kept for `sotube mail list`.
public final class MailDelivery: Sendable {
    let queue: any MailQueueStore
    let transport: any MailTransport
    let from: MailAddress
    let policy: MailRetryPolicy
    let clock: any SoTubeClock
    let ids: any IDSource
    let logger: Logger
    /// Whether a pass is running, and whether another was asked for meanwhile.
    private let state = NIOLockedValueBox((running: false, again: false))
    /// How long a claimed message is left to this server before another may try it.
    static let lease: TimeInterval = 120

    public init(
        queue: any MailQueueStore, transport: any MailTransport, from: MailAddress, policy: MailRetryPolicy,
        clock: any SoTubeClock, ids: any IDSource, logger: Logger
    ) {
        self.queue = queue
        self.transport = transport
        self.from = from
        self.policy = policy
        self.clock = clock
        self.ids = ids
        self.logger = logger
    }

    public var transportName: String { transport.name }

    /// Starts a pass now, or asks the running one to look again when it ends.
    public func wake() {
        let start = state.withLockedValue { state -> Bool in
            if state.running {
                state.again = true
                return false
            }
            state.running = true
            return true
        }
        guard start else { return }
        Task { await self.passes() }
    }

    private func passes() async {
        while true {
            await deliverDue()
            let more = state.withLockedValue { state -> Bool in
                if state.again {
                    state.again = false
                    return true
                }
                state.running = false
                return false
            }
            if !more { return }
        }
    }

    /// Sends every message due now, a batch at a time; returns how many were sent.
    @discardableResult
    public func deliverDue() async -> Int {
        var sent = 0
        while !Task.isCancelled {
            let batch: [OutgoingMail]
            do {
                batch = try await queue.claimDue(now: clock.now(), lease: Self.lease, limit: 20)
            } catch {
                logger.warning("mail queue unreadable", metadata: ["error": "\(ErrorText.of(error))"])
                return sent
            }
            if batch.isEmpty { return sent }
            for mail in batch where await deliver(mail) { sent += 1 }
        }
        return sent
    }

    private func deliver(_ mail: OutgoingMail) async -> Bool {
        do {
            try await transport.deliver(render(mail), from: from, to: mail.toAddress)
            try await queue.markSent(id: mail.id, at: clock.now())
            return true
        } catch {
            let attempts = mail.attempts + 1
            let retryAt =
                attempts >= policy.maxAttempts
                ? nil : clock.now().addingTimeInterval(policy.delay(afterAttempts: attempts))
            let answer = (error as? SMTPError).map(\.description) ?? String(describing: error)
            logger.warning(
                "mail not delivered",
                metadata: [
                    "id": "\(mail.id)", "to": "\(mail.toAddress)", "attempt": "\(attempts)", "error": "\(answer)",
                    "via": "\(transport.name)",
                ])
            try? await queue.markAttemptFailed(id: mail.id, error: answer, retryAt: retryAt)
            return false
        }
    }

    /// The RFC 5322 text: both parts, encoded headers, a Message-ID in the sender's domain.
    func render(_ mail: OutgoingMail) -> String {
        let domain = from.address.split(separator: "@").last.map(String.init) ?? "sotube.local"
        var message = MIMEMessage(
            fromName: from.name ?? "SoTube", fromAddress: from.address, toName: mail.toName, toAddress: mail.toAddress,
            subject: mail.subject, textBody: mail.textBody, htmlBody: mail.htmlBody, date: mail.createdAt,
            messageID: "\(mail.id)@\(domain)", language: mail.language,
            boundary: "sotube-" + Hex.encode(ids.randomBytes(12)))
        message.listUnsubscribe = mail.listUnsubscribe
        return message.render(eightBit: transport.eightBit)
    }

    /// Looks for due retries every `interval` until cancelled (`serve` runs it).
    public func run(interval: Duration = .seconds(2)) async {
        while !Task.isCancelled {
            wake()
            try? await Task.sleep(for: interval)
        }
    }
}

extension MailDelivery {
    /// The delivery the configuration asks for: SMTP when `SOTUBE_SMTP_URL` is set, else the outbox.
    static func make(_ configuration: ServerConfiguration, queue: any MailQueueStore, runtime: ServerRuntime)
        -> MailDelivery
    {
        let mail = configuration.mail
        var transport: any MailTransport = OutboxTransport(
            directory: configuration.outboxDirectory, logger: runtime.logger)
        if let url = mail.smtpURL, let settings = try? SMTPSettings(url: url, trustRootsPEMPath: mail.smtpCAFile) {
            transport = SMTPTransport(
                settings: settings, eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: runtime.logger)
        }
        return MailDelivery(
            queue: queue, transport: transport,
            from: MailAddress.parse(mail.from) ?? MailAddress(name: "SoTube", address: "no-reply@sotube.local"),
            policy: MailRetryPolicy(base: mail.retryBase), clock: runtime.clock, ids: runtime.ids,
            logger: runtime.logger)
    }
}
