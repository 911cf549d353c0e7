/// Attributes the layout manager applies where the storage leaves one unset.
public struct LayoutDefaults: Sendable, Hashable {
    public var attributes: TextAttributes
    /// Used for hyphenation and shaping when a run names no language.
    public var language: String

    /// The language of text that names none (and of hyphenation without one): en-US.
    public static let defaultLanguage = "en-US"

    public init(font: FontDescriptor = FontDescriptor(),
                foregroundColor: Color = .black, language: String = LayoutDefaults.defaultLanguage) {
        attributes = TextAttributes(font: font, foregroundColor: foregroundColor)
        self.language = language
    }
}
