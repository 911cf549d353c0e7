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
        let words = Self.longWords.split(separator: " ")
        var found = 0, paragraphs = 0
        for length in stride(from: 12, through: words.count, by: 3) {
            let storage = makeStorage(words.prefix(length).joined(separator: " "))
            for width in stride(from: 120.0, through: 260, by: 5) {
                let manager = LayoutManager(textStorage: storage, typesetting: typesetting)
                manager.addTextContainer(TextContainer(size: Size(width: width, height: 1e6)))
                manager.ensureLayout()
                let hyphenated = manager.lineFragments.map(\.isHyphenated)
                paragraphs += 1
                if hyphenated.indices.dropFirst(2).contains(where: { hyphenated[$0] && hyphenated[$0 - 1] && hyphenated[$0 - 2] }) {
                    found += 1
                }
                storage.removeObserver(manager)
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
