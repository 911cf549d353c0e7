/// An image set inline, sitting on the baseline like a glyph. `bounds` is in points:
/// its width is the advance the image takes in the line; `origin.y` is how far the
/// image's bottom edge sits *above* the baseline (negative lowers it like a descender),
/// as in TextKit. `Rect(x: 0, y: 0, width: 20, height: 10)` stands on the baseline.
/// The attachment replaces the glyphs of the characters it is set on; use one
/// U+FFFC OBJECT REPLACEMENT CHARACTER per image.
public struct TextAttachment: Hashable, Sendable {
    /// Path of a PNG or JPEG file.
    public var path: String
    /// Size of the image in the line and its vertical place, in points (see the type's
    /// description: `origin.y` is the height of the image's bottom edge above the baseline).
    public var bounds: Rect
    /// Whether the size follows the place the image lands in: `bounds` is then its
    /// natural size (and aspect ratio), and layout sizes it for its column.
    public var sizing: AttachmentSizing
    /// An image read from `path`, set in `bounds` (points; see `bounds`), sized as
    /// `sizing` says when it is laid out.
    public init(path: String, bounds: Rect, sizing: AttachmentSizing = .fixed) {
        self.path = path; self.bounds = bounds; self.sizing = sizing
    }
    /// An image read from `path`, `size` points large, standing on the baseline.
    public init(path: String, size: Size, sizing: AttachmentSizing = .fixed) {
        self.init(path: path, bounds: Rect(origin: .zero, size: size), sizing: sizing)
    }
}

/// How an attachment's size follows the column it is laid out in. The width a column
/// gives is known only at layout time — a section may change the column count, a page
/// master its margins — so the layout manager decides it there, for the container the
/// paragraph lands in, keeping the image's aspect ratio.
public enum AttachmentSizing: Hashable, Sendable {
    /// `bounds` as given, whatever the column.
    case fixed
    /// As wide as the paragraph's first line in its column (a figure), but no taller than
    /// `maximumHeight` points (narrower then).
    case fillWidth(maximumHeight: Double)
    /// `bounds` as given, made smaller (never larger) to fit the paragraph's lines in its
    /// column and `maximumHeight` points.
    case shrinkToFit(maximumHeight: Double)
}
