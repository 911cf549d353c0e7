@testable import FolioMarkup
import Foundation
import XCTest

/// Template rules' regular expressions: PCRE2 within a step budget (issue 12).
final class RulePatternTests: XCTestCase {
    private func ranges(_ pattern: String, _ text: String) throws -> [Range<Int>] {
        try RulePattern(pattern).matches(in: Array(text.utf8)).map(\.range)
    }

    func testMatchesAreByteRangesOfTheUTF8Text() throws {
        XCTAssertEqual(try ranges("b+", "abbcb"), [1..<3, 4..<5])
        // é is two bytes, 汉 three: offsets are in bytes, as the storage counts them.
        XCTAssertEqual(try ranges("\\w+", "é 汉字 x"), [0..<2, 3..<9, 10..<11])
        XCTAssertEqual(try ranges("\\bcat\\b", "cat concat cat."), [0..<3, 11..<14])
        XCTAssertEqual(try ranges("x*", "ab"), [], "empty matches are stepped over")
        XCTAssertEqual(try ranges("x*", "axxb"), [1..<3])
    }

    func testReplacementsExpandGroups() throws {
        let pattern = try RulePattern("~(?<word>.+?)~")
        let matches = try pattern.matches(in: Array("a ~one~ b ~two~".utf8), replacing: "[$1|${word}|$$]")
        XCTAssertEqual(matches.map(\.replacement), ["[one|one|$]", "[two|two|$]"])
        let long = try RulePattern("x").matches(in: Array("x".utf8), replacing: String(repeating: "y", count: 5000))
        XCTAssertEqual(long.first?.replacement?.count, 5000)
    }

    func testCatastrophicBacktrackingStopsWithinTheBudget() throws {
        let pattern = try RulePattern("(a|aa)+b")
        XCTAssertThrowsError(try pattern.matches(in: Array((String(repeating: "a", count: 60) + "cb").utf8))) {
            XCTAssertTrue("\($0)".contains("the rule '(a|aa)+b' takes more than 10 million steps"), "\($0)")
        }
        // A plain pattern over a long paragraph is nowhere near the budget.
        let words = Array(Array(repeating: "Something word morning", count: 50_000).joined(separator: " ").utf8)
        XCTAssertEqual(try RulePattern("\\b[A-Z][a-z]+ing\\b").matches(in: words).count, 50_000)
    }

    func testAnInvalidPatternSaysWhereAndWhy() {
        XCTAssertThrowsError(try RulePattern("a(b")) {
            XCTAssertTrue("\($0)".hasPrefix("'a(b' is not a valid regular expression: missing closing parenthesis"), "\($0)")
        }
    }
}
