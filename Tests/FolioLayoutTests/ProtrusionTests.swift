import FolioLayout
import FolioTestSupport
import Foundation
import XCTest

/// Character protrusion: in justified text, punctuation and hyphens at a line's end hang
/// into the right margin by a share of their width (a comma 60 %, a hyphen 70 %), opening
/// quotes at its start into the left one; the breaker counts that room, beside obstacles
/// nothing hangs, and `protrusion: 0` or ragged text keeps every line inside its measure.
final class ProtrusionTests: XCTestCase {
    private let font = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10))

    private func layOut(_ text: String, width: Double, protrusion: Double = 1, alignment: TextAlignment = .justified,
                        exclusion: Rect? = nil) -> LayoutManager {
        let storage = TextStorage(text, attributes: font, paragraphStyle: ParagraphStyle(alignment: alignment, hyphenation: true))
        var parameters = TypesettingParameters.standard
        parameters.protrusion = protrusion
        let manager = LayoutManager(textStorage: storage, typesetting: parameters)
        let container = TextContainer(size: Size(width: width, height: 10_000))
        if let exclusion { container.exclusionPaths = [BezierPath(rect: exclusion)] }
        manager.addTextContainer(container)
        manager.ensureLayout()
        return manager
    }

    /// The advance of `mark` alone in the test font.
    private func advance(_ mark: String) -> Double {
        TextMeasurer.boundingSize(of: TextStorage(mark, attributes: font, paragraphStyle: ParagraphStyle(alignment: .left)), width: 500).width
    }

    private func text(_ line: LineFragment, _ manager: LayoutManager) -> String {
        manager.textStorage.substring(line.characterRange).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testCommasAndHyphensAtALinesEndHangByTheirShareOfTheirWidth() {
        let manager = layOut(prose + " " + prose, width: 180)
        var commas = 0, hyphens = 0
        for line in manager.lineFragments where !line.isLastLineOfParagraph {
            let t = text(line, manager)
            let hang = line.usedRect.maxX - line.rect.maxX
            if line.isHyphenated {
                hyphens += 1
                XCTAssertEqual(hang, 0.7 * advance("-"), accuracy: 0.02, t)
            } else if t.hasSuffix(",") {
                commas += 1
                XCTAssertEqual(hang, 0.6 * advance(","), accuracy: 0.02, t)
            } else if t.last?.isLetter == true {
                XCTAssertEqual(hang, 0, accuracy: 0.02, "a letter keeps to the edge: \(t)")
            }
        }
        XCTAssertGreaterThan(commas, 3)
        XCTAssertGreaterThan(hyphens + commas, 5)
    }

    func testAnOpeningQuoteAtALinesStartHangsIntoTheLeftMargin() {
        let quoted = (0..<12).map { "“Quoted speech number \($0) begins with a mark,” said the narrator, and went on." }.joined(separator: " ")
        let manager = layOut(quoted, width: 170)
        var hanging = 0
        for line in manager.lineFragments {
            let t = text(line, manager)
            if t.hasPrefix("“") {
                hanging += 1
                XCTAssertEqual(line.rect.minX - line.usedRect.minX, 0.5 * advance("“"), accuracy: 0.02, t)
            } else {
                XCTAssertEqual(line.usedRect.minX, line.rect.minX, accuracy: 0.02, t)
            }
        }
        XCTAssertGreaterThan(hanging, 0, "no line starts with a quote")
    }

    func testWithoutProtrusionOrInRaggedTextEveryLineKeepsInsideItsMeasure() {
        for manager in [layOut(prose + " " + prose, width: 180, protrusion: 0), layOut(prose + " " + prose, width: 180, alignment: .left)] {
            for line in manager.lineFragments {
                XCTAssertGreaterThanOrEqual(line.usedRect.minX, line.rect.minX - 1e-6)
                XCTAssertLessThanOrEqual(line.usedRect.maxX, line.rect.maxX + 1e-6, text(line, manager))
            }
        }
    }

    func testTheBreakerCountsTheRoomSoLinesAreNeverMoreThanWithout() {
        for width in stride(from: 120.0, through: 300, by: 30) {
            let with = layOut(prose + " " + prose, width: width).lineFragments.count
            let without = layOut(prose + " " + prose, width: width, protrusion: 0).lineFragments.count
            XCTAssertLessThanOrEqual(with, without, "\(width) pt")
        }
    }

    func testNothingHangsBesideAnObstacle() {
        // An obstacle along the right half of the column's top: the lines beside it end at it.
        let obstacle = Rect(x: 110, y: 0, width: 90, height: 120)
        let manager = layOut(prose + " " + prose, width: 200, exclusion: obstacle)
        let beside = manager.lineFragments.filter { $0.rect.maxY <= obstacle.maxY }
        XCTAssertGreaterThan(beside.count, 3)
        for line in beside { XCTAssertLessThanOrEqual(line.usedRect.maxX, obstacle.minX + 1e-6, text(line, manager)) }
        // Below it, punctuation hangs into the margin again.
        XCTAssertTrue(manager.lineFragments.contains { $0.rect.minY >= obstacle.maxY && $0.usedRect.maxX > 200.1 })
    }

    func testTheAmountIsCheckedAndSettable() {
        var p = TypesettingParameters.standard
        XCTAssertEqual(p.protrusion, 1)
        p.protrusion = 1.5
        XCTAssertEqual(p.problem, "protrusion must be between 0 and 1 (got 1.5)")
        let half = layOut(prose + " " + prose, width: 180, protrusion: 0.5)
        for line in half.lineFragments where line.isHyphenated && !line.isLastLineOfParagraph {
            XCTAssertEqual(line.usedRect.maxX - line.rect.maxX, 0.35 * advance("-"), accuracy: 0.02)
        }
    }
}
