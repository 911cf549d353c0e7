/// How tall a line's content is.
struct LineMetrics {
    var ascent: Double
    var descent: Double
    /// The tallest attachment on the line (0 when none).
    var objectHeight = 0.0
}
