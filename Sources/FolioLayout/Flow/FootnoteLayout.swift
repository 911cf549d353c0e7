import FolioText

/// How notes (`TextAttributes.footnote`) are set at the foot of a column: the space and
/// rule that separate them from the text, the space between notes, and how much of a
/// column a note continued from the column before may take.
public struct FootnoteLayout: Sendable, Hashable {
    /// Space between the column's last line of text and the separator rule, in points.
    public var spaceAbove: Double
    /// Space between the separator rule and the first note, in points.
    public var spaceBelow: Double
    /// Space between one note and the next, in points.
    public var spacing: Double
    /// Length of the separator rule as a fraction of the column's width (0 draws none).
    public var ruleLength: Double
    /// Thickness of the separator rule, in points.
    public var ruleThickness: Double
    /// Colour of the separator rule.
    public var ruleColor: Color
    /// The most of a column's height (0…1) that the part of a note carried over from the
    /// column before may take; the rest carries on to the next. A note that starts in a
    /// column takes the room left below its reference line.
    public var maximumFraction: Double

    /// Notes under a rule a third of the column wide, 0.5 pt thick, as book designers set them.
    public init(spaceAbove: Double = 9, spaceBelow: Double = 4, spacing: Double = 2, ruleLength: Double = 1.0 / 3,
                ruleThickness: Double = 0.5, ruleColor: Color = Color(red: 0, green: 0, blue: 0), maximumFraction: Double = 0.5) {
        self.spaceAbove = spaceAbove; self.spaceBelow = spaceBelow; self.spacing = spacing
        self.ruleLength = ruleLength; self.ruleThickness = ruleThickness; self.ruleColor = ruleColor
        self.maximumFraction = maximumFraction
    }

    /// The separator's share of a foot area: the space above and below the rule.
    var separatorSpace: Double { spaceAbove + spaceBelow }
}

/// The notes set at the foot of one container, as drawn: the separator rule and the
/// notes' lines, in the container's coordinates.
public struct FootnoteArea: Sendable {
    /// Top of the area (the space above the rule starts here), in container coordinates.
    public var top: Double
    /// Where the separator rule runs: its y (the rule's middle), its x and its length.
    public var ruleY: Double
    /// The rule's left end and length, in container coordinates (length 0: no rule).
    public var ruleX: Double, ruleLength: Double
    /// The rule's look (and the rest of the settings the notes were set with).
    public var layout: FootnoteLayout
    /// The lines of the notes, in order, in container coordinates.
    public var lines: [LineFragment]
    /// The notes set here, in order; `continued` for one whose start is in an earlier
    /// container, `continues` for one whose end is in a later one.
    public var notes: [(footnote: Footnote, continued: Bool, continues: Bool)]
}

/// Part of a note set at the foot of one container: some of its lines, top to bottom.
struct FootnotePiece {
    var footnote: Footnote
    var containerIndex: Int
    /// The note's lines (as set at the reference's column width) that this piece holds.
    var lines: Range<Int>
    var lineCount: Int
    /// The width the note's lines were set at (its reference's column).
    var width: Double
    var height: Double
    /// The paragraph holding the reference: undoing its layout undoes the piece.
    var paragraphIndex: Int
}
