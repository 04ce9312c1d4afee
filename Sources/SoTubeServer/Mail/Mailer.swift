import Foundation
import Logging
import SoTubeCore

/// A message to one person, already written in their language.
public struct MailMessage: Sendable, Equatable {
    public var to: String
    public var toName: String?
    public var subject: String
    /// The plain-text part.
    public var body: String
    /// The HTML part, when there is one.
    public var html: String?
    public var language: String?
    /// A one-click unsubscribe URL (mail to an artist's followers).
    public var listUnsubscribe: String?

    public init(
        to: String, toName: String? = nil, subject: String, body: String, html: String? = nil, language: String? = nil
    ) {
        self.to = to
        self.toName = toName
        self.subject = subject
        self.body = body
        self.html = html
        self.language = language
    }
}

/// Sends mail. The server's is `QueuedMailer`: the message is stored, then delivered by the worker.
public protocol Mailer: Sendable {
    func send(_ message: MailMessage) async throws
}

/// Writes the message to the durable queue and asks the delivery to run: the caller's request does
/// not wait for the mail server, and a mail server that is down loses nothing.
public struct QueuedMailer: Mailer {
    let queue: any MailQueueStore
    let delivery: MailDelivery
    let clock: any SoTubeClock
    let ids: any IDSource

    public init(queue: any MailQueueStore, delivery: MailDelivery, clock: any SoTubeClock, ids: any IDSource) {
        self.queue = queue
        self.delivery = delivery
        self.clock = clock
        self.ids = ids
    }

    public func send(_ message: MailMessage) async throws {
        let now = clock.now()
        try await queue.enqueue(
            OutgoingMail(
                id: "ml_" + ids.randomBytes(12).base64URLString, toAddress: message.to, toName: message.toName,
                subject: message.subject, textBody: message.body, htmlBody: message.html, language: message.language,
                nextAttemptAt: now, createdAt: now, listUnsubscribe: message.listUnsubscribe))
        delivery.wake()
    }
}
