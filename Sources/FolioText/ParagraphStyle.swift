/// How lines of a paragraph sit between its margins.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    /// `left` and `right` are flush to that margin, `center` centres each line, `justified`
    /// stretches every line but the paragraph's last (and lines ending in a hard break) to both margins.
    case left, right, center, justified
    /// Left for left-to-right paragraphs, right for right-to-left ones.
    case natural
}

/// The direction a paragraph's text runs in; `natural` takes it from the first strong
/// character (Unicode bidi rules P2–P3).
public enum WritingDirection: String, Hashable, Sendable, CaseIterable {
    /// `natural` follows the first strong character; the others force a left-to-right or
    /// right-to-left paragraph whatever the text.
    case natural, leftToRight, rightToLeft
}

/// What happens to a line that does not fit.
public enum LineBreakMode: String, Hashable, Sendable, CaseIterable {
    /// Break between words, hyphenating where allowed (the default).
    case wordWrap
    /// Break between any two characters (grapheme clusters).
    case charWrap
    /// One line per paragraph, cut at the container's edge.
    case clip
    /// One line, the start replaced by an ellipsis; with a container's line limit, the
    /// last allowed line is truncated this way.
    case truncateHead
    /// One line, the middle replaced by an ellipsis (see `truncateHead` for line limits).
    case truncateMiddle
    /// One line, the end replaced by an ellipsis (see `truncateHead` for line limits).
    case truncateTail

    /// True for the three truncating modes (head, middle, tail).
    public var truncates: Bool { self == .truncateHead || self == .truncateMiddle || self == .truncateTail }
}

/// Where a paragraph must start, whatever room is left where the text before it ended.
public enum BreakBefore: String, Hashable, Sendable, CaseIterable {
    /// Wherever the flow is.
    case none
    /// At the top of the next container (column).
    case container
    /// At the top of the next page: the layout manager asks its delegate for a container
    /// on a new page (a delegate that does not make pages treats it as `container`).
    case page
    /// At the top of the next right-hand (recto, odd-numbered) page: a chapter opening in a
    /// book. A page maker leaves a blank left-hand page before it when needed; one without
    /// sides treats it as `page`.
    case rightPage
    /// At the top of the next left-hand (verso, even-numbered) page.
    case leftPage

    /// Whether the break starts a new page (of any side).
    public var startsPage: Bool { self == .page || self == .rightPage || self == .leftPage }
}

/// A tab stop: where text after a tab character is placed and how it aligns there.
public struct TabStop: Hashable, Sendable {
    /// How the text after a tab lines up with the stop.
    public enum Alignment: String, Hashable, Sendable, CaseIterable {
        /// Text starts at the stop.
        case left
        /// Text ends at the stop.
        case right
        /// Text is centred on the stop.
        case center
        /// The first column terminator (decimal point) sits at the stop.
        case decimal
    }
    /// Distance from the paragraph's leading margin (the container's line-fragment
    /// padding edge), in points.
    public var location: Double
    /// How the text after the tab lines up with `location`.
    public var alignment: Alignment
    /// For decimal stops: the characters any of which marks the alignment point.
    public var columnTerminators: Set<Character>
    /// What fills the gap the tab leaves before its text.
    public var leader: Leader
    /// Whether `location` is measured back from the line's trailing edge (its end, after
    /// the tail indent) instead of from the leading margin: a stop at the end of the line
    /// whatever the column's width (a contents entry's page number).
    public var fromTrailingEdge: Bool

    /// What fills the gap before a tab's text.
    public enum Leader: String, Hashable, Sendable, CaseIterable {
        /// Nothing: white space.
        case none
        /// A row of dots on the baseline, lined up from line to line (a contents page's).
        case dots
    }

