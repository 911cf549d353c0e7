/// A thin line drawn down the middle of every gutter.
public struct ColumnRule: Hashable, Sendable {
    /// Line width in points.
    public var width: Double
    /// Line colour.
    public var color: Color
    /// A rule `width` points wide (0.5 by default), black unless `color` says otherwise.
    public init(width: Double = 0.5, color: Color = Color(red: 0, green: 0, blue: 0)) { self.width = width; self.color = color }
}
