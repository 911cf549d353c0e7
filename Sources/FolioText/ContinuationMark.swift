/// How a paragraph wraps lines of its text that are too long for the column, as code
/// listings do: the line breaks where it must — after a space in the line's last third
/// when there is one, else between any two characters — and every line that continues a
/// line of the text starts with `text` (e.g. `"↪ "`), in `color`. Lines of the text are
/// separated by U+2028 LINE SEPARATOR; the column they wrap in is known only at layout
/// time, so the layout manager wraps them there.
public struct ContinuationMark: Hashable, Sendable {
    /// Set at the start of each continuation line, in the paragraph's first font.
    public var text: String
    /// The mark's colour; nil for the text's.
    public var color: Color?

    /// A mark `text` in `color` (nil: the text's colour).
    public init(_ text: String, color: Color? = nil) {
        self.text = text; self.color = color
    }
}