    /// A stop `location` points from the leading margin; `columnTerminators` matter only for
    /// `.decimal` stops (a full stop by default: `1,234.56` lines up on its point).
    public init(_ alignment: Alignment = .left, at location: Double, columnTerminators: Set<Character> = ["."],
                leader: Leader = .none) {
        self.location = location; self.alignment = alignment; self.columnTerminators = columnTerminators
        self.leader = leader; fromTrailingEdge = false
    }

    /// A stop `inset` points before the end of the line (0: at its end).
    public static func trailing(_ alignment: Alignment = .right, inset: Double = 0, leader: Leader = .none) -> TabStop {
        var stop = TabStop(alignment, at: -inset, leader: leader)
        stop.fromTrailingEdge = true
        return stop
    }
}

/// The paragraph-level attributes; one per paragraph (the storage makes it uniform at the
/// end of every editing transaction, taking the style of the paragraph's first character).
///
/// A style is a value, but its settings live in one shared, copy-on-write box: copies of a
/// style (every paragraph of a long document, every cell of a long table) cost a
/// reference, not the whole set of settings. Only `textBlocks`, which differs from cell
/// to cell, is held by each copy itself.
public struct ParagraphStyle: Hashable, Sendable {
    /// The settings, shared by the copies of a style until one of them changes a setting.
    private var settings: Settings

