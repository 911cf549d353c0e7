/// Which way lines run (TextKit's `NSTextLayoutOrientation`).
///
/// Vertical text (縦書き, 竖排) is laid out in *line space*: the container is set up with
/// its width and height swapped (the line length is the column's height) and lines
/// stack as they do horizontally; whoever draws the container turns it a quarter turn
/// clockwise, so lines run top to bottom and follow one another right to left. Shaping
/// uses Pango's east gravity: ideographs and kana stand upright in their vertical forms
/// (`。`, `「」` turned), Latin words lie on their side.
public enum TextLayoutOrientation: String, Hashable, Sendable, CaseIterable {
    /// Lines left to right, stacked top to bottom.
    case horizontal
    /// Lines top to bottom, stacked right to left.
    case vertical
}
