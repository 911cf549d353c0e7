/// Attributes the layout manager applies where the storage leaves one unset.
public struct LayoutDefaults: Sendable, Hashable {
    public var attributes: TextAttributes
    /// Used for hyphenation and shaping when a run names no language.
    public var language: String

    public init(font: FontDescriptor = FontDescriptor(families: ["DejaVu Serif"], size: 12),
                foregroundColor: Color = .black, language: String = "en-US") {
        attributes = TextAttributes(font: font, foregroundColor: foregroundColor)
        self.language = language
    }
}
