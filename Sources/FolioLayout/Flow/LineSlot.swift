/// Where one line fragment goes: a container, a rect in it, and the text area within.
struct LineSlot: Equatable {
    var containerIndex: Int
    /// The fragment rect as the container gave it (padding included).
    var rect: Rect
    /// Left edge of the text area (after padding and indents), container coordinates.
    var textX: Double
    /// Width of the text area.
    var textWidth: Double
    /// The indent on the leading side, for placing tab stops.
    var leadingIndent: Double
    /// Lines already in the container when this one starts.
    var lineInContainer: Int
    /// This fragment is the first or last one at its y.
    var opensLine: Bool
    var closesLine: Bool
    /// Punctuation may hang past the fragment's left (right) end: it meets the container's
    /// edge there, a margin, not an obstacle the text flows around (`CharacterProtrusion`).
    var hangsLeft = true
    var hangsRight = true
}

extension LineSlot {
    /// Where text goes within a fragment `rectWidth` wide: the offset of its left edge
    /// from the fragment's, its width, and the indent on the leading side. Head indents
    /// apply to a line's first fragment, tail indents to its last; right-to-left
    /// paragraphs mirror them.
    static func textArea(rectWidth: Double, contentWidth: Double, padding: Double, style: ParagraphStyle,
                         firstLine: Bool, opens: Bool, closes: Bool, rtl: Bool) -> (x: Double, width: Double, leadingIndent: Double) {
        let head = opens ? (firstLine ? style.firstLineHeadIndent : style.headIndent) : 0
        var tail = 0.0
        if closes {
            tail = style.tailIndent > 0 ? max(0, (contentWidth - 2 * padding) - style.tailIndent) : -style.tailIndent
        }
        let left = rtl ? tail : head, right = rtl ? head : tail
        return (padding + left, max(1, rectWidth - 2 * padding - left - right), head)
    }
}
