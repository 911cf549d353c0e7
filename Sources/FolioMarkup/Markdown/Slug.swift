/// Makes heading ids the way GitHub does, so that links written for GitHub (`#getting-started`)
/// work in Folio too: lowercase, punctuation dropped except `-` and `_`, spaces as `-`; a
/// repeated slug gets `-1`, `-2`… One generator per document.
public struct SlugGenerator: Sendable {
    private var used: Set<String> = []
    /// How many times each base slug was asked for: GitHub numbers repeats per base.
    private var counts: [String: Int] = [:]

    /// A generator that has handed out no slug yet.
    public init() {}

    /// The slug of `text` (a heading's plain text), unique within this generator.
    public mutating func slug(for text: String) -> String {
        var base = Self.base(of: text)
        // GitHub would give an empty id; an empty fragment cannot be linked to.
        if base.isEmpty { base = "section" }
        var n = counts[base, default: 0]
        var candidate = n == 0 ? base : "\(base)-\(n)"
        // Also steps over ids taken by explicit `{#id}`s and by headings like "Intro 1".
        while used.contains(candidate) {
            n += 1
            candidate = "\(base)-\(n)"
        }
        counts[base] = n + 1
        used.insert(candidate)
        return candidate
    }

    /// Marks an explicit id as taken, so that no generated slug repeats it.
    public mutating func reserve(_ id: String) {
        used.insert(id)
    }

    /// The slug before numbering.
    static func base(of text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            switch scalar.properties.generalCategory {
            // Letters, marks and numbers of any script stay, as on GitHub; `_` is a connector.
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .nonspacingMark, .spacingMark, .enclosingMark,
                 .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation:
                out.append(scalar)
            default:
                if scalar == "-" { out.append(scalar) } else if scalar == " " { out.append("-") }
            }
        }
        return String(out)
    }
}
