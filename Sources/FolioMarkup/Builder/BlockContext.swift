/// Where a block sits: inside quotes and lists, which indent and restyle it.
struct BlockContext {
    /// How far list nesting indents (the marker of the innermost item hangs in it).
    var indent = 0.0
    /// The room the innermost list's markers hang in: its style's indent, or more when
    /// its widest marker ("10.", "iv.") needs it.
    var markerStep = 0.0
    var listDepth = 0
    var quoteDepth = 0
    /// Extra indent of quotes nested in quotes.
    var quoteShift = 0.0
    /// In a tight list: no space between the item's paragraphs.
    var tight = false
    /// The marker (with its tab) the next paragraph starts with, for a list item's first one.
    var marker: String?
    /// In a footnote's text: paragraphs take the `footnote` style, not `body`.
    var inNote = false
}
