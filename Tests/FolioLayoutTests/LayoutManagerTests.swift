import FolioLayout
import FolioTestSupport
import XCTest

final class LayoutManagerTests: XCTestCase {
    func testLinesStayInsideTheirContainerAndCoverTheText() {
        let storage = makeStorage(Array(repeating: prose, count: 3).joined(separator: "\n"))
        let manager = LayoutManager(textStorage: storage)
        let container = TextContainer(size: Size(width: 200, height: 2000))
        manager.addTextContainer(container)
        manager.ensureLayout()
        XCTAssertGreaterThan(manager.lineFragments.count, 10)
        for line in manager.lineFragments {
            XCTAssertTrue(container.contentRect.contains(line.rect), "\(line.rect) outside")
            XCTAssertLessThanOrEqual(line.usedRect.maxX, line.rect.maxX + hangingAllowance, "overfull line \(line.characterRange)")
        }
        assertCoversEveryCharacterOnce(manager)
        XCTAssertNil(manager.unplacedRange)
    }

    func testJustifiedLinesFillTheMeasureExceptTheLast() {
        let storage = makeStorage(prose)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 220, height: 1000)))
        manager.ensureLayout()
        let lines = manager.lineFragments
        for line in lines.dropLast() {
            assertFillsTheMeasure(line, to: 220, in: storage)
        }
        XCTAssertLessThan(lines.last!.usedRect.width, 219)
        XCTAssertTrue(lines.last!.isLastLineOfParagraph)
    }

    func testTextFlowsIntoTheNextContainerOfAnotherWidth() {
        let storage = makeStorage(prose + " " + prose)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 60)))
        manager.addTextContainer(TextContainer(size: Size(width: 150, height: 2000)))
        manager.ensureLayout()
        let first = manager.lineFragments(inContainerAt: 0)
        let second = manager.lineFragments(inContainerAt: 1)
        XCTAssertEqual(first.count, 5)   // 5 lines of 12 pt in 60 pt
        XCTAssertGreaterThan(second.count, 5)
        for line in first.dropLast() { assertFillsTheMeasure(line, to: 300, in: manager.textStorage) }
        for line in second.dropLast() { assertFillsTheMeasure(line, to: 150, in: manager.textStorage) }
        XCTAssertEqual(manager.characterRange(forContainerAt: 0).upperBound, manager.characterRange(forContainerAt: 1).lowerBound)
        assertCoversEveryCharacterOnce(manager)
    }
}
