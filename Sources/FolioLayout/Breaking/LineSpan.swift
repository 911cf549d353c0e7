/// One line chosen by the breaker, in clusters of the shaped paragraph.
struct LineSpan: Equatable {
    /// First cluster of the line.
    var start: Int
    /// One past the last cluster set on the line (spaces at the end included; the
    /// assembler drops them).
    var end: Int
    /// Where the next line starts (past the spaces a break swallows).
    var next: Int
    /// The line ends in a hyphen the breaker added.
    var hyphenated: Bool
    /// The line ends the paragraph or ends at a forced break: it is not stretched.
    var endsParagraphOrForced: Bool
    /// The line continues a line of the text wrapped for want of room (a code listing's):
    /// it starts with the paragraph's continuation mark.
    var continuesLine = false
}
