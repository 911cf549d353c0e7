/// The character attributes of a run of text. Every property is optional: nil means
/// "not set here", so the layout manager's defaults (or, when merging, the attributes
/// underneath) apply.
public struct TextAttributes: Hashable, Sendable {
    /// The values, shared by copies until one of them is changed (copy on write). Runs,
    /// glyph runs and styles copy their attributes everywhere; shared, a copy costs one
    /// reference count instead of one for each string, colour and image it holds.
    private var box: Box

    private struct Values: Hashable, Sendable {
        var font: FontDescriptor?
        var foregroundColor: Color?
        var backgroundColor: Color?
        var underline: TextLine?
        var strikethrough: TextLine?
        var stroke: TextStroke?
        var shadow: TextShadow?
        var baselineOffset: Double?
        var superscript: Int?
        var tracking: Double?
        var ligatures: Bool?
        var obliqueness: Double?
        var expansion: Double?
        var link: String?
        var language: String?
        var attachment: TextAttachment?
        var footnote: Footnote?
        var floatingBlock: FloatingBlock?
        var textStyle: TextStyle?
        var textEffect: TextEffect?
        var custom: [String: CustomAttributeValue] = [:]
    }

    private final class Box: @unchecked Sendable {
        // Written only through `unique()`, when no other value holds the box.
        var values: Values
        init(_ values: Values) { self.values = values }
    }

