/// How one kind of page looks: margins, columns and the frames on it. Unset values
/// come from the template's page settings.
public struct PageMaster: Hashable, Sendable {
    public var margins: PageMargins?
    public var columns: Int?
    public var gutter: Double?
    public var columnRule: ColumnRule?
    public var frames: [Frame]
    public init(margins: PageMargins? = nil, columns: Int? = nil, gutter: Double? = nil,
                columnRule: ColumnRule? = nil, frames: [Frame] = []) {
        self.margins = margins; self.columns = columns; self.gutter = gutter
        self.columnRule = columnRule; self.frames = frames
    }
}
