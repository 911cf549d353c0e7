import FolioLayout
import XCTest

/// `LayoutManager.typesetting` reaches the breaker and the justifier: each knob changes
/// the lines the way its name says, and changing it lays the text out again.
final class TypesettingParametersTests: XCTestCase {
    private func layout(_ parameters: TypesettingParameters, width: Double = 150,
                        style: ParagraphStyle = ParagraphStyle(alignment: .justified, hyphenation: true)) -> LayoutManager {
        let manager = LayoutManager(textStorage: makeStorage(prose + " " + prose, style: style), typesetting: parameters)
        manager.addTextContainer(TextContainer(size: Size(width: width, height: 10_000)))
        manager.ensureLayout()
        assertCoversEveryCharacterOnce(manager)
        return manager
    }

    private func hyphenatedLines(_ m: LayoutManager) -> Int { m.lineFragments.filter(\.isHyphenated).count }

    func testHyphenPenaltyDecidesHowOftenLinesEndInAHyphen() {
        let standard = hyphenatedLines(layout(.standard))
        XCTAssertGreaterThan(standard, 0, "a narrow justified column hyphenates with TeX's values")
        var forbidding = TypesettingParameters.standard
        forbidding.hyphenPenalty = 10_000
        XCTAssertEqual(hyphenatedLines(layout(forbidding)), 0, "a penalty of 10 000 forbids the break")
        var cheap = TypesettingParameters.standard
        cheap.hyphenPenalty = -500
        cheap.doubleHyphenDemerits = 0
        XCTAssertGreaterThan(hyphenatedLines(layout(cheap)), standard, "a bonus for hyphens gives more of them")
    }

    func testMinimumWordLengthKeepsShortWordsWhole() {
        var long = TypesettingParameters.standard
        long.minimumHyphenatedWordLength = 64
        XCTAssertEqual(hyphenatedLines(layout(long)), 0, "no word of the text has 64 letters")
    }

    func testGlyphExpansionOffLeavesGlyphsUnscaled() {
        func expanded(_ m: LayoutManager) -> Int {
            m.lineFragments.flatMap(\.glyphRuns).filter { ($0.attributes.expansion ?? 1) != 1 }.count
        }
        XCTAssertGreaterThan(expanded(layout(.standard)), 0, "2 % expansion takes some of the slack")
        var off = TypesettingParameters.standard
        off.glyphExpansion = 0
        let m = layout(off)
        XCTAssertEqual(expanded(m), 0)
        // The spaces take all the slack instead: justified lines still fill the measure.
        for f in m.lineFragments.dropLast() where !f.isLastLineOfParagraph {
            assertFillsTheMeasure(f, to: 150, in: m.textStorage)
        }
    }

    func testTighterToleranceNeverGivesLooserLines() {
        var tight = TypesettingParameters.standard
        tight.tolerance = 100
        tight.glyphExpansion = 0
        var loose = tight
        loose.tolerance = 10_000
        func worst(_ m: LayoutManager) -> Double {
            m.lineFragments.filter { !$0.isLastLineOfParagraph }.map { $0.spaceScale }.max() ?? 1
        }
        XCTAssertLessThanOrEqual(worst(layout(tight)), worst(layout(loose)) + 1e-9)
    }

    func testChangingTheParametersLaysOutAgain() {
        let m = layout(.standard)
        let before = m.lineFragments.map(\.characterRange)
        m.typesetting.hyphenPenalty = 10_000
        m.ensureLayout()
        XCTAssertEqual(m.lineFragments.filter(\.isHyphenated).count, 0)
        XCTAssertNotEqual(m.lineFragments.map(\.characterRange), before)
        XCTAssertEqual(m.tolerance, 200, "tolerance is typesetting.tolerance")
        m.tolerance = 300
        XCTAssertEqual(m.typesetting.tolerance, 300)
    }

    func testProblemsNameTheFieldAndItsRange() {
        XCTAssertNil(TypesettingParameters.standard.problem)
        var p = TypesettingParameters.standard
        p.spaceStretch = -1
        XCTAssertEqual(p.problem, "space-stretch must be between 0 and 10 (got -1)")
        p = .standard
        p.tolerance = .infinity
        XCTAssertEqual(p.problem, "tolerance must be between 0 and 10000 (got inf)")
    }
}
