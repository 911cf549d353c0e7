/// How one kind of page looks: margins, columns and the frames on it. Unset values
/// come from the template's page settings.
public struct PageMaster: Hashable, Sendable {
    /// This master's margins; nil takes the template's.
    public var margins: PageMargins?
    /// Column count on pages of this master; nil takes the template's. A `{columns=N}` section
    /// overrides both.
    public var columns: Int?
    /// Space between columns in points; nil takes the template's.
    public var gutter: Double?
    /// The line drawn in each gutter; nil takes the template's (drawn only with two columns or more).
    public var columnRule: ColumnRule?
    /// Running heads, folios, logos: boxes of text or image at fixed places on the page.
    public var frames: [Frame]
    /// A master; every unset value comes from the template.
    public init(margins: PageMargins? = nil, columns: Int? = nil, gutter: Double? = nil,
                columnRule: ColumnRule? = nil, frames: [Frame] = []) {
        self.margins = margins; self.columns = columns; self.gutter = gutter
        self.columnRule = columnRule; self.frames = frames
    }
}
