import Foundation
import SQLKit
import SoTubeCore

/// The media job queue in `media_jobs`. A claim is one `UPDATE … RETURNING` on the next due job:
/// on PostgreSQL the row is picked with `FOR UPDATE SKIP LOCKED`, so workers on several machines
/// take different jobs without waiting for each other; on SQLite the writer lock (`BEGIN IMMEDIATE`,
/// across processes too) serialises claims. Every change after a claim names the worker, so a worker
/// whose lease lapsed (and whose job was taken again) changes nothing.
public struct SQLMediaJobQueue: MediaJobQueue {
    let backend: any SQLBackend
    let ids: any IDSource

    package init(backend: any SQLBackend, ids: any IDSource) {
        self.backend = backend
        self.ids = ids
    }

    static let columns =
        "id, kind, track_id, state, attempts, last_error, lease_until, worker_id, payload, run_after, created_at, updated_at"

    public func enqueue(kind: MediaJobKind, trackID: String, payload: String, now: Date) async throws {
        let id = ids.makeID()
        let ms = now.epochMillis
        try await backend.transaction { db in
            try await db.raw(
                """
                INSERT INTO media_jobs (id, kind, track_id, state, attempts, payload, run_after, created_at, updated_at)
                VALUES (\(bind: id), \(bind: kind.rawValue), \(bind: trackID), 'queued', 0, \(bind: payload),
                    \(bind: ms), \(bind: ms), \(bind: ms))
                ON CONFLICT (kind, track_id) DO UPDATE SET state = 'queued', attempts = 0, last_error = NULL,
                    lease_until = NULL, worker_id = NULL, payload = excluded.payload, run_after = excluded.run_after,
                    updated_at = excluded.updated_at
                WHERE media_jobs.state IN ('done', 'failed')
                """
            ).run()
        }
    }

    /// The next due job (or one whose worker's lease ran out). Albums' pictures come first (one
    /// ffmpeg an album, and the store shows the albums of songs being prepared), then renditions,
    /// then the MP3s of songs on sale with their imported files, then loudness: a song goes on sale with
    /// its preview, and its loudness only refines playback.
    ///
    /// A reader looks first: an idle worker polling an empty queue takes no writer lock (on SQLite, the
    /// one every buyer's purchase waits for) and wakes no checkpoint.
    public func claim(workerID: String, now: Date, leaseUntil: Int64) async throws -> MediaJob? {
        let ms = now.epochMillis
        let due: SQLQueryString =
            "(state = 'queued' AND run_after <= \(bind: ms)) OR (state = 'running' AND lease_until < \(bind: ms))"
        let anyDue = try await backend.read { db in
            try await db.raw("SELECT 1 AS due FROM media_jobs WHERE \(due) LIMIT 1").first() != nil
        }
        guard anyDue else { return nil }
        let lock: SQLQueryString = backend.dialect == .postgres ? "FOR UPDATE SKIP LOCKED" : ""
        return try await backend.transaction { db in
            try await db.raw(
                """
                UPDATE media_jobs SET state = 'running', attempts = attempts + 1, worker_id = \(bind: workerID),
                    lease_until = \(bind: leaseUntil), updated_at = \(bind: ms)
                WHERE id = (SELECT id FROM media_jobs
                    WHERE \(due)
                    ORDER BY (CASE kind WHEN 'artwork' THEN 0 WHEN 'renditions' THEN 1 WHEN 'full' THEN 2 ELSE 3 END), run_after, created_at, id LIMIT 1 \(lock))
                RETURNING \(unsafeRaw: Self.columns)
                """
            ).first().map(Self.job)
        }
    }

    public func renew(jobID: String, workerID: String, leaseUntil: Int64, now: Date) async throws -> Bool {
        try await update(
            jobID: jobID, workerID: workerID,
            "lease_until = \(bind: leaseUntil), updated_at = \(bind: now.epochMillis)")
    }

    public func complete(jobID: String, workerID: String, now: Date) async throws -> Bool {
        try await update(
            jobID: jobID, workerID: workerID,
            "state = 'done', last_error = NULL, lease_until = NULL, updated_at = \(bind: now.epochMillis)")
    }

