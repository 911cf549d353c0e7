import FolioLayout
import Foundation
import XCTest

/// Blocks the text runs beside (`FloatingBlock.wrap`): set at one side of the column right
/// below their anchor, a share of the column wide, with the lines beside them shortened and
/// broken for their real widths; the lines below take the full width again.
final class WrappedFloatTests: XCTestCase {
    private let font = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10))
    private let columnWidth = 300.0

    private func style() -> ParagraphStyle {
        var style = ParagraphStyle(alignment: .justified, hyphenation: true)
        style.minimumLineHeight = 12
        style.maximumLineHeight = 12
        return style
    }

    /// A block of `lines` short lines of 12 pt (a stand-in for a figure).
    private func block(_ lines: Int, wrap: FloatingBlock.Wrap) -> FloatingBlock {
        FloatingBlock(stackedLines(lines, label: "Figure"), wrap: wrap)
    }

    /// `paragraphs` paragraphs of prose, `block` anchored after the first; columns
    /// `columnWidth` wide and `height` tall.
    private func layOut(_ block: FloatingBlock, paragraphs: Int = 5, height: Double = 400,
                        anchor: Int = 0) -> LayoutManager {
        let storage = TextStorage()
        let words = prose.split(separator: " ")
        for p in 0..<paragraphs {
            storage.append(words.prefix(40 + p * 7 % 20).joined(separator: " "), attributes: font, paragraphStyle: style())
            if p + 1 < paragraphs {
                var separator = font
                if p == anchor { separator.floatingBlock = block }
                storage.append("\n", attributes: separator, paragraphStyle: style())
            }
        }
        let manager = LayoutManager(textStorage: storage)
        for _ in 0..<8 { manager.addTextContainer(TextContainer(size: Size(width: columnWidth, height: height))) }
        manager.ensureLayout()
        return manager
    }

    private func placedBlock(_ manager: LayoutManager) -> (container: Int, rect: Rect)? {
        for c in 0..<manager.textContainers.count {
            if let placed = manager.floatingBlocks(inContainerAt: c).first { return (c, placed.rect) }
        }
        return nil
    }

    func testTheLinesBesideABlockAtTheRightAreShortenedAndTheLinesBelowAreNot() throws {
        let manager = layOut(block(6, wrap: FloatingBlock.Wrap(side: .right, width: 0.4)))
        let (container, rect) = try XCTUnwrap(placedBlock(manager))
        XCTAssertEqual(container, 0)
        XCTAssertEqual(rect.width, columnWidth * 0.4, accuracy: 1e-9)
        XCTAssertEqual(rect.maxX, columnWidth, accuracy: 1e-9, "kept to the right edge")
        XCTAssertEqual(rect.height, 72, accuracy: 0.5, "six lines of 12 pt")
        // It starts right below its anchor, the first paragraph.
        let anchorBottom = try XCTUnwrap(manager.lineFragments.last { $0.paragraphIndex == 0 }).rect.maxY
        XCTAssertEqual(rect.minY, anchorBottom, accuracy: 1e-6)

        let lines = manager.lineFragments.filter { $0.containerIndex == 0 && $0.paragraphIndex > 0 }
        let beside = lines.filter { $0.rect.minY < rect.maxY && $0.rect.maxY > rect.minY }
        let below = lines.filter { $0.rect.minY >= rect.maxY + 6 }
        XCTAssertGreaterThanOrEqual(beside.count, 5)
        XCTAssertFalse(below.isEmpty)
        for line in beside {
            XCTAssertEqual(line.rect.minX, 0, accuracy: 1e-6)
            XCTAssertLessThanOrEqual(line.rect.maxX, rect.minX - 9 + 1e-6, "a line beside the block leaves the gap: \(line.rect)")
        }
        for line in below { XCTAssertEqual(line.rect.width, columnWidth, accuracy: 1e-6, "full width below the block") }
        // Broken for their real widths: justified lines beside the block end at the gap, not past it.
        for line in beside.dropLast() where !line.isLastLineOfParagraph {
            XCTAssertEqual(line.usedRect.maxX, line.rect.maxX, accuracy: 0.6)
        }
    }

    func testABlockAtTheLeftPushesTheLinesBesideItToTheRight() throws {
        let manager = layOut(block(4, wrap: FloatingBlock.Wrap(side: .left, width: 0.3)))
        let (_, rect) = try XCTUnwrap(placedBlock(manager))
        XCTAssertEqual(rect.minX, 0, accuracy: 1e-9)
        XCTAssertEqual(rect.width, columnWidth * 0.3, accuracy: 1e-9)
        let beside = manager.lineFragments.filter { $0.paragraphIndex > 0 && $0.rect.minY < rect.maxY && $0.rect.maxY > rect.minY }
        XCTAssertFalse(beside.isEmpty)
        for line in beside {
            XCTAssertGreaterThanOrEqual(line.rect.minX, rect.maxX + 9 - 1e-6)
            XCTAssertEqual(line.rect.maxX, columnWidth, accuracy: 1e-6)
        }
    }

    func testABlockThatDoesNotFitBelowItsAnchorGoesToTheTopOfTheNextColumnWithTheTextBesideIt() throws {
        // Columns of 10 lines: the anchor's paragraph leaves no room for an 8-line block.
        let manager = layOut(block(8, wrap: FloatingBlock.Wrap(side: .right)), paragraphs: 6, height: 120)
        let (container, rect) = try XCTUnwrap(placedBlock(manager))
        let anchorLast = try XCTUnwrap(manager.lineFragments.last { $0.paragraphIndex == 0 })
        XCTAssertEqual(container, anchorLast.containerIndex + 1)
        XCTAssertEqual(rect.minY, 0, accuracy: 1e-6)
        let beside = manager.lineFragments.filter { $0.containerIndex == container && $0.rect.minY < rect.maxY }
        XCTAssertFalse(beside.isEmpty, "the text runs beside it there")
        for line in beside { XCTAssertLessThanOrEqual(line.rect.maxX, rect.minX - 9 + 1e-6) }
        // The text between the anchor and the block's column fills the anchor's column.
        let gap = try XCTUnwrap(manager.textContainers.first?.contentRect.maxY) - (manager.lineFragments.last { $0.containerIndex == anchorLast.containerIndex }?.rect.maxY ?? 0)
        XCTAssertLessThan(gap, 12.5)
    }

    func testTheWrapIsDoneAgainWhenTheTextBeforeItChanges() throws {
        let manager = layOut(block(6, wrap: FloatingBlock.Wrap(side: .right)))
        let before = try XCTUnwrap(placedBlock(manager)).rect
        manager.textStorage.replaceCharacters(in: 0..<0, with: "A few more words at the start, enough to take another line or two of the first paragraph. ")
        manager.ensureLayout()
        let after = try XCTUnwrap(placedBlock(manager)).rect
        XCTAssertGreaterThan(after.minY, before.minY, "the block moves down with its anchor")
        let anchorBottom = try XCTUnwrap(manager.lineFragments.last { $0.paragraphIndex == 0 }).rect.maxY
        XCTAssertEqual(after.minY, anchorBottom, accuracy: 1e-6)
        for line in manager.lineFragments where line.paragraphIndex > 0 && line.rect.minY < after.maxY && line.rect.maxY > after.minY {
            XCTAssertLessThanOrEqual(line.rect.maxX, after.minX - 9 + 1e-6)
        }
    }

    func testTheShareOfTheColumnIsClamped() {
        XCTAssertEqual(FloatingBlock.Wrap(side: .left, width: 2).width, 0.9)
        XCTAssertEqual(FloatingBlock.Wrap(side: .left, width: 0).width, 0.1)
        XCTAssertEqual(FloatingBlock.Wrap(side: .left, width: .nan).width, 0.4)
    }
}
