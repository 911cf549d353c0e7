/// Margins of a page; on mirrored (two-sided) pages `inner` is the binding side — the
/// left margin of a right-hand (odd) page, the right margin of a left-hand (even) one.
public struct PageMargins: Hashable, Sendable {
    public var top: Double
    public var bottom: Double
    public var inner: Double
    public var outer: Double
    public init(top: Double, bottom: Double, inner: Double, outer: Double) {
        self.top = top; self.bottom = bottom; self.inner = inner; self.outer = outer
    }
    public init(all: Double) { self.init(top: all, bottom: all, inner: all, outer: all) }
}
