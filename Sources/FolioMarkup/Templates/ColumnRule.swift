/// A thin line drawn down the middle of every gutter.
public struct ColumnRule: Hashable, Sendable {
    public var width: Double
    public var color: Color
    public init(width: Double = 0.5, color: Color = Color(red: 0, green: 0, blue: 0)) { self.width = width; self.color = color }
}
