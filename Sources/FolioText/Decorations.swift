/// How a line under or through text is drawn.
public enum LineStyle: String, Hashable, Sendable, CaseIterable {
    case single, double, thick
}

/// A line drawn under (underline) or through (strikethrough) a run, in its own colour
/// or, when `color` is nil, the run's foreground colour.
public struct TextLine: Hashable, Sendable {
    public var style: LineStyle
    public var color: Color?
    public init(_ style: LineStyle = .single, color: Color? = nil) { self.style = style; self.color = color }
}

/// The outline drawn around glyphs. A positive width strokes only (hollow letters); a
/// negative width fills with the foreground colour and strokes on top, as TextKit does.
public struct TextStroke: Hashable, Sendable {
    public var width: Double
    public var color: Color?
    public init(width: Double, color: Color? = nil) { self.width = width; self.color = color }
}

/// A shadow cast by glyphs: offset in points (y down), blur radius in points.
public struct TextShadow: Hashable, Sendable {
    public var offset: Point
    public var blurRadius: Double
    public var color: Color
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
    public var bounds: Rect
    public init(path: String, bounds: Rect) { self.path = path; self.bounds = bounds }
    public init(path: String, size: Size) { self.init(path: path, bounds: Rect(origin: .zero, size: size)) }
}

/// A value stored under a custom attribute name. Layout ignores it; it can be queried,
/// enumerated and replaced like any other attribute.
public struct CustomAttributeValue: Hashable, @unchecked Sendable, CustomStringConvertible {
    // Held type-erased; every public way in takes a Sendable value.
    private let boxed: AnyHashable
    public init(_ base: some Hashable & Sendable) { boxed = AnyHashable(base) }
    init(erased: AnyHashable) { boxed = erased }
    /// The stored value.
    public var base: Any { boxed.base }
    var hashable: AnyHashable { boxed }
    public var description: String { "\(boxed.base)" }
}
