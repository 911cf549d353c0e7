import Foundation

/// A template's regular-expression rules as a storage attribute fixer: after every
/// edit, on the edited paragraphs only, text matching a rule gets its character
/// style (and, for a rule with a replacement, is rewritten first).
struct StyleRules {
    private struct Compiled {
        let pattern: RulePattern
        let style: String
        let replacement: String?
        let location: SourceLocation
    }
    private let styles: StyleSheet
    private let rules: [Compiled]
    /// The first rule that failed while the fixer ran (over its step budget): the fixer
    /// cannot throw, so the builder asks here once the text is in the storage.
    let failures = Failures()

    init(_ rules: [StyleRule], styles: StyleSheet) throws {
        self.styles = styles
        self.rules = try rules.map { rule in
            let location = rule.location ?? SourceLocation(file: "template", line: 1, column: 1)
            let pattern: RulePattern
            do { pattern = try RulePattern(rule.pattern) }
            catch { throw DocumentError(location, "\(error)") }
            guard styles.style(rule.style) != nil else {
                throw DocumentError(location, "rule names unknown style '\(rule.style)'")
            }
            return Compiled(pattern: pattern, style: rule.style, replacement: rule.replacement, location: location)
        }
    }

    /// The fixer to install in `TextStorage.attributeFixers`.
    var fixer: @Sendable (TextStorage, Range<Int>) -> Void {
        let rules = self.rules, styles = self.styles, failures = self.failures
        return { storage, range in
            var range = range
            for rule in rules {
                do { try StyleRules.apply(rule, styles: styles, to: storage, in: &range) }
                catch { failures.record(DocumentError(rule.location, "\(error)")) }
            }
        }
    }

    /// The first failure of any rule, kept across threads.
    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var first: DocumentError?
        func record(_ error: DocumentError) { lock.withLock { if first == nil { first = error } } }
        /// The first failure, if any.
        var error: DocumentError? { lock.withLock { first } }
    }

    /// The rule's character style goes on top of the matched text's own attributes, so
    /// `size: 1.2em` or `weight: bold` is relative to where the match is (a heading, a note).
    private static func apply(_ rule: Compiled, styles: StyleSheet, to storage: TextStorage, in range: inout Range<Int>) throws {
        let text = Array(storage.substring(range).utf8)
        let matches = try rule.pattern.matches(in: text, replacing: rule.replacement)
        // From the end, so replacements do not move the matches still to do.
        for match in matches.reversed() {
            let lo = range.lowerBound + match.range.lowerBound, hi = range.lowerBound + match.range.upperBound
            if let replaced = match.replacement {
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
