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
        var found = 0, paragraphs = 0
        forEachSetting(of: prose, lengths: stride(from: 20, through: prose.split(separator: " ").count, by: 9),
                       widths: stride(from: 110.0, through: 260, by: 10), typesetting: typesetting) { lines in
            guard lines.count >= 2 else { return }
            paragraphs += 1
            if lines[lines.count - 2].isHyphenated { found += 1 }
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
