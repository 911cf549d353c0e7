import ArgumentParser
import FolioDocument

/// A length given on the command line, e.g. `2cm`.
struct LengthOption: ExpressibleByArgument {
    var length: Length
    var text: String
    init?(argument: String) {
        guard let l = Length(argument) else { return nil }
        length = l
        text = argument
    }
    var points: Double { length.points }
    var defaultValueDescription: String { text }
}

/// A paper size given on the command line.
struct Paper {
    var size: Size
    var text: String

    /// `--paper`'s value, or an error saying what a paper size is.
    static func parse(_ argument: String) throws -> Paper {
        guard let s = PaperSize.parse(argument) else {
            throw ValidationError("--paper '\(argument)' is not a paper size: a3, a4, a5, letter, legal, tabloid or WIDTHxHEIGHT such as 150mmx200mm, each side above 0 and at most \(Length.format(Length.largest)) (200 in)")
        }
        return Paper(size: s, text: argument)
    }
}

enum AlignmentOption: String, ExpressibleByArgument, CaseIterable {
    case justify, left, right, center
    var alignment: TextAlignment {
        switch self {
        case .justify: return .justified
        case .left: return .left
        case .right: return .right
        case .center: return .center
        }
    }
}

/// `--hyphenate`: a language tag, or `none`; read once, here.
extension LayoutOverrides.Hyphenation: ExpressibleByArgument {
    /// Reads the flag's value (see `LayoutOverrides.Hyphenation.init(_:)`).
    public init?(argument: String) { self.init(argument) }
    /// How the value shows in `--help`.
    public var defaultValueDescription: String {
        switch self {
        case .language(let tag): return tag
        case .off: return "none"
        }
    }
}
