/// One paragraph shaped once by Pango: its glyphs, grouped in clusters in logical
/// order, with what the line breaker needs to know about each cluster. Lines of any
/// width are cut from this without shaping again.
final class ShapedParagraph: @unchecked Sendable {
    /// A run of glyphs with one font, one direction and one set of attributes.
    struct Run {
        var byteRange: Range<Int>
        var glyphRange: Range<Int>
        /// Clusters of this run, as indexes into the paragraph's cluster arrays.
        var clusterRange: Range<Int>
        var font: Font
        /// Unicode bidi embedding level: odd is right-to-left.
        var level: UInt8
        var attributes: TextAttributes
        /// Points the baseline is raised by (baseline offset, superscript).
        var baselineShift: Double
        var attachment: TextAttachment?
        var isRightToLeft: Bool { level & 1 == 1 }
    }

    struct ClusterFlags: OptionSet {
        let rawValue: UInt8
        /// A line may end before this cluster.
        static let breakBefore = ClusterFlags(rawValue: 1)
        /// A line must end before this cluster.
        static let mandatoryBefore = ClusterFlags(rawValue: 2)
        /// White space: stretches in justified lines, vanishes at a line's ends.
        static let space = ClusterFlags(rawValue: 4)
        static let tab = ClusterFlags(rawValue: 8)
        /// A hyphen or dash after which the text may break.
        static let hyphenLike = ClusterFlags(rawValue: 16)
        /// Ends the paragraph's text at a line separator (U+2028), drawn as nothing.
        static let lineSeparator = ClusterFlags(rawValue: 32)
    }

    /// The paragraph's text without its terminator.
    let text: [UInt8]
    /// Where the paragraph starts in the storage.
    let storageOffset: Int
    let style: ParagraphStyle
    /// Base embedding level: 0 left-to-right, 1 right-to-left.
    let baseLevel: UInt8
    /// The language used for hyphenation.
    let language: String

    var runs: [Run] = []
    var glyphs: [UInt32] = []
    /// Advance, x and y offset of each glyph, in points (advances include tracking and
    /// expansion).
    var advances: [Double] = []
    var xOffsets: [Double] = []
    var yOffsets: [Double] = []

    var clusterStart: [Int32] = []
    var clusterEnd: [Int32] = []
    var clusterWidth: [Double] = []
    var clusterRun: [Int32] = []
    var clusterGlyphStart: [Int32] = []
    var clusterGlyphEnd: [Int32] = []
    var clusterFlags: [ClusterFlags] = []

    /// Tate-chū-yoko groups of vertical text, by run index (each is a run of one cluster).
    var uprightGroups: [Int: UprightGroup] = [:]

    /// The glue between East Asian characters and around them (nil: the paragraph has none).
    var eastAsian: EastAsianSpacing?

    /// Some characters got no glyph from any installed font (drawn as boxes).
    var hasMissingGlyphs = false
    /// Some of them are Chinese, Japanese or Korean: no CJK font is installed.
    var missesEastAsianFont = false
    /// What runs got instead of the font they asked for (`FontSubstitution`), each once.
    var fontSubstitutions: [String] = []

    /// The paragraph holds attachments sized to their column (`AttachmentSizing`)…
    var hasSizedAttachments = false
    /// …fitted to this room (nil: none was known; they have their natural size).
    var attachmentRoom: AttachmentRoom?

    /// The paragraph as boxes, glue and penalties, made where it was shaped (hyphenation
    /// is part of the work the worker thread takes off the breaker's).
    var breakItems = BreakItems()

    /// Lines broken ahead of time by the worker thread, for the width the
    /// paragraph will most likely get (that of the current column); used when the
    /// layout manager finds the paragraph's lines do get those widths.
    struct Speculation {
        var widths: [Double]
        var spans: [LineSpan]
    }
    var speculation: Speculation?

    /// The paragraph style's continuation mark, shaped in the paragraph's first font and
    /// the mark's colour (nil when the style has none).
    var continuationMark: ShapedParagraph?
    /// The width the continuation mark takes at the start of a line.
    var continuationMarkWidth: Double { continuationMark.map { $0.clusterWidth.reduce(0, +) } ?? 0 }

    /// The font of the paragraph's first run (or the default), for empty lines' height.
    var baseFont: Font

    init(text: [UInt8], storageOffset: Int, style: ParagraphStyle, baseLevel: UInt8, language: String, baseFont: Font) {
        self.text = text; self.storageOffset = storageOffset; self.style = style
        self.baseLevel = baseLevel; self.language = language; self.baseFont = baseFont
    }

    var clusterCount: Int { clusterStart.count }

    /// The alignment the style asks for, with `natural` resolved by the paragraph's
    /// direction.
    var alignment: TextAlignment {
        style.alignment == .natural ? (baseLevel & 1 == 1 ? .right : .left) : style.alignment
    }

    func reserve(_ n: Int) {
        glyphs.reserveCapacity(n); advances.reserveCapacity(n); xOffsets.reserveCapacity(n); yOffsets.reserveCapacity(n)
        clusterStart.reserveCapacity(n); clusterEnd.reserveCapacity(n); clusterWidth.reserveCapacity(n)
        clusterRun.reserveCapacity(n); clusterGlyphStart.reserveCapacity(n); clusterGlyphEnd.reserveCapacity(n)
    }
    /// Whether a cluster is a tab (set with the cluster flags, asked at every line).
    var hasTabs = false

    /// The cluster holding byte `offset` of the paragraph (binary search).
    func cluster(containingByte offset: Int) -> Int {
        var lo = 0, hi = clusterCount - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if Int(clusterStart[mid]) <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
