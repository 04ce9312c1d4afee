/// The media pipeline: a durable job queue (`media_jobs`, one job per kind and track) for the heavy
/// work after a scan, whether a song is ready to sell (its preview exists), and loudness (EBU R128,
/// hundredths of LU / dB) for songs and albums. Songs imported before this migration are ready.
enum Migration010MediaJobs {
    static let migration = Migration(version: 10, name: "media jobs") { dialect in
        [
            """
            CREATE TABLE media_jobs (
                id TEXT PRIMARY KEY,
                kind TEXT NOT NULL,
                track_id TEXT NOT NULL REFERENCES tracks(id) ON DELETE CASCADE,
                state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
                attempts \(dialect.bigint) NOT NULL DEFAULT 0,
                last_error TEXT,
                lease_until \(dialect.bigint),
                worker_id TEXT,
                payload TEXT NOT NULL DEFAULT '{}',
                run_after \(dialect.bigint) NOT NULL,
                created_at \(dialect.bigint) NOT NULL,
                updated_at \(dialect.bigint) NOT NULL,
                UNIQUE (kind, track_id))
            """,
            "CREATE INDEX media_jobs_due ON media_jobs (state, run_after)",
            "CREATE INDEX media_jobs_track ON media_jobs (track_id)",
            "ALTER TABLE tracks ADD COLUMN ready \(dialect.bigint) NOT NULL DEFAULT 1",
            "ALTER TABLE tracks ADD COLUMN loudness_centi \(dialect.bigint)",
            "ALTER TABLE tracks ADD COLUMN true_peak_centi \(dialect.bigint)",
            "ALTER TABLE albums ADD COLUMN loudness_centi \(dialect.bigint)",
            "ALTER TABLE albums ADD COLUMN true_peak_centi \(dialect.bigint)",
        ]
    }
}
