/// The character attributes of a run of text. Every property is optional: nil means
/// "not set here", so the layout manager's defaults (or, when merging, the attributes
/// underneath) apply.
public struct TextAttributes: Hashable, Sendable {
    /// The font asked for; nil takes the layout manager's default font (`LayoutDefaults`).
    public var font: FontDescriptor?
    /// Colour of the glyphs; nil is black.
    public var foregroundColor: Color?
    /// Colour filled behind the run (its `GlyphRun.bounds`); nil is none.
    public var backgroundColor: Color?
    /// A line under the run, at the font's underline position and thickness.
    public var underline: TextLine?
    /// A line through the run, at the font's strikethrough position and thickness.
    public var strikethrough: TextLine?
    /// An outline drawn around the glyphs (hollow or filled-and-stroked letters).
    public var stroke: TextStroke?
    /// A shadow drawn under the glyphs.
    public var shadow: TextShadow?
    /// Points to raise (positive) or lower (negative) the baseline.
    public var baselineOffset: Double?
    /// 1 for superscript, -1 for subscript (2, -2 nest further); sets smaller and shifted.
    public var superscript: Int?
    /// Extra space after every character, in points (negative tightens).
    public var tracking: Double?
    /// Standard ligatures on (default) or off.
    public var ligatures: Bool?
    /// Slant applied to the glyphs: the tangent of the skew angle (0.2 ≈ 11°).
    public var obliqueness: Double?
    /// Horizontal expansion factor of the glyphs: 1 is natural, 1.2 is 20% wider. (TextKit
    /// counts the logarithm of the factor: use `textKitExpansion` for that unit.)
    public var expansion: Double?
    /// A URL the run links to; written as a PDF link annotation.
    public var link: String?
    /// A BCP 47 language tag (`en-US`, `de`), used for hyphenation and shaping.
    public var language: String?
    /// An inline image set in place of the run's glyphs (see `TextAttachment`).
    public var attachment: TextAttachment?
    /// A note set at the foot of the column this text lands in (see `Footnote`): set it on
    /// the reference mark.
    public var footnote: Footnote?
    /// A block laid out apart from the text, after this text (see `FloatingBlock`): set it
    /// on the separator of the paragraph the block follows.
    public var floatingBlock: FloatingBlock?
    /// A Dynamic Type role: the run's font takes the role's size (and weight) for the
    /// layout manager's `contentSizeCategory`, following it when it changes (see `TextStyle`).
    public var textStyle: TextStyle?
    /// An effect drawn on the glyphs: `letterpress`, TextKit's embossed look.
    public var textEffect: TextEffect?
    /// Attributes layout ignores, by name.
    public var custom: [String: CustomAttributeValue]

    /// Attributes with the given ones set and every other one nil ("not set here").
    public init(font: FontDescriptor? = nil, foregroundColor: Color? = nil, backgroundColor: Color? = nil,
                underline: TextLine? = nil, strikethrough: TextLine? = nil, stroke: TextStroke? = nil,
                shadow: TextShadow? = nil, baselineOffset: Double? = nil, superscript: Int? = nil,
                tracking: Double? = nil, ligatures: Bool? = nil, obliqueness: Double? = nil,
                expansion: Double? = nil, link: String? = nil, language: String? = nil,
                attachment: TextAttachment? = nil, footnote: Footnote? = nil, floatingBlock: FloatingBlock? = nil,
                textStyle: TextStyle? = nil, textEffect: TextEffect? = nil, custom: [String: CustomAttributeValue] = [:]) {
        self.font = font; self.foregroundColor = foregroundColor; self.backgroundColor = backgroundColor
        self.underline = underline; self.strikethrough = strikethrough; self.stroke = stroke
        self.shadow = shadow; self.baselineOffset = baselineOffset; self.superscript = superscript
        self.tracking = tracking; self.ligatures = ligatures; self.obliqueness = obliqueness
        self.expansion = expansion; self.link = link; self.language = language
        self.attachment = attachment; self.footnote = footnote; self.floatingBlock = floatingBlock
        self.textStyle = textStyle; self.textEffect = textEffect; self.custom = custom
    }

    /// No attribute set.
    public static let none = TextAttributes()

    /// These attributes with every attribute set in `other` laid on top.
    public func merging(_ other: TextAttributes) -> TextAttributes {
        // Field by field: it runs for every attribute run of every paragraph shaped.
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
