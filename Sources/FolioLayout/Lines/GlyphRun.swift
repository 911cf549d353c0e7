/// How many bytes of text a group of glyphs stands for; drawn with the glyphs so that
/// text copied out of the PDF is the text that was set (ligatures, hyphens, RTL).
public struct GlyphCluster: Hashable, Sendable {
    /// How many UTF-8 bytes of the storage the cluster stands for.
    public var byteCount: Int
    /// How many glyphs draw those bytes (one glyph may stand for several characters, as in
    /// a ligature; several glyphs for one character, as in a decomposed accent).
    public var glyphCount: Int
}

/// Glyphs of one font and one set of attributes, positioned on a line.
public struct GlyphRun: Sendable {
    /// The font the glyphs are drawn in: the face fontconfig chose, perhaps a fallback.
    public let font: Font
    /// Glyph ids in visual order (left to right).
    public var glyphs: [UInt32]
    /// Glyph origins in container coordinates (y is the glyph's baseline).
    public var positions: [Point]
    /// The storage range the run sets (UTF-8 offsets).
    public var characterRange: Range<Int>
    /// The text the glyphs stand for, in logical order, with a trailing "-" when the
    /// run ends a hyphenated line. Decoded from `utf8Text` when asked, bytes that are not
    /// UTF-8 repaired as `String(decoding:as:)` repairs them.
    public var text: String {
        get { String(decoding: utf8Text, as: UTF8.self) }
        set { utf8Text = ArraySlice(newValue.utf8) }
    }
    /// The run's bytes of the storage's text, most often a slice of the shaped paragraph's
    /// own: a line's runs are made without copying or checking their text, and a renderer
    /// hands the bytes to cairo as they are. Not always well-formed UTF-8 on their own: a
    /// run whose attributes start or end inside a character holds part of it.
    package var utf8Text: ArraySlice<UInt8>
    /// Text-to-glyph groups in visual order (for a right-to-left run, they walk the
    /// text backwards).
    public var clusters: [GlyphCluster]
    /// The run's attributes with the layout manager's defaults filled in.
    public var attributes: TextAttributes
    /// True for a right-to-left run (Hebrew, Arabic); `glyphs` are still in visual order.
    public var isRightToLeft: Bool
    /// The run's box: x from its left to right edge, y from the top of its ascent to
    /// the bottom of its descent, in container coordinates.
    public var bounds: Rect
    /// The baseline y the run sits on (raised runs included), container coordinates.
    public var baseline: Double
    /// When the run is an inline image: the image and where it goes.
    public var attachment: TextAttachment?
    /// For an inline image: the rect it is drawn in, container coordinates, from the
    /// attachment's bounds placed on the run's baseline.
    public var attachmentRect: Rect?
    /// Centres of emphasis dots (着重号) under the run's ideographs, container coordinates,
    /// each `emphasisDotRadius` in radius; empty for most runs.
    public var emphasisDots: [Point] = []
    /// The radius of the emphasis dots.
    public var emphasisDotRadius: Double = 0
    /// Set for digits standing upright across a vertical line (tate-chū-yoko, 縦中横): the
    /// centre of the em they take, in container (line-space) coordinates. `positions` are
    /// then relative to it, in the page's upright frame: a renderer turns them a quarter
    /// turn back about this point.
    public var uprightCentre: Point?
}
