import FolioLayout
import Foundation
import XCTest

/// `repairTolerance`: when the best setting within the tolerance has a flaw a reader
/// notices first (a word's tail alone on the last line, three hyphens in a row), a looser
/// setting without it is taken.
final class RepairToleranceTests: XCTestCase {
    /// Over many lengths and narrow widths: the paragraphs with a ladder of three
    /// hyphenated lines, and how many paragraphs were set.
    private func ladders(repair: Double) -> (ladders: Int, paragraphs: Int) {
        var typesetting = TypesettingParameters.standard
        typesetting.repairTolerance = repair
        var found = 0, paragraphs = 0
        let words = Self.longWords.split(separator: " ").count
        forEachSetting(of: Self.longWords, lengths: stride(from: 12, through: words, by: 3),
                       widths: stride(from: 120.0, through: 260, by: 5), typesetting: typesetting) { lines in
            let hyphenated = lines.map(\.isHyphenated)
            paragraphs += 1
            if hyphenated.indices.dropFirst(2).contains(where: { hyphenated[$0] && hyphenated[$0 - 1] && hyphenated[$0 - 2] }) {
                found += 1
            }
        }
        return (found, paragraphs)
    }

    /// Prose of long words, which narrow columns hyphenate often.
    private static let longWords = """
        Internationalization of telecommunications infrastructure necessitates comprehensive \
        standardization, considerable interoperability between manufacturers, and extraordinarily \
        conscientious administration; nevertheless, representatives of governmental organizations \
        occasionally underestimate the responsibilities accompanying technological developments, \
        misunderstanding characteristically complicated circumstances surrounding implementation.
        """

    func testLaddersOfThreeAreRepairedWithLooserLines() {
        let off = ladders(repair: 0), standard = ladders(repair: 400), loose = ladders(repair: 3200)
        XCTAssertGreaterThan(off.ladders, 0, "the text must give ladders to repair")
        XCTAssertLessThan(loose.ladders, off.ladders)
        XCTAssertLessThanOrEqual(loose.ladders, standard.ladders)
        print("ladders of three: \(off.ladders) (no repair) → \(standard.ladders) (400) → \(loose.ladders) (3200) of \(off.paragraphs)")
    }

    func testTheParameterIsRangeChecked() {
        var t = TypesettingParameters.standard
        t.repairTolerance = -1
        XCTAssertEqual(t.problem, "repair-tolerance must be between 0 and 100000 (got -1)")
    }
}