    /// How lines sit between the margins; `natural` is left or right after the paragraph's direction.
    public var alignment: TextAlignment {
        get { settings.values.alignment }
        set { update(\.alignment, newValue) }
    }
    /// Indent of the first line from the leading margin, in points.
    public var firstLineHeadIndent: Double {
        get { settings.values.firstLineHeadIndent }
        set { update(\.firstLineHeadIndent, newValue) }
    }
    /// Indent of the other lines from the leading margin.
    public var headIndent: Double {
        get { settings.values.headIndent }
        set { update(\.headIndent, newValue) }
    }
    /// Positive: the line's trailing edge measured from the leading margin (a fixed line
    /// length); zero or negative: the indent from the trailing margin.
    public var tailIndent: Double {
        get { settings.values.tailIndent }
        set { update(\.tailIndent, newValue) }
    }
    /// Multiplies the natural line height (ascent + descent); 0 means 1.
    public var lineHeightMultiple: Double {
        get { settings.values.lineHeightMultiple }
        set { update(\.lineHeightMultiple, newValue) }
    }
    /// Lower bound of a line's height; 0 means none.
    public var minimumLineHeight: Double {
        get { settings.values.minimumLineHeight }
        set { update(\.minimumLineHeight, newValue) }
    }
    /// Upper bound of a line's height; 0 means none.
    public var maximumLineHeight: Double {
        get { settings.values.maximumLineHeight }
        set { update(\.maximumLineHeight, newValue) }
    }
    /// Extra space added below every line.
    public var lineSpacing: Double {
        get { settings.values.lineSpacing }
        set { update(\.lineSpacing, newValue) }
    }
    /// Space above the paragraph (not at the top of a container).
    public var paragraphSpacingBefore: Double {
        get { settings.values.paragraphSpacingBefore }
        set { update(\.paragraphSpacingBefore, newValue) }
    }
    /// Space below the paragraph.
    public var paragraphSpacing: Double {
        get { settings.values.paragraphSpacing }
        set { update(\.paragraphSpacing, newValue) }
    }
    /// Whether words may be hyphenated, using the dictionary for the text's language.
    /// (TextKit's `hyphenationFactor`, 0 to 1, is `hyphenationFactor` in FolioLayout.)
    public var hyphenation: Bool {
        get { settings.values.hyphenation }
        set { update(\.hyphenation, newValue) }
    }
    /// Explicit tab stops, in increasing `location`; past the last one, stops every
    /// `defaultTabInterval`.
    public var tabStops: [TabStop] {
        get { settings.values.tabStops }
        set { update(\.tabStops, newValue) }
    }
    /// Distance between the implicit tab stops after the last explicit one; 0 means 36 pt.
    public var defaultTabInterval: Double {
        get { settings.values.defaultTabInterval }
        set { update(\.defaultTabInterval, newValue) }
    }
    /// What to do with text that does not fit a line: wrap (the default), or one line clipped or
    /// truncated with an ellipsis.
    public var lineBreakMode: LineBreakMode {
        get { settings.values.lineBreakMode }
        set { update(\.lineBreakMode, newValue) }
    }
    /// With a clipping or truncating `lineBreakMode`, how small a line too long for its
    /// width may be set before it is cut: 0.7 sets it as large as fits down to 70 %, then
    /// a little tighter (TextKit's `minimumScaleFactor` and tightening before truncation);
    /// 1, the default, never shrinks. Table cells honour it; a frame's text has its own
    /// (`TextFitting`).
    public var minimumScaleFactor: Double {
        get { settings.values.minimumScaleFactor }
        set { update(\.minimumScaleFactor, min(1, max(0.01, newValue))) }
    }
    /// A drop cap: the paragraph's first letter (with an opening quote before it) set this
    /// many lines high in the margin of its first lines, its top on the first line's capitals
    /// and its foot on the baseline of the last, those lines indented to leave it room. 0
    /// (the default) or 1: none. At most 10.
    public var dropCapLines: Int {
        get { settings.values.dropCapLines }
        set { update(\.dropCapLines, min(10, max(0, newValue))) }
    }
    /// Set for code listings: lines too long for the column wrap anywhere, and each
    /// continuation line starts with this mark (see `ContinuationMark`). Nil: lines break
    /// as `lineBreakMode` says.
    public var continuationMark: ContinuationMark? {
        get { settings.values.continuationMark }
        set { update(\.continuationMark, newValue) }
    }
    /// The paragraph's base direction for the bidi algorithm; `natural` takes it from the first
    /// strong character.
    public var baseWritingDirection: WritingDirection {
        get { settings.values.baseWritingDirection }
        set { update(\.baseWritingDirection, newValue) }
    }
    /// Start the paragraph in the next container or on the next page (ignored at the
    /// top of a container, so a break never leaves an empty one).
    public var breakBefore: BreakBefore {
        get { settings.values.breakBefore }
        set { update(\.breakBefore, newValue) }
    }
    /// Keep the paragraph's last line in the same container as the next paragraph's
    /// first line (headings), moving it on when the next paragraph starts elsewhere.
    public var keepWithNext: Bool {
        get { settings.values.keepWithNext }
        set { update(\.keepWithNext, newValue) }
    }
    /// The fewest lines of the paragraph left at the foot of a container when it breaks
    /// into the next (CSS `orphans`): with fewer, the paragraph starts in the next
    /// container. 1 (the default, as TextKit) lets a single line stay behind.
    public var orphans: Int {
        get { settings.values.orphans }
        set { update(\.orphans, newValue) }
    }
    /// The fewest lines of the paragraph carried to the top of the next container when it
    /// breaks (CSS `widows`): with fewer, lines move over from the container before (or
    /// the whole paragraph, when that would leave too few there). 1 (the default) allows
    /// a lone last line.
    public var widows: Int {
        get { settings.values.widows }
        set { update(\.widows, newValue) }
    }
    /// The table cells the paragraph sits in, outermost first (TextKit's `textBlocks`):
    /// empty for a paragraph in the flow, one block for a cell of a table, two for a cell
    /// of a table nested in a cell, and so on.
    ///
    /// A cell's block is held inline (no array is allocated for one block): a long table's
    /// cells differ only here. `textBlockCount` and `textBlock(atDepth:)` read without
    /// building the array.
    public var textBlocks: [TextTableBlock] {
        get {
            switch blocks {
            case .none: return []
            case .one(let block): return [block]
            case .nested(let all): return all
            }
        }
        set { blocks = newValue.isEmpty ? .none : newValue.count == 1 ? .one(newValue[0]) : .nested(newValue) }
    }
    /// How many table cells the paragraph sits in (0: in the flow); `textBlocks.count`.
    public var textBlockCount: Int {
        switch blocks {
        case .none: return 0
        case .one: return 1
        case .nested(let all): return all.count
        }
    }
    /// The block at nesting depth `depth` (0: the outermost table's cell), nil past the
    /// innermost; `textBlocks[depth]` without building the array.
    public func textBlock(atDepth depth: Int) -> TextTableBlock? {
        switch blocks {
        case .none: return nil
        case .one(let block): return depth == 0 ? block : nil
        case .nested(let all): return depth >= 0 && depth < all.count ? all[depth] : nil
        }
    }
    /// The innermost cell the paragraph sits in; `textBlocks.last`.
    public var innermostTextBlock: TextTableBlock? { textBlock(atDepth: textBlockCount - 1) }
    private var blocks: TextBlocks = .none
    /// How Chinese, Japanese and Korean text is set: justification between ideographs,
    /// spacing around Latin words, punctuation compression, kinsoku rules.
    public var eastAsian: EastAsianLayout {
        get { settings.values.eastAsian }
        set { update(\.eastAsian, newValue) }
    }

