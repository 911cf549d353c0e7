import Foundation

// TextKit's units for the attributes whose Folio unit differs, so that code carried over
// from TextKit says what it meant. Stroke widths take TextKit's percent of the font size
// through `TextStroke(percentOfFontSize:)`.

extension TextAttributes {
    /// The horizontal expansion in TextKit's unit (`NSAttributedString.Key.expansion`): the
    /// natural logarithm of the factor, 0 natural, 0.2 about 22 % wider. Folio's own
    /// `expansion` is the factor itself (1 natural); this reads and writes it.
    public var textKitExpansion: Double? {
        get { expansion.map { log($0) } }
        set { expansion = newValue.map { exp($0) } }
    }
}

extension ParagraphStyle {
    /// Hyphenation in TextKit's unit (`NSParagraphStyle.hyphenationFactor`, 0 to 1). Folio's
    /// `hyphenation` is on or off: any factor above 0 turns it on, and the total-fit line
    /// breaker then hyphenates only where that makes the paragraph's spacing better —
    /// what TextKit's threshold approximates line by line. Reads 1 when on, 0 when off.
    public var hyphenationFactor: Float {
        get { hyphenation ? 1 : 0 }
        set { hyphenation = newValue > 0 }
    }
}
