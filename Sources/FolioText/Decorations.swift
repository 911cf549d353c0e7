/// How a line under or through text is drawn.
public enum LineStyle: String, Hashable, Sendable, CaseIterable {
    /// `single` is a line of the font's underline (or strikethrough) thickness, `double` two such
    /// lines, `thick` one line twice as thick.
    case single, double, thick
}

/// A line drawn under (underline) or through (strikethrough) a run, in its own colour
/// or, when `color` is nil, the run's foreground colour.
public struct TextLine: Hashable, Sendable {
    /// Single, double or thick.
    public var style: LineStyle
    /// The line's colour; nil draws it in the run's foreground colour.
    public var color: Color?
    /// A line of `style`, in `color` or (nil) the run's foreground colour.
    public init(_ style: LineStyle = .single, color: Color? = nil) { self.style = style; self.color = color }
}

/// The outline drawn around glyphs. A positive width strokes only (hollow letters); a
/// negative width fills with the foreground colour and strokes on top, as TextKit does.
public struct TextStroke: Hashable, Sendable {
    /// Stroke width in points (not a percentage of the font size, as in TextKit): positive
    /// strokes the outline only, negative fills and strokes; the line is centred on the outline.
    public var width: Double
    /// The stroke's colour; nil uses the run's foreground colour.
    public var color: Color?
    /// A stroke `width` points wide (see `width` for the sign) in `color` or the foreground colour.
    public init(width: Double, color: Color? = nil) { self.width = width; self.color = color }
}

/// A shadow cast by glyphs: offset in points (y down), blur radius in points.
public struct TextShadow: Hashable, Sendable {
    /// How far the shadow is moved from the glyphs, in points (positive y moves it down).
    public var offset: Point
    /// Blur radius in points; 0 is a sharp shadow.
    public var blurRadius: Double
    /// The shadow's colour, alpha included (half-transparent black by default).
    public var color: Color
    /// A shadow `offset` points away, blurred by `blurRadius` points.
    public init(offset: Point = Point(x: 1, y: 1), blurRadius: Double = 0,
                color: Color = Color(red: 0, green: 0, blue: 0, alpha: 0.5)) {
        self.offset = offset; self.blurRadius = blurRadius; self.color = color
    }
}

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

/// A value stored under a custom attribute name. Layout ignores it; it can be queried,
/// enumerated and replaced like any other attribute.
public struct CustomAttributeValue: Hashable, @unchecked Sendable, CustomStringConvertible {
    // Held type-erased; every public way in takes a Sendable value.
    private let boxed: AnyHashable
    /// Wraps any hashable, sendable value (a string, a number, your own struct).
    public init(_ base: some Hashable & Sendable) { boxed = AnyHashable(base) }
    init(erased: AnyHashable) { boxed = erased }
    /// The stored value.
    public var base: Any { boxed.base }
    var hashable: AnyHashable { boxed }
    /// The wrapped value's own description.
    public var description: String { "\(boxed.base)" }
}
