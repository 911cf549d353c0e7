/// Margins of a page; on mirrored (two-sided) pages `inner` is the binding side — the
/// left margin of a right-hand (odd) page, the right margin of a left-hand (even) one.
///
/// `EdgeInsets` (left/right) is what a page's text area is cut with; the two convert only
/// through `init(_:)` and `insets(mirrored:)`, so which side is inner is decided here.
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

    /// The margins of a one-sided page: `left` is inner, `right` is outer.
    public init(_ insets: EdgeInsets) {
        self.init(top: insets.top, bottom: insets.bottom, inner: insets.left, outer: insets.right)
    }

    /// One inch on every side: a template's margins, and each side a template leaves out.
    public static let standard = PageMargins(all: 72)

    /// The margins as left and right: `inner` on the left, except on a `mirrored` page (the
    /// left-hand page of a two-sided layout), where the binding side is on the right.
    public func insets(mirrored: Bool = false) -> EdgeInsets {
        EdgeInsets(top: top, left: mirrored ? outer : inner, bottom: bottom, right: mirrored ? inner : outer)
    }
}
