/// What font a run asks for. Layout resolves it through fontconfig, falling back family
/// by family and then to whatever covers the script; the font actually used is reported.
public struct FontDescriptor: Hashable, Sendable {
    /// Families in order of preference, e.g. `["Linux Libertine", "DejaVu Serif", "serif"]`.
    public var families: [String]
    /// Size in points.
    public var size: Double
    public var weight: FontWeight
    public var style: FontStyle
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

    public init(families: [String] = FontDescriptor.defaultFamilies, size: Double = FontDescriptor.defaultSize, weight: FontWeight = .regular,
                style: FontStyle = .normal, stretch: FontStretch = .normal, features: [FontFeature] = []) {
        self.families = families; self.size = size; self.weight = weight
        self.style = style; self.stretch = stretch; self.features = features
    }

    public init(family: String, size: Double) { self.init(families: [family], size: size) }

    public func withSize(_ size: Double) -> FontDescriptor { var f = self; f.size = size; return f }
    public func withWeight(_ weight: FontWeight) -> FontDescriptor { var f = self; f.weight = weight; return f }
    public func withStyle(_ style: FontStyle) -> FontDescriptor { var f = self; f.style = style; return f }
    public func addingFeature(_ feature: FontFeature) -> FontDescriptor {
        var f = self; f.features.removeAll { $0.tag == feature.tag }; f.features.append(feature); return f
    }
}

/// A font weight on the CSS scale, 100 (thin) to 900 (black).
public struct FontWeight: Hashable, Sendable, Comparable {
    public var value: Int
    public init(_ value: Int) { self.value = min(1000, max(1, value)) }
    public static let thin = FontWeight(100), light = FontWeight(300), regular = FontWeight(400)
    public static let medium = FontWeight(500), semibold = FontWeight(600), bold = FontWeight(700)
    public static let heavy = FontWeight(900)
    public static func < (a: FontWeight, b: FontWeight) -> Bool { a.value < b.value }
}

public enum FontStyle: String, Hashable, Sendable, CaseIterable {
    case normal, italic, oblique
}

public enum FontStretch: String, Hashable, Sendable, CaseIterable {
    case ultraCondensed, extraCondensed, condensed, semiCondensed, normal
    case semiExpanded, expanded, extraExpanded, ultraExpanded
}

/// One OpenType feature setting: a four-letter tag and its value (1 on, 0 off).
public struct FontFeature: Hashable, Sendable, CustomStringConvertible {
    public var tag: String
    public var value: Int
    public init(_ tag: String, _ value: Int = 1) { self.tag = tag; self.value = value }
    public static let smallCaps = FontFeature("smcp"), tabularFigures = FontFeature("tnum")
    public static let oldstyleFigures = FontFeature("onum"), liningFigures = FontFeature("lnum")
    public var description: String { "\(tag)=\(value)" }
}
