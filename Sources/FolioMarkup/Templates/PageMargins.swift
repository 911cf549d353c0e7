/// Margins of a page; on mirrored (two-sided) pages `inner` is the binding side — the
/// left margin of a right-hand (odd) page, the right margin of a left-hand (even) one.
public struct PageMargins: Hashable, Sendable {
    /// Top margin in points.
    public var top: Double
    /// Bottom margin in points.
    public var bottom: Double
    /// Margin on the binding side in points (the left margin when the template is not mirrored).
    public var inner: Double
    /// Margin on the outer side in points (the right margin when the template is not mirrored).
    public var outer: Double
    /// Margins in points, each given.
    public init(top: Double, bottom: Double, inner: Double, outer: Double) {
        self.top = top; self.bottom = bottom; self.inner = inner; self.outer = outer
    }
    /// The same margin, in points, on all four sides.
    public init(all: Double) { self.init(top: all, bottom: all, inner: all, outer: all) }
}
