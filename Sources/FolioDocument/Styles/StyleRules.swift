import Foundation

/// A template's regular-expression rules as a storage attribute fixer: after every
/// edit, on the edited paragraphs only, text matching a rule gets its character
/// style (and, for a rule with a replacement, is rewritten first).
struct StyleRules {
    private struct Compiled {
        let regex: NSRegularExpression
        let attributes: TextAttributes
        let replacement: String?
    }
    private let rules: [Compiled]

    init(_ rules: [StyleRule], styles: StyleSheet) throws {
        self.rules = try rules.map { rule in
            let regex: NSRegularExpression
            do { regex = try NSRegularExpression(pattern: rule.pattern) }
            catch {
                throw DocumentError(rule.location ?? SourceLocation(file: "template", line: 1, column: 1),
                                    "'\(rule.pattern)' is not a valid regular expression")
            }
            guard let style = styles.style(rule.style) else {
                throw DocumentError(rule.location ?? SourceLocation(file: "template", line: 1, column: 1),
                                    "rule names unknown style '\(rule.style)'")
            }
            return Compiled(regex: regex, attributes: style.attributes, replacement: rule.replacement)
        }
    }

    /// The fixer to install in `TextStorage.attributeFixers`.
    var fixer: @Sendable (TextStorage, Range<Int>) -> Void {
        let rules = self.rules
        return { storage, range in
            var range = range
            for rule in rules { StyleRules.apply(rule, to: storage, in: &range) }
        }
    }

    private static func apply(_ rule: Compiled, to storage: TextStorage, in range: inout Range<Int>) {
        let string = storage.substring(range)
        let ns = string as NSString
        let matches = rule.regex.matches(in: string, range: NSRange(location: 0, length: ns.length))
        guard !matches.isEmpty else { return }
        // UTF-16 positions of the matches to UTF-8 offsets in the storage, walking once.
        let utf16 = Array(string.utf16)
        var utf8Offsets = [Int](repeating: 0, count: utf16.count + 1)
        var u8 = 0
        var i = 0
        while i < utf16.count {
            utf8Offsets[i] = u8
            let unit = utf16[i]
            if UTF16.isLeadSurrogate(unit) { u8 += 4; i += 1; utf8Offsets[i] = u8 - 2 }
            else if unit < 0x80 { u8 += 1 } else if unit < 0x800 { u8 += 2 } else { u8 += 3 }
            i += 1
        }
        utf8Offsets[utf16.count] = u8
        // From the end, so replacements do not move the matches still to do.
        for match in matches.reversed() {
            let lo = range.lowerBound + utf8Offsets[match.range.location]
            let hi = range.lowerBound + utf8Offsets[match.range.location + match.range.length]
            guard lo < hi else { continue }
            if let template = rule.replacement {
                let replaced = rule.regex.replacementString(for: match, in: string, offset: 0, template: template)
                let attributes = storage.attributes(at: lo).attributes.merging(rule.attributes)
                storage.replaceCharacters(in: lo..<hi, with: replaced, attributes: attributes)
                range = range.lowerBound..<(range.upperBound + replaced.utf8.count - (hi - lo))
            } else {
                storage.addAttributes(rule.attributes, range: lo..<hi)
            }
        }
    }
}