    public func fail(
        jobID: String, workerID: String, error: String, state: MediaJobState, runAfter: Int64, now: Date
    ) async throws -> Bool {
        try await update(
            jobID: jobID, workerID: workerID,
            """
            state = \(bind: state.rawValue), last_error = \(bind: String(error.prefix(2000))), lease_until = NULL,
                run_after = \(bind: runAfter), updated_at = \(bind: now.epochMillis)
            """)
    }

    /// Changes a running job held by `workerID`; false when it is not (any more).
    private func update(jobID: String, workerID: String, _ set: SQLQueryString) async throws -> Bool {
        try await backend.transaction { db in
            try await db.raw(
                """
                UPDATE media_jobs SET \(set)
                WHERE id = \(bind: jobID) AND worker_id = \(bind: workerID) AND state = 'running'
                RETURNING id
                """
            ).first() != nil
        }
    }

    public func counts(trackIDs: [String]?) async throws -> MediaJobCounts {
        if let trackIDs, trackIDs.isEmpty { return MediaJobCounts() }
        return try await backend.read { db in
            var counts = MediaJobCounts()
            var chunks: [[String]?] = [nil]
            if let trackIDs {
                chunks = stride(from: 0, to: trackIDs.count, by: 500).map {
                    Array(trackIDs[$0..<min($0 + 500, trackIDs.count)])
                }
            }
            for chunk in chunks {
                var query = db.select().column("state").column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
                    .from("media_jobs").groupBy("state")
                if let chunk { query = query.where("track_id", .in, chunk) }
                for row in try await query.all() {
                    let n = try row.decode(column: "n", as: Int.self)
                    switch MediaJobState(rawValue: try row.decode(column: "state", as: String.self)) {
                    case .queued: counts.queued += n
                    case .running: counts.running += n
                    case .done: counts.done += n
                    case .failed: counts.failed += n
                    case nil: break
                    }
                }
            }
            return counts
        }
    }

    public func failedJobs(limit: Int) async throws -> [MediaJob] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Self.columns) FROM media_jobs WHERE state = 'failed'
                ORDER BY updated_at, id LIMIT \(literal: max(1, limit))
                """
            ).all().map(Self.job)
        }
    }

    public func job(id: String) async throws -> MediaJob? {
        try await backend.read { db in
            try await db.raw("SELECT \(unsafeRaw: Self.columns) FROM media_jobs WHERE id = \(bind: id)")
                .first().map(Self.job)
        }
    }

    public func retry(jobID: String?, now: Date) async throws -> Int {
        let ms = now.epochMillis
        let only: SQLQueryString = jobID.map { "AND id = \(bind: $0)" } ?? ""
        return try await backend.transaction { db in
            try await db.raw(
                """
                UPDATE media_jobs SET state = 'queued', attempts = 0, lease_until = NULL, worker_id = NULL,
                    run_after = \(bind: ms), updated_at = \(bind: ms)
                WHERE state = 'failed' \(only)
                RETURNING id
                """
            ).all().count
        }
    }

    static func job(_ row: any SQLRow) throws -> MediaJob {
        let kind = try row.decode(column: "kind", as: String.self)
        let state = try row.decode(column: "state", as: String.self)
        guard let kind = MediaJobKind(rawValue: kind), let state = MediaJobState(rawValue: state) else {
            throw StoreError.corrupt("media job of unknown kind \(kind) or state \(state)")
        }
        return MediaJob(
            id: try row.decode(column: "id", as: String.self), kind: kind,
            trackID: try row.decode(column: "track_id", as: String.self), state: state,
            attempts: try row.decode(column: "attempts", as: Int.self),
            lastError: try row.decode(column: "last_error", as: String?.self),
            leaseUntil: try row.decode(column: "lease_until", as: Int64?.self),
            workerID: try row.decode(column: "worker_id", as: String?.self),
            payload: try row.decode(column: "payload", as: String.self),
            runAfter: try row.decode(column: "run_after", as: Int64.self),
            createdAt: try row.decode(column: "created_at", as: Int64.self),
            updatedAt: try row.decode(column: "updated_at", as: Int64.self))
    }
}
