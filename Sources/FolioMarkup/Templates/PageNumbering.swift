/// How folios are written.
public enum PageNumbering: String, Hashable, Sendable, CaseIterable {
    case arabic, roman, upperRoman = "Roman"
}
