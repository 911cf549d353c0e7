import FolioPages
import Foundation
import XCTest

/// `Paginator`: columns fill page by page, and a paragraph that asks for a new page starts
/// one, the rest of the page's columns left empty; changing a container's geometry lays the
/// text out again by itself.
final class PaginatorTests: XCTestCase {
    private let words = "it was the best of times it was the worst of times it was the age of wisdom".split(separator: " ")

    private func storage(paragraphs: Int, pageBreakBefore: Set<Int>) -> TextStorage {
        let storage = TextStorage()
        let font = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10))
        for p in 0..<paragraphs {
            var style = ParagraphStyle(alignment: .justified, hyphenation: true)
            if pageBreakBefore.contains(p) { style.breakBefore = .page }
            let text = (0..<(40 + p * 7 % 30)).map { String(words[($0 + p) % words.count]) }.joined(separator: " ")
            storage.append(text + (p + 1 < paragraphs ? "\n" : ""), attributes: font, paragraphStyle: style)
        }
        return storage
    }

    func testAPageBreakStartsANewPageNotTheNextColumn() throws {
        let geometry = PageGeometry(pageSize: Size(width: 500, height: 400), margins: EdgeInsets(all: 30), columns: 2, gutter: 20)
        let storage = storage(paragraphs: 30, pageBreakBefore: [3, 12])
        let manager = LayoutManager(textStorage: storage)
        let paginator = Paginator(geometry: geometry)
        manager.delegate = paginator
        var completed: [Int] = []
        paginator.onPageComplete = { completed.append($0.number) }
        manager.ensureLayout()
        XCTAssertNil(manager.unplacedRange)
        for p in [3, 12] {
            let offset = storage.paragraphRange(at: p).lowerBound
            let line = try XCTUnwrap(manager.lineFragments.first { $0.characterRange.contains(offset) })
            let page = try XCTUnwrap(paginator.pages.firstIndex { $0.columns.contains { $0.containerIndex == line.containerIndex } })
            XCTAssertEqual(paginator.pages[page].columns.first?.containerIndex, line.containerIndex,
                           "paragraph \(p) opens the first column of a page")
            XCTAssertEqual(line.rect.minY, 0, accuracy: 1e-9)
            // The page before it ended early: one column only, when the break came in its first.
            XCTAssertGreaterThan(page, 0)
        }
        XCTAssertTrue(paginator.pages.contains { $0.columns.count == 1 }, "a page cut short by a break")
        XCTAssertEqual(completed, paginator.pages.map(\.number), "every page reported once, in order")
    }

    func testAPaginatorMadeWhereItIsSetLivesAsLongAsTheManager() throws {
        // The TextKit habit `layoutManager.delegate = Paginator(…)`: the manager keeps it.
        let storage = storage(paragraphs: 12, pageBreakBefore: [])
        let manager = LayoutManager(textStorage: storage)
        weak var made: Paginator?
        do {
            let paginator = Paginator(geometry: PageGeometry(pageSize: Size(width: 300, height: 300), margins: EdgeInsets(all: 20)))
            made = paginator
            manager.delegate = paginator
        }
        manager.ensureLayout()
        XCTAssertNil(manager.unplacedRange, "all text placed")
        XCTAssertTrue(manager.warnings.isEmpty)
        XCTAssertGreaterThan(try XCTUnwrap(made).pages.count, 1)
        manager.delegate = nil
        XCTAssertNil(made, "let go when the delegate is replaced")
    }

    func testChangingAContainerLaysTheTextOutAgain() {
        let storage = storage(paragraphs: 6, pageBreakBefore: [])
        let manager = LayoutManager(textStorage: storage)
        let first = TextContainer(size: Size(width: 300, height: 200)), second = TextContainer(size: Size(width: 300, height: 2000))
        manager.addTextContainer(first)
        manager.addTextContainer(second)
        manager.ensureLayout()
        let before = manager.lineFragments(inContainerAt: 0).count
        first.size = Size(width: 300, height: 100)
        XCTAssertLessThan(manager.lineFragments(inContainerAt: 0).count, before, "a shorter first container holds fewer lines")
        first.exclusionPaths = [BezierPath(rect: Rect(x: 0, y: 0, width: 150, height: 100))]
        XCTAssertTrue(manager.lineFragments(inContainerAt: 0).allSatisfy { $0.rect.minX >= 150 - 1e-9 }, "lines flow around the new exclusion")
        second.size = Size(width: 200, height: 2000)
        XCTAssertTrue(manager.lineFragments(inContainerAt: 1).allSatisfy { $0.rect.maxX <= 200 + 1e-9 })
        var covered = 0
        for line in manager.lineFragments { XCTAssertEqual(line.characterRange.lowerBound, covered); covered = line.characterRange.upperBound }
        XCTAssertEqual(covered, storage.length)
    }
}