    /// The box, copied first if another value shares it.
    private mutating func unique() -> Box {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.values) }
        return box
    }

    public static func == (a: TextAttributes, b: TextAttributes) -> Bool {
        a.box === b.box || a.box.values == b.box.values
    }

    public func hash(into hasher: inout Hasher) { box.values.hash(into: &hasher) }

    /// The identity of the storage these attributes share with their copies: the same for
    /// two values when one was copied from the other and neither has changed since (then
    /// they are equal, though equal values made apart have different ones). For caches of
    /// what is derived from attributes; hold the attributes while their identity is kept.
    package var storageIdentity: ObjectIdentifier { ObjectIdentifier(box) }

    /// The font asked for; nil takes the layout manager's default font (`LayoutDefaults`).
    public var font: FontDescriptor? {
        get { box.values.font }
        set { unique().values.font = newValue }
    }
    /// Colour of the glyphs; nil is black.
    public var foregroundColor: Color? {
        get { box.values.foregroundColor }
        set { unique().values.foregroundColor = newValue }
    }
    /// Colour filled behind the run (its `GlyphRun.bounds`); nil is none.
    public var backgroundColor: Color? {
        get { box.values.backgroundColor }
        set { unique().values.backgroundColor = newValue }
    }
    /// A line under the run, at the font's underline position and thickness.
    public var underline: TextLine? {
        get { box.values.underline }
        set { unique().values.underline = newValue }
    }
    /// A line through the run, at the font's strikethrough position and thickness.
    public var strikethrough: TextLine? {
        get { box.values.strikethrough }
        set { unique().values.strikethrough = newValue }
    }
    /// An outline drawn around the glyphs (hollow or filled-and-stroked letters).
    public var stroke: TextStroke? {
        get { box.values.stroke }
        set { unique().values.stroke = newValue }
    }
    /// A shadow drawn under the glyphs.
    public var shadow: TextShadow? {
        get { box.values.shadow }
        set { unique().values.shadow = newValue }
    }
    /// Points to raise (positive) or lower (negative) the baseline.
    public var baselineOffset: Double? {
        get { box.values.baselineOffset }
        set { unique().values.baselineOffset = newValue }
    }
    /// 1 for superscript, -1 for subscript (2, -2 nest further); sets smaller and shifted.
    public var superscript: Int? {
        get { box.values.superscript }
        set { unique().values.superscript = newValue }
    }
    /// Extra space after every character, in points (negative tightens).
    public var tracking: Double? {
        get { box.values.tracking }
        set { unique().values.tracking = newValue }
    }
    /// Standard ligatures on (default) or off.
    public var ligatures: Bool? {
        get { box.values.ligatures }
        set { unique().values.ligatures = newValue }
    }
    /// Slant applied to the glyphs: the tangent of the skew angle (0.2 ≈ 11°).
    public var obliqueness: Double? {
        get { box.values.obliqueness }
        set { unique().values.obliqueness = newValue }
    }
    /// Horizontal expansion factor of the glyphs: 1 is natural, 1.2 is 20% wider. (TextKit
    /// counts the logarithm of the factor: use `textKitExpansion` for that unit.)
    public var expansion: Double? {
        get { box.values.expansion }
        set { unique().values.expansion = newValue }
    }
    /// A URL the run links to; written as a PDF link annotation.
    public var link: String? {
        get { box.values.link }
        set { unique().values.link = newValue }
    }
    /// A BCP 47 language tag (`en-US`, `de`), used for hyphenation and shaping.
    public var language: String? {
        get { box.values.language }
        set { unique().values.language = newValue }
    }
    /// An inline image set in place of the run's glyphs (see `TextAttachment`).
    public var attachment: TextAttachment? {
        get { box.values.attachment }
        set { unique().values.attachment = newValue }
    }
    /// A note set at the foot of the column this text lands in (see `Footnote`): set it on
    /// the reference mark.
    public var footnote: Footnote? {
        get { box.values.footnote }
        set { unique().values.footnote = newValue }
    }
    /// A block laid out apart from the text, after this text (see `FloatingBlock`): set it
    /// on the separator of the paragraph the block follows.
    public var floatingBlock: FloatingBlock? {
        get { box.values.floatingBlock }
        set { unique().values.floatingBlock = newValue }
    }
    /// A Dynamic Type role: the run's font takes the role's size (and weight) for the
    /// layout manager's `contentSizeCategory`, following it when it changes (see `TextStyle`).
    public var textStyle: TextStyle? {
        get { box.values.textStyle }
        set { unique().values.textStyle = newValue }
    }
    /// An effect drawn on the glyphs: `letterpress`, TextKit's embossed look.
    public var textEffect: TextEffect? {
        get { box.values.textEffect }
        set { unique().values.textEffect = newValue }
    }
    /// Attributes layout ignores, by name.
    public var custom: [String: CustomAttributeValue] {
        get { box.values.custom }
        set { unique().values.custom = newValue }
    }

    /// Attributes with the given ones set and every other one nil ("not set here").
    public init(font: FontDescriptor? = nil, foregroundColor: Color? = nil, backgroundColor: Color? = nil,
                underline: TextLine? = nil, strikethrough: TextLine? = nil, stroke: TextStroke? = nil,
                shadow: TextShadow? = nil, baselineOffset: Double? = nil, superscript: Int? = nil,
                tracking: Double? = nil, ligatures: Bool? = nil, obliqueness: Double? = nil,
                expansion: Double? = nil, link: String? = nil, language: String? = nil,
                attachment: TextAttachment? = nil, footnote: Footnote? = nil, floatingBlock: FloatingBlock? = nil,
                textStyle: TextStyle? = nil, textEffect: TextEffect? = nil, custom: [String: CustomAttributeValue] = [:]) {
        box = Box(Values(font: font, foregroundColor: foregroundColor, backgroundColor: backgroundColor,
                         underline: underline, strikethrough: strikethrough, stroke: stroke,
                         shadow: shadow, baselineOffset: baselineOffset, superscript: superscript,
                         tracking: tracking, ligatures: ligatures, obliqueness: obliqueness,
                         expansion: expansion, link: link, language: language,
                         attachment: attachment, footnote: footnote, floatingBlock: floatingBlock,
                         textStyle: textStyle, textEffect: textEffect, custom: custom))
    }

    /// No attribute set.
    public static let none = TextAttributes()

    /// These attributes with every attribute set in `other` laid on top.
    public func merging(_ other: TextAttributes) -> TextAttributes {
        // Field by field: it runs for every attribute run of every paragraph shaped. Either
        // side with nothing set (the common default) leaves the other's box shared.
        if other.box === TextAttributes.none.box { return self }
        if box === TextAttributes.none.box { return other }
        var r = self
        if let v = other.font { r.font = v }
        if let v = other.foregroundColor { r.foregroundColor = v }
        if let v = other.backgroundColor { r.backgroundColor = v }
        if let v = other.underline { r.underline = v }
        if let v = other.strikethrough { r.strikethrough = v }
        if let v = other.stroke { r.stroke = v }
        if let v = other.shadow { r.shadow = v }
        if let v = other.baselineOffset { r.baselineOffset = v }
        if let v = other.superscript { r.superscript = v }
        if let v = other.tracking { r.tracking = v }
        if let v = other.ligatures { r.ligatures = v }
        if let v = other.obliqueness { r.obliqueness = v }
        if let v = other.expansion { r.expansion = v }
        if let v = other.link { r.link = v }
        if let v = other.language { r.language = v }
        if let v = other.attachment { r.attachment = v }
        if let v = other.footnote { r.footnote = v }
        if let v = other.floatingBlock { r.floatingBlock = v }
        if let v = other.textStyle { r.textStyle = v }
        if let v = other.textEffect { r.textEffect = v }
        if !other.custom.isEmpty { r.custom.merge(other.custom) { _, new in new } }
        return r
    }
}

/// Names an attribute, for the operations that work on one attribute at a time:
/// removal, enumeration of its runs, lookup.
public enum AttributeKey: Hashable, Sendable, CustomStringConvertible {
    /// The visual attributes, one case each.
    case font, foregroundColor, backgroundColor, underline, strikethrough, stroke, shadow
    /// Position, spacing and shape attributes, one case each.
    case baselineOffset, superscript, tracking, ligatures, obliqueness, expansion
    /// The link, language, inline-image, footnote and floating-block attributes.
    case link, language, attachment, footnote, floatingBlock
    /// The Dynamic Type role (`TextAttributes.textStyle`) and the glyph effect (`textEffect`).
    case textStyle, textEffect
    /// A custom attribute, by its name (see `TextAttributes.custom`).
    case custom(String)

