/// A named role for text — body, headline, caption — whose font size follows one
/// content-size setting: TextKit's Dynamic Type (`UIFont.TextStyle`,
/// `preferredFont(forTextStyle:)`).
///
/// Set `TextAttributes.textStyle` on a run and the layout manager sets it at the size of
/// its role for `LayoutDefaults.contentSizeCategory` (in the family and style of the run's
/// own font); change the category and the text is laid out again at the new sizes.
public enum TextStyle: String, Hashable, Sendable, CaseIterable {
    /// The largest title (34 pt at the default `large` size).
    case largeTitle
    /// First-level title (28 pt).
    case title1
    /// Second-level title (22 pt).
    case title2
    /// Third-level title (20 pt).
    case title3
    /// A heading, semibold (17 pt).
    case headline
    /// A subheading (15 pt).
    case subheadline
    /// Body text (17 pt).
    case body
    /// Text set apart in a callout (16 pt).
    case callout
    /// A footnote (13 pt).
    case footnote
    /// A caption (12 pt).
    case caption1
    /// A secondary caption (11 pt).
    case caption2

    /// The size in points of this role at `category`, times `scale` (Apple's table: the
    /// same points TextKit gives on screen; `LayoutDefaults.textStyleScale` makes it print
    /// sizes).
    public func pointSize(for category: ContentSizeCategory, scale: Double = 1) -> Double {
        TextStyle.sizes(self)[category.rawValue] * scale
    }

    /// The weight the role is set in: semibold for `headline`, regular for the others.
    public var weight: FontWeight { self == .headline ? .semibold : .regular }

    /// Sizes by role, one per `ContentSizeCategory` in order (extra small … AX5). A switch,
    /// not a dictionary: a document's start-up asks for one size, and a dictionary keyed
    /// by this type would cost a search of every conformance in the program first.
    private static func sizes(_ style: TextStyle) -> [Double] {
        switch style {
        case .largeTitle: return [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title1: return [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: return [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: return [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline: return [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .subheadline: return [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .body: return [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: return [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .footnote: return [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: return [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: return [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41]
        }
    }
}

/// The reader's preferred text size, smallest to largest: TextKit's
/// `UIContentSizeCategory` (`large` is the default), with the five accessibility sizes.
public enum ContentSizeCategory: Int, Hashable, Sendable, CaseIterable, Comparable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
    case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

    /// Smaller sizes order first.
    public static func < (a: ContentSizeCategory, b: ContentSizeCategory) -> Bool { a.rawValue < b.rawValue }

    /// The category's name as templates and the command line write it: `large`,
    /// `extra-large`, `accessibility-medium`.
    public var name: String {
        String(describing: self).reduce(into: "") { name, ch in
            if ch.isUppercase { name += "-" + ch.lowercased() } else { name.append(ch) }
        }
    }

    /// The category named `name` (see `name`), or nil.
    public init?(name: String) {
        guard let found = ContentSizeCategory.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = found
    }
}

extension FontDescriptor {
    /// The font of `style` at `category`: TextKit's `preferredFont(forTextStyle:)`, in
    /// `families` (DejaVu Serif by default), times `scale`.
    public static func preferred(_ style: TextStyle, contentSize category: ContentSizeCategory = .large,
                                 families: [String] = FontDescriptor.defaultFamilies, scale: Double = 1) -> FontDescriptor {
        FontDescriptor(families: families, size: style.pointSize(for: category, scale: scale), weight: style.weight)
    }

    /// This font at `style`'s size and weight for `category` (its families, slant, width
    /// and features kept); a weight heavier than the role's is kept too.
    public func styled(_ style: TextStyle, contentSize category: ContentSizeCategory, scale: Double = 1) -> FontDescriptor {
        var d = self
        d.size = style.pointSize(for: category, scale: scale)
        d.weight = max(weight, style.weight)
        return d
    }
}
