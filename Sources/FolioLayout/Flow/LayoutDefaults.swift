/// Attributes the layout manager applies where the storage leaves one unset.
public struct LayoutDefaults: Sendable, Hashable {
    /// Character attributes laid under every run: the font and foreground colour given to
    /// `init`. A run's own attributes win wherever they are set.
    public var attributes: TextAttributes
    /// Used for hyphenation and shaping when a run names no language.
    public var language: String

    /// Defaults of `font` (DejaVu Serif 12 pt unless given), `foregroundColor` (black) and
    /// `language` (`en-US`).
    public init(font: FontDescriptor = FontDescriptor(families: ["DejaVu Serif"], size: 12),
                foregroundColor: Color = .black, language: String = "en-US") {
        attributes = TextAttributes(font: font, foregroundColor: foregroundColor)
        self.language = language
    }
}