    /// Every attribute but the custom ones.
    public static let standard: [AttributeKey] = [
        .font, .foregroundColor, .backgroundColor, .underline, .strikethrough, .stroke, .shadow,
        .baselineOffset, .superscript, .tracking, .ligatures, .obliqueness, .expansion,
        .link, .language, .attachment, .footnote, .floatingBlock, .textStyle, .textEffect,
    ]

    /// The property's name (`font`, `foregroundColor`, …), or a custom attribute's own name.
    public var description: String {
        // Spelled out: `String(reflecting: self)` would call this property again.
        switch self {
        case .font: return "font"
        case .foregroundColor: return "foregroundColor"
        case .backgroundColor: return "backgroundColor"
        case .underline: return "underline"
        case .strikethrough: return "strikethrough"
        case .stroke: return "stroke"
        case .shadow: return "shadow"
        case .baselineOffset: return "baselineOffset"
        case .superscript: return "superscript"
        case .tracking: return "tracking"
        case .ligatures: return "ligatures"
        case .obliqueness: return "obliqueness"
        case .expansion: return "expansion"
        case .link: return "link"
        case .language: return "language"
        case .attachment: return "attachment"
        case .footnote: return "footnote"
        case .floatingBlock: return "floatingBlock"
        case .textStyle: return "textStyle"
        case .textEffect: return "textEffect"
        case .custom(let name): return name
        }
    }
}

extension TextAttributes {
    /// The value under `key`, type-erased; nil when unset.
    public func value(for key: AttributeKey) -> AnyHashable? {
        switch key {
        case .font: return font.map(AnyHashable.init)
        case .foregroundColor: return foregroundColor.map(AnyHashable.init)
        case .backgroundColor: return backgroundColor.map(AnyHashable.init)
        case .underline: return underline.map(AnyHashable.init)
        case .strikethrough: return strikethrough.map(AnyHashable.init)
        case .stroke: return stroke.map(AnyHashable.init)
        case .shadow: return shadow.map(AnyHashable.init)
        case .baselineOffset: return baselineOffset.map(AnyHashable.init)
        case .superscript: return superscript.map(AnyHashable.init)
        case .tracking: return tracking.map(AnyHashable.init)
        case .ligatures: return ligatures.map(AnyHashable.init)
        case .obliqueness: return obliqueness.map(AnyHashable.init)
        case .expansion: return expansion.map(AnyHashable.init)
        case .link: return link.map(AnyHashable.init)
        case .language: return language.map(AnyHashable.init)
        case .attachment: return attachment.map(AnyHashable.init)
        case .footnote: return footnote.map(AnyHashable.init)
        case .floatingBlock: return floatingBlock.map(AnyHashable.init)
        case .textStyle: return textStyle.map(AnyHashable.init)
        case .textEffect: return textEffect.map(AnyHashable.init)
        case .custom(let name): return custom[name]?.hashable
        }
    }

    /// Sets (or with nil, removes) the value under `key`. A value of the wrong type for a
    /// standard key is a programming error.
    public mutating func setValue(_ value: AnyHashable?, for key: AttributeKey) {
        func cast<T>(_ type: T.Type) -> T? {
            guard let value else { return nil }
            guard let v = value.base as? T else {
                preconditionFailure("attribute \(key) takes \(T.self), not \(Swift.type(of: value.base))")
            }
            return v
        }
        switch key {
        case .font: font = cast(FontDescriptor.self)
        case .foregroundColor: foregroundColor = cast(Color.self)
        case .backgroundColor: backgroundColor = cast(Color.self)
        case .underline: underline = cast(TextLine.self)
        case .strikethrough: strikethrough = cast(TextLine.self)
        case .stroke: stroke = cast(TextStroke.self)
        case .shadow: shadow = cast(TextShadow.self)
        case .baselineOffset: baselineOffset = cast(Double.self)
        case .superscript: superscript = cast(Int.self)
        case .tracking: tracking = cast(Double.self)
        case .ligatures: ligatures = cast(Bool.self)
        case .obliqueness: obliqueness = cast(Double.self)
        case .expansion: expansion = cast(Double.self)
        case .link: link = cast(String.self)
        case .language: language = cast(String.self)
        case .attachment: attachment = cast(TextAttachment.self)
        case .footnote: footnote = cast(Footnote.self)
        case .floatingBlock: floatingBlock = cast(FloatingBlock.self)
        case .textStyle: textStyle = cast(TextStyle.self)
        case .textEffect: textEffect = cast(TextEffect.self)
        case .custom(let name):
            custom[name] = value.map { CustomAttributeValue(erased: $0) }
        }
    }

    /// The value under a custom attribute name, cast to `T`.
    public func custom<T>(_ name: String, as type: T.Type = T.self) -> T? { custom[name]?.base as? T }
}
