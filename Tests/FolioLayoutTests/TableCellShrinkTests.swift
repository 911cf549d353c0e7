import FolioLayout
import XCTest

/// A truncating cell with a minimum scale (TextKit's `minimumScaleFactor` on a label): a
/// line too long for its column is set smaller, as large as fits, and cut only when even
/// the smallest size is too long.
final class TableCellShrinkTests: XCTestCase {
    private func laidOut(_ cells: [String], minimumScale: Double) -> LayoutManager {
        let table = TextTable(columnCount: 1, columns: [TableColumn(width: .points(120))])
        var style = ParagraphStyle(alignment: .left)
        style.lineBreakMode = .truncateTail
        style.minimumScaleFactor = minimumScale
        let storage = makeTableStorage(cells.map { [$0] }, table: table, style: style)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 400, height: 600)))
        manager.ensureLayout()
        return manager
    }

    private func line(_ manager: LayoutManager, startingWith text: String) throws -> LineFragment {
        try XCTUnwrap(manager.lineFragments.first { $0.glyphRuns.first?.text.hasPrefix(text) == true }, text)
    }

    func testALongCellIsSetSmallerToFitAndAShortOneAsItIs() throws {
        let manager = laidOut(["Short", "A cell a little too long for it", String(repeating: "Far too long for any size ", count: 3)],
                              minimumScale: 0.6)
        let short = try line(manager, startingWith: "Short")
        XCTAssertEqual(short.glyphRuns[0].font.size, 10)
        let long = try line(manager, startingWith: "A cell")
        let size = long.glyphRuns[0].font.size
        XCTAssertLessThan(size, 10)
        XCTAssertGreaterThanOrEqual(size, 6)
        XCTAssertEqual(long.glyphRuns.map(\.text).joined(), "A cell a little too long for it", "whole, no ellipsis")
        // The cell's text area: the 120 pt column less its padding.
        XCTAssertLessThan(long.rect.width, 120)
        XCTAssertLessThanOrEqual(long.usedRect.width, long.rect.width + 1e-6, "inside the cell")
        XCTAssertGreaterThan(long.usedRect.width, long.rect.width * 0.97, "as large as fits")
        let cut = try line(manager, startingWith: "Far")
        XCTAssertEqual(cut.glyphRuns[0].font.size, 6, accuracy: 1e-9, "the smallest allowed")
        XCTAssertTrue(cut.glyphRuns.contains { $0.text.contains("…") }, "then cut")
        XCTAssertTrue(manager.lineFragments.allSatisfy { $0.characterRange.upperBound <= manager.textStorage.length })
    }

    func testWithoutAMinimumScaleTheCellIsCutAtItsSize() throws {
        let manager = laidOut(["A cell a little too long for it"], minimumScale: 1)
        let long = try line(manager, startingWith: "A cell")
        XCTAssertEqual(long.glyphRuns[0].font.size, 10)
        XCTAssertTrue(long.glyphRuns.contains { $0.text.contains("…") })
    }
}
