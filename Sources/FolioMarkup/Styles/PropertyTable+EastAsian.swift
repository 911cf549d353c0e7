import Foundation

/// The paragraph settings for Chinese, Japanese and Korean text (`EastAsianLayout`), in
/// templates and `{…}` attributes:
///
/// | property | values |
/// | --- | --- |
/// | `cjk-latin-spacing` | `auto` (¼ em, none in Korean), `none`, or ems: `0.25em`, `0.2` |
/// | `cjk-stretch` | how far the gap between two ideographs may open: ems, `0.1em` |
/// | `cjk-line-break` | `strict`, `normal`, `loose` (kinsoku rule sets) |
/// | `cjk-punctuation-compression` | `true`/`false`: `。」` and `），` set half an em closer |
/// | `cjk-line-end` | `full`, `half` (drop a closing mark's empty half), `hang` (`。，、` hang) |
/// | `cjk-line-start` | `full`, `half` (an opening mark starting a line drops its empty half) |
/// | `cjk-italic` | `bold`, `upright`, `dots` (着重号), `slanted`: italic emphasis on ideographs |
extension PropertyTable {
    static let eastAsianNames: [String] = [
        "cjk-latin-spacing", "cjk-stretch", "cjk-line-break", "cjk-punctuation-compression", "cjk-line-end", "cjk-line-start",
        "cjk-italic",
    ]

    /// Ems up to 2, written `0.25em` or `0.25`.
    private func ems(_ p: StyleProperty, _ v: String) throws -> Double {
        let s = v.lowercased()
        let number = s.hasSuffix("em") ? String(s.dropLast(2)).trimmingCharacters(in: .whitespaces) : s
        guard let n = Double(number), n.isFinite, (0...2).contains(n) else {
            throw fail(p, "'\(v)' is not a length in ems from 0 to 2 for \(p.name) (e.g. 0.25em)")
        }
        return n
    }

    private func option<T: RawRepresentable>(_ p: StyleProperty, _ v: String, _ cases: [T]) throws -> T where T.RawValue == String {
        guard let c = cases.first(where: { $0.rawValue == v.lowercased() }) else {
            throw fail(p, "'\(v)' is not one of \(cases.map(\.rawValue).joined(separator: ", ")) for \(p.name)")
        }
        return c
    }

    func applyEastAsian(_ p: StyleProperty, value v: String, to layout: inout EastAsianLayout) throws {
        switch p.name {
        case "cjk-latin-spacing":
            switch v.lowercased() {
            case "auto": layout.latinSpacing = nil
            case "none": layout.latinSpacing = 0
            default: layout.latinSpacing = try ems(p, v)
            }
        case "cjk-stretch": layout.characterStretch = try ems(p, v)
        case "cjk-line-break": layout.lineBreakRules = try option(p, v, EastAsianLayout.LineBreakRules.allCases)
        case "cjk-punctuation-compression":
            switch v.lowercased() {
            case "true", "yes", "on": layout.compressesPunctuation = true
            case "false", "no", "off": layout.compressesPunctuation = false
            default: throw fail(p, "'\(v)' is not true or false for \(p.name)")
            }
        case "cjk-line-end": layout.lineEndPunctuation = try option(p, v, EastAsianLayout.LineEndPunctuation.allCases)
        case "cjk-line-start": layout.lineStartPunctuation = try option(p, v, EastAsianLayout.LineStartPunctuation.allCases)
        case "cjk-italic": layout.italicIdeographs = try option(p, v, EastAsianLayout.ItalicIdeographs.allCases)
        default: break
        }
    }
}
