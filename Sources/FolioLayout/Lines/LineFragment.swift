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
}