    /// The default style (`ParagraphStyle.default`): natural alignment, no indents or spacing,
    /// no hyphenation.
    public init() { settings = Settings.standard }

    /// The default style with `alignment`, and hyphenation on or off.
    public init(alignment: TextAlignment, hyphenation: Bool = false) {
        settings = Settings.standard
        self.alignment = alignment; self.hyphenation = hyphenation
    }

    /// The default style: natural alignment, no indents, no extra spacing.
    public static let `default` = ParagraphStyle()

    /// Styles are equal when their blocks and every setting are.
    public static func == (a: ParagraphStyle, b: ParagraphStyle) -> Bool {
        a.blocks == b.blocks && (a.settings === b.settings || a.settings.values == b.settings.values)
    }

    /// Hashes every setting and the blocks.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(settings.values)
        hasher.combine(blocks)
    }

    /// Sets one setting, copying the shared box first unless this style holds the only
    /// reference (a setting given its current value leaves the box shared).
    private mutating func update<T: Equatable>(_ key: WritableKeyPath<Values, T>, _ value: T) {
        guard settings.values[keyPath: key] != value else { return }
        if !isKnownUniquelyReferenced(&settings) { settings = Settings(settings.values) }
        settings.values[keyPath: key] = value
    }

    /// `textBlocks`, without an array for the common cases.
    private enum TextBlocks: Hashable {
        case none
        case one(TextTableBlock)
        case nested([TextTableBlock])
    }

    private struct Values: Hashable {
        var alignment: TextAlignment = .natural
        var firstLineHeadIndent: Double = 0
        var headIndent: Double = 0
        var tailIndent: Double = 0
        var lineHeightMultiple: Double = 0
        var minimumLineHeight: Double = 0
        var maximumLineHeight: Double = 0
        var lineSpacing: Double = 0
        var paragraphSpacingBefore: Double = 0
        var paragraphSpacing: Double = 0
        var hyphenation: Bool = false
        var tabStops: [TabStop] = []
        var defaultTabInterval: Double = 0
        var lineBreakMode: LineBreakMode = .wordWrap
        var minimumScaleFactor: Double = 1
        var dropCapLines: Int = 0
        var continuationMark: ContinuationMark? = nil
        var baseWritingDirection: WritingDirection = .natural
        var breakBefore: BreakBefore = .none
        var keepWithNext: Bool = false
        var orphans: Int = 1
        var widows: Int = 1
        var eastAsian: EastAsianLayout = .standard
    }

    private final class Settings: @unchecked Sendable {
        // Written only through a uniquely referenced box (`update`), so no access can
        // overlap a write: the dynamic exclusivity check every read of a class's `var`
        // pays (1 % of a book's instructions) is left out.
        @exclusivity(unchecked) var values: Values
        init(_ values: Values) { self.values = values }
        static let standard = Settings(Values())
    }
}
