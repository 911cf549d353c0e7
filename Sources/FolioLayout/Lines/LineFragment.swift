/// One line — or one piece of a line broken by an obstacle — as set in a container.
public struct LineFragment: Sendable {
    /// The fragment's rect in its container's coordinates (padding included).
    public var rect: Rect
    /// The part of `rect` the glyphs cover.
    public var usedRect: Rect
    /// The baseline's y in container coordinates.
    public var baseline: Double
    /// The storage range set in this fragment (UTF-8 offsets), spaces at its end
    /// included; for a truncated line, the whole range it stands for.
    public var characterRange: Range<Int>
    /// The fragment's glyphs, one run per font and attribute change, in visual order (empty
    /// when the line sets no glyphs).
    public var glyphRuns: [GlyphRun]
    /// Index of the container in the layout manager's chain.
    public var containerIndex: Int
    /// Index in the storage of the paragraph the line belongs to.
    public var paragraphIndex: Int
    /// The line ends in a hyphen added by the typesetter.
    public var isHyphenated: Bool
    /// The last line of its paragraph (not stretched when justified).
    public var isLastLineOfParagraph: Bool
    /// The part of `characterRange` replaced by an ellipsis, if the line was truncated.
    public var truncatedRange: Range<Int>?
    /// How wide the spaces are set relative to their natural width: above 1 when a
    /// justified line was stretched, below 1 when it was shrunk.
    public var spaceScale: Double = 1
    /// The line's ascent and descent above and below the baseline.
    public var ascent: Double
    /// Descent below the baseline, in points (positive).
    public var descent: Double
    /// A copy drawn again: a table's header or footer row repeated where the table
    /// continues. Queries by character skip copies; the original stands for the text.
    public var isRepetition = false
    /// A paragraph's drop cap (`ParagraphStyle.dropCapLines`): its first letter set large
    /// beside its first lines, which come after it.
    public var isDropCap = false
    /// What a table draws with this line: backgrounds, borders and rules (set on a line
    /// without text that leads each group of rows; empty elsewhere).
    public var decorations: [BlockDecoration] = []
    /// The table cells whose boxes this line carries (see `decorations`).
    public var tableCells: [TableCellFrame] = []
}

extension LineFragment {
    /// The fragment moved by `dx`, `dy` in its container, glyphs and images with it.
    package func offsetBy(dx: Double, dy: Double) -> LineFragment {
        if dx == 0 && dy == 0 { return self }
        var f = self
        f.rect = rect.offsetBy(dx: dx, dy: dy)
        f.usedRect = usedRect.offsetBy(dx: dx, dy: dy)
        f.baseline += dy
        for k in f.glyphRuns.indices {
            f.glyphRuns[k].bounds = f.glyphRuns[k].bounds.offsetBy(dx: dx, dy: dy)
            f.glyphRuns[k].baseline += dy
            f.glyphRuns[k].attachmentRect = f.glyphRuns[k].attachmentRect?.offsetBy(dx: dx, dy: dy)
            for g in f.glyphRuns[k].positions.indices {
                f.glyphRuns[k].positions[g].x += dx
                f.glyphRuns[k].positions[g].y += dy
            }
            for d in f.glyphRuns[k].emphasisDots.indices {
                f.glyphRuns[k].emphasisDots[d].x += dx
                f.glyphRuns[k].emphasisDots[d].y += dy
            }
            if let centre = f.glyphRuns[k].uprightCentre { f.glyphRuns[k].uprightCentre = Point(x: centre.x + dx, y: centre.y + dy) }
        }
        if !decorations.isEmpty { f.decorations = decorations.map { $0.offsetBy(dx: dx, dy: dy) } }
        for k in f.tableCells.indices { f.tableCells[k].rect = f.tableCells[k].rect.offsetBy(dx: dx, dy: dy) }
        return f
    }
}

