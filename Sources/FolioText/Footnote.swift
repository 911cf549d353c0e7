/// A note set at the foot of the column where its reference falls.
///
/// Set it as the `footnote` attribute of the reference mark (the superscript number, or
/// any other text) in the storage; the layout manager sets `text` — the note's own
/// paragraphs, its number included — at the column's width below a separator, and keeps
/// the line holding the mark in the same column as the note's first line. A note longer
/// than the room left continues at the foot of the next column.
///
/// Notes compare by identity: the same note marked twice (a second reference to it) is set
/// once, where its first reference falls.
public final class Footnote: Hashable, Sendable, CustomStringConvertible {
    /// The note's paragraphs with their styles, the number that starts it included.
    public let text: AttributedText

    /// A note of `text` (one or more paragraphs).
    public init(_ text: AttributedText) { self.text = text }

    /// A note of one paragraph: `string` in `attributes` and `paragraphStyle`.
    public convenience init(_ string: String, attributes: TextAttributes = .none,
                            paragraphStyle: ParagraphStyle = ParagraphStyle()) {
        var text = AttributedText()
        text.append(string, attributes: attributes)
        text.endParagraph(paragraphStyle, attributes: attributes)
        text.removeFinalSeparator()
        self.init(text)
    }

    public static func == (a: Footnote, b: Footnote) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The note's text, without its styles.
    public var description: String { String(decoding: text.bytes, as: UTF8.self) }
}
