/// What a render did.
public struct RenderReport: Sendable {
    /// Pages written.
    public var pages: Int
    /// What layout could not do as asked (see `LayoutWarning`), in storage order.
    public var warnings: [LayoutWarning]
    /// Text that could not be placed anywhere.
    public var unplacedRange: Range<Int>?
    /// What building the documents set warned about, for a mail merge (whose records are
    /// built as they are set): each warning once, `record N: …` naming the first record
    /// that gave it.
    public var documentWarnings: [String] = []

    /// A report of `pages` pages with `warnings` and, if any, the text left unplaced.
    public init(pages: Int, warnings: [LayoutWarning], unplacedRange: Range<Int>?) {
        self.pages = pages
        self.warnings = warnings
        self.unplacedRange = unplacedRange
    }
}
