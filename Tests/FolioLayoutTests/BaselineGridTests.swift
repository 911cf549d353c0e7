import FolioLayout
import Foundation
import XCTest

/// A baseline grid (`TypesettingParameters.baselineGrid`): every line of the flow starts on
/// a multiple of the step from its container's top, so that headings and paragraph spacing
/// that are not multiples of the leading never put a column's lines out of line with its
/// neighbour's.
final class BaselineGridTests: XCTestCase {
    private func text(grid: Double) -> LayoutManager {
        let storage = TextStorage()
        var heading = ParagraphStyle(alignment: .left)
        heading.minimumLineHeight = 17; heading.maximumLineHeight = 17
        heading.paragraphSpacingBefore = 7; heading.paragraphSpacing = 5
        heading.keepWithNext = true
        var body = ParagraphStyle(alignment: .justified, hyphenation: true)
        body.minimumLineHeight = 12; body.maximumLineHeight = 12
        body.paragraphSpacing = 3
        let headingFont = TextAttributes(font: FontDescriptor(families: ["DejaVu Sans"], size: 14, weight: .bold))
        let bodyFont = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10))
        var bold = bodyFont
        bold.font?.weight = .bold
        for k in 0..<8 {
            storage.append("Heading \(k)", attributes: headingFont, paragraphStyle: heading)
            storage.append("\n", attributes: headingFont, paragraphStyle: heading)
            storage.append(String(prose.prefix(150 + 40 * (k % 3))), attributes: bodyFont, paragraphStyle: body)
            // A word in another face: its ascent differs a little, the line must not move.
            storage.append(" Bold words here.", attributes: bold, paragraphStyle: body)
            if k < 7 { storage.append("\n", attributes: bodyFont, paragraphStyle: body) }
        }
        var parameters = TypesettingParameters.standard
        parameters.baselineGrid = grid
        let manager = LayoutManager(textStorage: storage, typesetting: parameters)
        for _ in 0..<4 { manager.addTextContainer(TextContainer(size: Size(width: 200, height: 300))) }
        manager.ensureLayout()
        return manager
    }

    private func offGrid(_ manager: LayoutManager, step: Double) -> [LineFragment] {
        manager.lineFragments.filter { line in
            let r = line.rect.minY.truncatingRemainder(dividingBy: step)
            return min(r, step - r) > 1e-6
        }
    }

    func testEveryLineStartsOnTheGridAndBodyBaselinesLineUpAcrossColumns() {
        let manager = text(grid: 12)
        XCTAssertGreaterThan(manager.textContainers.count, 1)
        XCTAssertEqual(offGrid(manager, step: 12).map(\.characterRange), [])
        assertCoversEveryCharacterOnce(manager)
        // Body lines (12 pt tall) of one column have their baselines on the other's.
        let body = manager.lineFragments.filter { abs($0.rect.height - 12) < 1e-9 }
        let first = Set(body.filter { $0.containerIndex == 0 }.map { ($0.baseline * 1000).rounded() })
        let second = body.filter { $0.containerIndex == 1 }
        XCTAssertFalse(second.isEmpty)
        for line in second {
            let b = line.baseline - 12 * ((line.baseline / 12).rounded(.down))
            let a = (first.first ?? 0) / 1000
            // Within a tenth of a point: a line holding a bold word centres its slightly
            // taller glyphs in the same 12 pt (0.05 pt lower), grid or no grid.
            XCTAssertEqual(b, a - 12 * ((a / 12).rounded(.down)), accuracy: 0.1, "\(line.characterRange)")
        }
    }

    func testWithoutTheGridLinesFollowTheirSpacing() {
        let manager = text(grid: 0)
        XCTAssertFalse(offGrid(manager, step: 12).isEmpty, "spacing of 3, 5 and 7 pt puts lines between the grid's")
    }

    func testTheStepIsRangeChecked() {
        var p = TypesettingParameters.standard
        p.baselineGrid = -1
        XCTAssertEqual(p.problem, "baseline-grid must be between 0 and 200 (got -1)")
    }
}
