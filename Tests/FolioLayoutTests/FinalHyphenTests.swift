import FolioLayout
import Foundation
import XCTest

/// `finalHyphenDemerits` (TeX's `\finalhyphendemerits`): a paragraph's next-to-last line
/// rarely ends in a hyphen, which would leave a word's tail alone on the last line.
final class FinalHyphenTests: XCTestCase {
    /// Paragraphs whose next-to-last line is hyphenated, over many widths and lengths.
    private func hyphenatedBeforeLast(_ demerits: Double, tolerance: Double = 3200) -> (count: Int, paragraphs: Int) {
        var typesetting = TypesettingParameters.standard
        typesetting.finalHyphenDemerits = demerits
        typesetting.repairTolerance = tolerance
        let words = prose.split(separator: " ")
        var found = 0, paragraphs = 0
        for length in stride(from: 20, through: words.count, by: 9) {
            let storage = makeStorage(words.prefix(length).joined(separator: " "))
            for width in stride(from: 110.0, through: 260, by: 10) {
                let manager = LayoutManager(textStorage: storage, typesetting: typesetting)
                manager.addTextContainer(TextContainer(size: Size(width: width, height: 1e6)))
                manager.ensureLayout()
                let lines = manager.lineFragments
                guard lines.count >= 2 else { continue }
                paragraphs += 1
                if lines[lines.count - 2].isHyphenated { found += 1 }
                storage.removeObserver(manager)
            }
        }
        return (found, paragraphs)
    }

    func testAFinalHyphenIsAvoidedWhereTeXWouldAvoidIt() {
        let without = hyphenatedBeforeLast(0), with = hyphenatedBeforeLast(5000)
        XCTAssertGreaterThan(without.count, 0, "the text must give final hyphens to avoid")
        XCTAssertLessThan(with.count, without.count, "with \(with.count), without \(without.count) of \(with.paragraphs)")
        print("final hyphens: \(without.count) → \(with.count) of \(with.paragraphs) paragraphs")
    }

    func testALooserSettingIsTakenToAvoidAWordTailUpToTheRepairTolerance() {
        let twice = hyphenatedBeforeLast(5000, tolerance: 400), standard = hyphenatedBeforeLast(5000)
        let infinite = hyphenatedBeforeLast(5000, tolerance: 100_000)
        XCTAssertLessThan(standard.count, twice.count, "3200: \(standard.count), 400: \(twice.count) of \(standard.paragraphs)")
        XCTAssertLessThanOrEqual(infinite.count, standard.count)
        print("final hyphens: \(twice.count) (tolerance 400) → \(standard.count) (3200) → \(infinite.count) (100 000) of \(standard.paragraphs)")
    }

    func testTheParameterIsRangeChecked() {
        var t = TypesettingParameters.standard
        t.finalHyphenDemerits = -1
        XCTAssertEqual(t.problem, "final-hyphen-demerits must be between 0 and 1000000000 (got -1)")
    }
}
