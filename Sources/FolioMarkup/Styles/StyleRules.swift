import Foundation

/// A template's regular-expression rules as a storage attribute fixer: after every
/// edit, on the edited paragraphs only, text matching a rule gets its character
/// style (and, for a rule with a replacement, is rewritten first).
struct StyleRules {
    private struct Compiled {
        let regex: NSRegularExpression
        let style: String
        let replacement: String?
    }
    private let styles: StyleSheet
    private let rules: [Compiled]

    init(_ rules: [StyleRule], styles: StyleSheet) throws {
        self.styles = styles
        self.rules = try rules.map { rule in
            let regex: NSRegularExpression
            do { regex = try NSRegularExpression(pattern: rule.pattern) }
            catch {
                throw DocumentError(rule.location ?? SourceLocation(file: "template", line: 1, column: 1),
                                    "'\(rule.pattern)' is not a valid regular expression")
            }
            guard styles.style(rule.style) != nil else {
                throw DocumentError(rule.location ?? SourceLocation(file: "template", line: 1, column: 1),
                                    "rule names unknown style '\(rule.style)'")
            }
            return Compiled(regex: regex, style: rule.style, replacement: rule.replacement)
        }
    }

    /// The fixer to install in `TextStorage.attributeFixers`.
    var fixer: @Sendable (TextStorage, Range<Int>) -> Void {
        let rules = self.rules, styles = self.styles
        return { storage, range in
            var range = range
            for rule in rules { StyleRules.apply(rule, styles: styles, to: storage, in: &range) }
        }
    }

    /// The rule's character style goes on top of the matched text's own attributes, so
    /// `size: 1.2em` or `weight: bold` is relative to where the match is (a heading, a note).
    private static func apply(_ rule: Compiled, styles: StyleSheet, to storage: TextStorage, in range: inout Range<Int>) {
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
                let attributes = styled(storage.attributes(at: lo).attributes, rule, styles)
                storage.replaceCharacters(in: lo..<hi, with: replaced, attributes: attributes)
                range = range.lowerBound..<(range.upperBound + replaced.utf8.count - (hi - lo))
            } else {
                for run in storage.attributeRuns(in: lo..<hi) where !isStyled(run.attributes, rule) {
                    storage.setAttributes(styled(run.attributes, rule, styles), range: run.range)
                }
            }
        }
    }

    /// Marks text a rule has styled, so that running the rules again after another edit of
    /// the paragraph does not apply a relative setting (`size: 1.2em`) twice.
    private static let mark = "folio.rule"

    private static func isStyled(_ attributes: TextAttributes, _ rule: Compiled) -> Bool {
        attributes.custom(mark, as: String.self) == rule.style
    }

    private static func styled(_ attributes: TextAttributes, _ rule: Compiled, _ styles: StyleSheet) -> TextAttributes {
        if isStyled(attributes, rule) { return attributes }
        var a = styles.applying(characterStyle: rule.style, to: attributes)
        a.custom[mark] = CustomAttributeValue(rule.style)
        return a
    }
}
