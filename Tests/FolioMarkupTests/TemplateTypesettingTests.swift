import FolioMarkup
import XCTest

/// The `typesetting:` block of template.yaml: every key read into `TypesettingParameters`,
/// `extends` keeping what the block leaves out, and every mistake named with its line.
final class TemplateTypesettingTests: XCTestCase {
    private func load(_ yaml: String) throws -> Template {
        try TemplateLoader.load(yaml: yaml, path: "t/template.yaml", directory: nil)
    }

    func testEveryKeyIsRead() throws {
        let t = try load("""
        name: tuned
        typesetting:
          tolerance: 400
          line-penalty: 20
          hyphen-penalty: 1000
          explicit-hyphen-penalty: 60
          double-hyphen-demerits: 10000
          adjacent-fitness-demerits: 500
          space-stretch: 0.6
          space-shrink: 0.25
          glyph-expansion: 0
          expansion-step: 0.005
          ragged-stretch: 2
          protrusion: 0.5
          baseline-grid: 13
          minimum-hyphenated-word-length: 7
          looseness-tries: 3
          looseness-tolerance: 500
          paragraph-stretch: 2.5
        """)
        let expected = TypesettingParameters(tolerance: 400, linePenalty: 20, hyphenPenalty: 1000, explicitHyphenPenalty: 60,
                                             doubleHyphenDemerits: 10000, adjacentFitnessDemerits: 500, spaceStretch: 0.6,
                                             spaceShrink: 0.25, glyphExpansion: 0, expansionStep: 0.005, raggedStretch: 2,
                                             minimumHyphenatedWordLength: 7, loosenessTries: 3, loosenessTolerance: 500, paragraphStretch: 2.5,
                                             protrusion: 0.5, baselineGrid: 13)
        XCTAssertEqual(t.typesetting, expected)
    }

    func testWithoutTheBlockTheStandardValuesHold() throws {
        XCTAssertEqual(try load("name: plain").typesetting, .standard)
        XCTAssertEqual(try BuiltinTemplates.template(named: "default").typesetting, .standard)
        // The book sets final hyphens four times as dear as TeX, repairs flaws with looser
        // lines, lets a paragraph set a line shorter or longer be looser, opens paragraph
        // breaks of a short page, and nothing else.
        var book = TypesettingParameters.standard
        book.finalHyphenDemerits = 20000
        book.repairTolerance = 3200
        book.loosenessTolerance = 400
        book.paragraphStretch = 3
        XCTAssertEqual(try BuiltinTemplates.template(named: "book").typesetting, book)
        // Two columns keep their lines in line on a grid of the body's leading.
        // (A grid's lines stay on it: no paragraph stretch.)
        var twoColumn = book
        twoColumn.baselineGrid = 11.5
        twoColumn.paragraphStretch = 0
        twoColumn.loosenessTolerance = 800
        XCTAssertEqual(try BuiltinTemplates.template(named: "two-column").typesetting, twoColumn)
    }

    func testExtendingKeepsWhatTheBlockLeavesOut() throws {
        let t = try load("""
        extends: book
        typesetting: {hyphen-penalty: 200}
        """)
        var expected = TypesettingParameters.standard
        expected.hyphenPenalty = 200
        expected.finalHyphenDemerits = 20000
        expected.repairTolerance = 3200
        expected.loosenessTolerance = 400
        expected.paragraphStretch = 3
        XCTAssertEqual(t.typesetting, expected)
    }

    func testMistakesAreNamedWithTheirLine() {
        let cases: [(String, String, String)] = [
            ("typesetting:\n  hyphen-penlty: 100\n", "2:3", "unknown key 'hyphen-penlty' in typesetting (did you mean 'hyphen-penalty'?)"),
            ("typesetting:\n  tolerance: -1\n", "2:14", "tolerance must be between 0 and 10000 (got -1)"),
            ("typesetting:\n  space-shrink: 1.5\n", "2:17", "space-shrink must be between 0 and 0.9 (got 1.5)"),
            ("typesetting:\n  glyph-expansion: nan\n", "2:20", "'nan' is not a number"),
            ("typesetting:\n  tolerance: lots\n", "2:14", "'lots' is not a number"),
            ("typesetting:\n  minimum-hyphenated-word-length: 1\n", "2:35", "minimum-hyphenated-word-length must be between 2 and 64 (got 1)"),
            ("typesetting:\n  minimum-hyphenated-word-length: 4.5\n", "2:35", "must be a whole number"),
            ("typesetting:\n  looseness-tries: 65\n", "2:20", "looseness-tries must be between 0 and 64 (got 65)"),
            ("typesetting:\n  looseness-tries: 2.5\n", "2:20", "must be a whole number"),
            ("typesetting:\n  looseness-tolerance: -1\n", "2:24", "looseness-tolerance must be between 0 and 100000 (got -1)"),
            ("typesetting: 200\n", "1:14", "typesetting is a mapping"),
            ("typesetting:\n  hyphen-penalty: -10000\n", "2:19", "hyphen-penalty must be between -9999 and 10000 (got -10000)"),
            ("typesetting:\n  protrusion: 2\n", "2:15", "protrusion must be between 0 and 1 (got 2)"),
        ]
        for (body, place, words) in cases {
            XCTAssertThrowsError(try load("name: x\n" + body)) { error in
                let text = "\(error)"
                let line = Int(place.split(separator: ":")[0])! + 1
                let shifted = "\(line):\(place.split(separator: ":")[1])"
                XCTAssertTrue(text.hasPrefix("t/template.yaml:\(shifted)"), "\(body) → \(text)")
                XCTAssertTrue(text.contains(words), "\(body) → \(text)")
            }
        }
    }
}
