/// What font a run asks for. Layout resolves it through fontconfig, falling back family
/// by family and then to whatever covers the script; the font actually used is reported.
public struct FontDescriptor: Hashable, Sendable {
    /// Families in order of preference, e.g. `["Linux Libertine", "DejaVu Serif", "serif"]`.
    public var families: [String]
    /// Size in points.
    public var size: Double
    /// Weight on the CSS scale (400 regular, 700 bold); the nearest weight the family has is used.
    public var weight: FontWeight
    /// Upright, italic or oblique.
    public var style: FontStyle
    /// Width class, condensed to expanded; the nearest the family has is used.
    public var stretch: FontStretch
    /// OpenType features, e.g. `[FontFeature("smcp"), FontFeature("onum")]`.
    public var features: [FontFeature]

    /// The families of a descriptor that names none: DejaVu Serif, which the project
    /// installs. Every default font in Folio (layout defaults, style sheets, options) is this.
    public static let defaultFamilies = ["DejaVu Serif"]
    /// The size of a descriptor made without one, and of the layout manager's default font.
    public static let defaultSize = 12.0
    /// Body text's size where nothing sets one: a style without a font, a style sheet
    /// without a body, `TypesetOptions`.
    public static let defaultBodySize = 10.0

    /// A font request; every argument has a default (`defaultFamilies`, `defaultSize`,
    /// regular, upright, normal width, no features).
    public init(families: [String] = FontDescriptor.defaultFamilies, size: Double = FontDescriptor.defaultSize, weight: FontWeight = .regular,
                style: FontStyle = .normal, stretch: FontStretch = .normal, features: [FontFeature] = []) {
        self.families = families; self.size = size; self.weight = weight
        self.style = style; self.stretch = stretch; self.features = features
    }

    /// `size` points of `family`, otherwise the defaults.
    public init(family: String, size: Double) { self.init(families: [family], size: size) }

    /// The same request at `size` points.
    public func withSize(_ size: Double) -> FontDescriptor { var f = self; f.size = size; return f }
    /// The same request at another weight.
    public func withWeight(_ weight: FontWeight) -> FontDescriptor { var f = self; f.weight = weight; return f }
    /// The same request in another style (italic, oblique, normal).
    public func withStyle(_ style: FontStyle) -> FontDescriptor { var f = self; f.style = style; return f }
    /// The same request with `feature` added, replacing any setting of the same tag.
    public func addingFeature(_ feature: FontFeature) -> FontDescriptor {
        var f = self; f.features.removeAll { $0.tag == feature.tag }; f.features.append(feature); return f
    }
}

/// A font weight on the CSS scale, 100 (thin) to 900 (black).
public struct FontWeight: Hashable, Sendable, Comparable {
    /// The weight, 1…1000 on the CSS scale (400 regular, 700 bold).
    public var value: Int
    /// A weight on the CSS scale, clamped to 1…1000.
    public init(_ value: Int) { self.value = min(1000, max(1, value)) }
    /// Weights 100 (thin), 300 (light) and 400 (regular, the default).
    public static let thin = FontWeight(100), light = FontWeight(300), regular = FontWeight(400)
    /// Weights 500 (medium), 600 (semibold) and 700 (bold).
    public static let medium = FontWeight(500), semibold = FontWeight(600), bold = FontWeight(700)
    /// Weight 900, the heaviest most families have.
    public static let heavy = FontWeight(900)
    /// Orders weights by value: thin < regular < bold.
    public static func < (a: FontWeight, b: FontWeight) -> Bool { a.value < b.value }
}

/// The slant of a font: upright (`normal`), `italic` (a designed italic face) or `oblique`
/// (slanted upright letters). The nearest face the family has is used.
public enum FontStyle: String, Hashable, Sendable, CaseIterable {
    /// The raw values are the names used in templates and `{…}` attributes.
    case normal, italic, oblique
}

/// The width class of a font, as CSS `font-stretch` names it; the nearest the family has is used.
public enum FontStretch: String, Hashable, Sendable, CaseIterable {
    /// Narrower than normal, narrowest first; `normal` is the family's regular width.
    case ultraCondensed, extraCondensed, condensed, semiCondensed, normal
    /// Wider than normal, least wide first.
    case semiExpanded, expanded, extraExpanded, ultraExpanded
}

/// One OpenType feature setting: a four-letter tag and its value (1 on, 0 off).
public struct FontFeature: Hashable, Sendable, CustomStringConvertible {
    /// The four-letter OpenType tag, e.g. `"smcp"`, `"onum"`, `"liga"`.
    public var tag: String
    /// The feature's value: 1 turns it on, 0 off; higher values pick an alternate (for `salt`, `cvNN`).
    public var value: Int
    /// The feature `tag` set to `value` (on by default).
    public init(_ tag: String, _ value: Int = 1) { self.tag = tag; self.value = value }
    /// `smcp` (small capitals from lower case) and `tnum` (figures of one width, for tables).
    public static let smallCaps = FontFeature("smcp"), tabularFigures = FontFeature("tnum")
    /// `onum` (old-style figures, with ascenders and descenders) and `lnum` (lining figures).
    public static let oldstyleFigures = FontFeature("onum"), liningFigures = FontFeature("lnum")
    /// `tag=value`, the form Pango's font-features attribute takes.
    public var description: String { "\(tag)=\(value)" }
}
