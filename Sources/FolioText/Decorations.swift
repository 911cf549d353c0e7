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
    /// What `width` counts.
    public enum Unit: Hashable, Sendable {
        /// Points (Folio's default).
        case points
        /// Percent of the run's font size: TextKit's `strokeWidth` unit (3 on 12 pt text
        /// is 0.36 pt).
        case percentOfFontSize
    }

    /// Stroke width in `unit` (points unless said otherwise): positive strokes the outline
    /// only, negative fills and strokes; the line is centred on the outline.
    public var width: Double
    /// What `width` counts: points, or TextKit's percent of the font size.
    public var unit: Unit
    /// The stroke's colour; nil uses the run's foreground colour.
    public var color: Color?
    /// A stroke `width` **points** wide (see `width` for the sign) in `color` or the
    /// foreground colour.
    public init(width: Double, color: Color? = nil) { self.width = width; self.unit = .points; self.color = color }
    /// A stroke `percent` of the font size wide, TextKit's unit (`.strokeWidth: 3.0`
    /// becomes `TextStroke(percentOfFontSize: 3)`); the sign means what `width`'s does.
    public init(percentOfFontSize percent: Double, color: Color? = nil) {
        self.width = percent; self.unit = .percentOfFontSize; self.color = color
    }

    /// The width in points on text of `fontSize` points, sign kept.
    public func width(inPointsAt fontSize: Double) -> Double {
        unit == .points ? width : width * fontSize / 100
    }
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
