/// Attributes the layout manager applies where the storage leaves one unset.
public struct LayoutDefaults: Sendable, Hashable {
    /// Character attributes laid under every run: the font and foreground colour given to
    /// `init`. A run's own attributes win wherever they are set.
    public var attributes: TextAttributes
    /// Used for hyphenation and shaping when a run names no language.
    public var language: String
    /// How the text is shaped: for horizontal lines, or for vertical ones (see
    /// `TextLayoutOrientation`; the containers it is laid out in are in line space).
    public var layoutOrientation: TextLayoutOrientation = .horizontal
    /// The reader's preferred size for runs with a `textStyle` (Dynamic Type): changing it
    /// (`manager.defaults.contentSizeCategory = .extraLarge`) lays the text out again.
    public var contentSizeCategory: ContentSizeCategory = .large
    /// Multiplies every `textStyle` size: 1 gives TextKit's screen points (body 17 pt at
    /// `large`); `10.0 / 17` sets body at 10 pt, and the other roles in proportion.
    public var textStyleScale: Double = 1

    /// The language of text that names none (and of hyphenation without one): en-US.
    public static let defaultLanguage = "en-US"

    /// Defaults of `font` (`FontDescriptor()`: DejaVu Serif 12 pt unless given),
    /// `foregroundColor` (black) and `language` (`defaultLanguage`).
    public init(font: FontDescriptor = FontDescriptor(),
                foregroundColor: Color = .black, language: String = LayoutDefaults.defaultLanguage) {
        attributes = TextAttributes(font: font, foregroundColor: foregroundColor)
        self.language = language
    }
}
