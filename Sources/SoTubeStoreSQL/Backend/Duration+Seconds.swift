extension Duration {
    /// The duration in seconds, as a `Double` (for logs and messages, which round it).
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
