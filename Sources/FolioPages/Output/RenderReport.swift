/// What a render did.
public struct RenderReport: Sendable {
    /// Pages written.
    public var pages: Int
    /// What layout could not do as asked (see `LayoutWarning`), in storage order.
    public var warnings: [LayoutWarning]
    /// Text that could not be placed anywhere.
    public var unplacedRange: Range<Int>?

    /// A report of `pages` pages with `warnings` and, if any, the text left unplaced.
    public init(pages: Int, warnings: [LayoutWarning], unplacedRange: Range<Int>?) {
        self.pages = pages
        self.warnings = warnings
        self.unplacedRange = unplacedRange
    }
}
