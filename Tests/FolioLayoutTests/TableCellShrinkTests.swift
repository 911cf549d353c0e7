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

    func testPastTheSmallestSizeTheCellIsTightenedBeforeItIsCut() throws {
        // A text too long at 60 %, by less than 4 % of an em a letter: from candidates, the
        // one whose width at 60 % is 1–5 % over the cell's.
        let cell = try XCTUnwrap(laidOut(["x"], minimumScale: 1).lineFragments.first).rect.width
        let font = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10))
        let sentence = "Tightening closes the small gap that is left in this narrow cell at its smallest size"
        let text = try XCTUnwrap((12...sentence.count).lazy.map { String(sentence.prefix($0)) }.filter { $0.last != " " }.first { candidate in
            let natural = TextMeasurer.boundingSize(of: TextStorage(candidate, attributes: font), width: 1e6).width * 0.6
            return natural > cell * 1.01 && natural < cell * 1.05
        }, "no candidate 1–5 % too wide at 60 %")
        let manager = laidOut([text], minimumScale: 0.6)
        let line = try line(manager, startingWith: "Tightening")
        XCTAssertEqual(line.glyphRuns[0].font.size, 6, accuracy: 1e-9)
        XCTAssertLessThan(line.glyphRuns[0].attributes.tracking ?? 0, 0, "drawn together")
        XCTAssertEqual(line.glyphRuns.map(\.text).joined(), text, "whole, no ellipsis")
        XCTAssertLessThanOrEqual(line.usedRect.width, line.rect.width + 1e-6)
    }

    func testWithoutAMinimumScaleTheCellIsCutAtItsSize() throws {
        let manager = laidOut(["A cell a little too long for it"], minimumScale: 1)
        let long = try line(manager, startingWith: "A cell")
        XCTAssertEqual(long.glyphRuns[0].font.size, 10)
        XCTAssertTrue(long.glyphRuns.contains { $0.text.contains("…") })
    }
}
