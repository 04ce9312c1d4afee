/// Import decision rules: what happens to a file the scanner found.
public enum ImportDecision: Equatable, Sendable {
    case new
    case changed(trackID: String)
    case unchanged

    /// A file is unchanged when size and modification time match, and either its renditions are
    /// being made (a job is queued or running: a scan run again resumes instead of starting over) or
    /// they still exist and its preview keeps to the preview rule (`PreviewPolicy.previewFits`; a
    /// preview cut by an older build may be a short song whole).
    public static func decide(
        known: KnownSource?, size: Int, mtime: Int, renditionsExist: Bool, previewFits: Bool = true
    )
        -> ImportDecision
    {
        guard let known else { return .new }
        if known.size == size && known.mtime == mtime && (known.jobPending || (renditionsExist && previewFits)) {
            return .unchanged
        }
        return .changed(trackID: known.trackID)
    }
}
