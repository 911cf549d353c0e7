import FolioLayout
import Foundation
import XCTest

/// Floating blocks (`TextAttributes.floatingBlock`): in the flow when they fit, else at the
/// top of the next column with the text going on meanwhile; at the top or foot of a column
/// or on one of their own; always in the order they were anchored.
final class FloatLayoutTests: XCTestCase {
    private let font = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10))

    private func style() -> ParagraphStyle {
        var style = ParagraphStyle(alignment: .justified, hyphenation: true)
        style.minimumLineHeight = 12
        style.maximumLineHeight = 12
        return style
    }

    /// A block of `lines` lines of 12 pt (a stand-in for a figure: its height is what counts).
    private func block(_ lines: Int, _ placement: FloatingBlock.Placement, label: String) -> FloatingBlock {
        FloatingBlock(stackedLines(lines, label: label), placement: placement)
    }

    /// Paragraphs of prose; `blocks[k]` is anchored after paragraph k.
    private func layOut(paragraphs: Int, blocks: [Int: FloatingBlock], height: Double = 240) -> (LayoutManager, TextStorage) {
        let storage = TextStorage()
        let words = prose.split(separator: " ")
        for p in 0..<paragraphs {
            let text = words.prefix(25 + p * 11 % 30).joined(separator: " ")
            storage.append(text, attributes: font, paragraphStyle: style())
            if p + 1 < paragraphs {
                var separator = font
                separator.floatingBlock = blocks[p]
                storage.append("\n", attributes: separator, paragraphStyle: style())
            }
        }
        let manager = LayoutManager(textStorage: storage)
        for _ in 0..<30 { manager.addTextContainer(TextContainer(size: Size(width: 220, height: height))) }
        manager.ensureLayout()
        return (manager, storage)
    }

    /// Where each block went: container and rect, in container order.
    private func placed(_ manager: LayoutManager) -> [(block: FloatingBlock, container: Int, rect: Rect)] {
        (0..<manager.textContainers.count).flatMap { c in manager.floatingBlocks(inContainerAt: c).map { ($0.block, c, $0.rect) } }
    }

    private func container(ofParagraph p: Int, in manager: LayoutManager, last: Bool = true) -> Int {
        let lines = manager.lineFragments.filter { $0.paragraphIndex == p }
        return (last ? lines.last : lines.first)!.containerIndex
    }

    func testABlockThatFitsStaysInTheFlowBetweenItsParagraphs() throws {
        let b = block(4, .here, label: "A")
        let (manager, _) = layOut(paragraphs: 6, blocks: [0: b])
        let found = try XCTUnwrap(placed(manager).first)
        XCTAssertTrue(found.block === b)
        let before = manager.lineFragments.filter { $0.paragraphIndex == 0 }.last!
        let after = manager.lineFragments.filter { $0.paragraphIndex == 1 }.first!
        XCTAssertEqual(found.container, before.containerIndex)
        XCTAssertGreaterThanOrEqual(found.rect.minY, before.rect.maxY - 1e-6)
        XCTAssertGreaterThanOrEqual(after.rect.minY, found.rect.maxY - 1e-6, "the text goes on below the block")
        XCTAssertEqual(found.rect.height, 48, accuracy: 0.5)
        assertCoversEveryCharacterOnce(manager)
    }

    func testABlockThatDoesNotFitWaitsForTheNextColumnAndTheTextFillsThisOne() throws {
        // A block of 15 lines (180 pt) after the paragraph that ends low in the first column.
        var anchor = 0
        let (probe, _) = layOut(paragraphs: 12, blocks: [:])
        for p in 0..<12 where container(ofParagraph: p, in: probe) == 0 { anchor = p }
        anchor -= 1
        let b = block(15, .here, label: "Big")
        let (manager, _) = layOut(paragraphs: 12, blocks: [anchor: b])
        let found = try XCTUnwrap(placed(manager).first)
        XCTAssertEqual(found.container, 1, "at the top of the next column")
        XCTAssertEqual(found.rect.minY, 0, accuracy: 1e-6)
        // The first column is full of text: its last line reaches within two lines of the foot.
        let last = try XCTUnwrap(manager.lineFragments(inContainerAt: 0).last)
        XCTAssertGreaterThan(last.rect.maxY, 240 - 24 - 1e-6, "no column left mostly empty")
        // The next column's text starts below the block.
        let first = try XCTUnwrap(manager.lineFragments(inContainerAt: 1).first)
        XCTAssertGreaterThanOrEqual(first.rect.minY, found.rect.maxY)
        assertCoversEveryCharacterOnce(manager)
    }

    func testBlocksKeepTheirOrder() throws {
        // A big block that must wait, then small ones that would fit where they stand.
        var anchor = 0
        let (probe, _) = layOut(paragraphs: 14, blocks: [:])
        for p in 0..<14 where container(ofParagraph: p, in: probe) == 0 { anchor = p }
        let blocks = [anchor - 1: block(15, .here, label: "One"), anchor: block(2, .here, label: "Two"),
                      anchor + 1: block(2, .bottom, label: "Three")]
        let (manager, _) = layOut(paragraphs: 14, blocks: blocks)
        let order = placed(manager)
        XCTAssertEqual(order.count, 3)
        XCTAssertTrue(order[0].block === blocks[anchor - 1] && order[1].block === blocks[anchor] && order[2].block === blocks[anchor + 1],
                      "\(order.map(\.block.description))")
        // In reading order too: by container, then top to bottom.
        for (a, b) in zip(order, order.dropFirst()) {
            XCTAssertTrue(a.container < b.container || a.container == b.container && a.rect.minY < b.rect.minY)
        }
    }

    func testTopBottomAndPagePlacements() throws {
        let top = block(3, .top, label: "Top"), bottom = block(3, .bottom, label: "Bottom"), page = block(5, .page, label: "Page")
        let (manager, _) = layOut(paragraphs: 20, blocks: [1: top, 6: bottom, 10: page])
        let all = placed(manager)
        let t = try XCTUnwrap(all.first { $0.block === top }), b = try XCTUnwrap(all.first { $0.block === bottom })
        let p = try XCTUnwrap(all.first { $0.block === page })
        // The top of the column its anchor ends in (the first: it starts with paragraph 0).
        XCTAssertEqual(t.container, container(ofParagraph: 1, in: manager))
        XCTAssertEqual(t.rect.minY, 0, accuracy: 1e-6)
        XCTAssertLessThanOrEqual(manager.lineFragments(inContainerAt: t.container).first!.rect.minY, 240)
        XCTAssertGreaterThanOrEqual(manager.lineFragments(inContainerAt: t.container).first!.rect.minY, t.rect.maxY)
        XCTAssertEqual(b.container, container(ofParagraph: 6, in: manager))
        XCTAssertEqual(b.rect.maxY, 240, accuracy: 1e-6, "at the foot")
        XCTAssertTrue(manager.lineFragments(inContainerAt: b.container).allSatisfy { $0.rect.maxY <= b.rect.minY + 1e-6 })
        XCTAssertTrue(manager.lineFragments(inContainerAt: p.container).isEmpty, "a page block has its column to itself")
        assertCoversEveryCharacterOnce(manager)
    }

    /// A block for the top goes to the top of the column its anchor ends in when the anchor
    /// still ends there below it (the column's text is set again under the block); else to
    /// the next column, as when that column began with the rest of a paragraph.
    func testATopBlockJoinsTheColumnItsAnchorEndsIn() throws {
        let (probe, _) = layOut(paragraphs: 20, blocks: [:])
        let starts = (0..<20).map { container(ofParagraph: $0, in: probe, last: false) }
        let ends = (0..<20).map { container(ofParagraph: $0, in: probe) }
        // A paragraph that opens a column after the first, and the one after it in that column.
        let opener = try XCTUnwrap((1..<19).first { starts[$0] > 0 && ends[$0 - 1] < starts[$0] && ends[$0 + 1] == starts[$0] },
                                   "a paragraph opens a column")
        let column = starts[opener]
        let top = block(3, .top, label: "Top")
        let (manager, _) = layOut(paragraphs: 20, blocks: [opener + 1: top])
        let t = try XCTUnwrap(placed(manager).first)
        XCTAssertEqual(t.container, column, "at the top of the column its anchor ends in")
        XCTAssertEqual(t.rect.minY, 0, accuracy: 1e-6)
        let lines = manager.lineFragments(inContainerAt: column)
        XCTAssertEqual(lines.first?.paragraphIndex, opener, "the column's text goes on below the block")
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(lines.first).rect.minY, t.rect.maxY)
        XCTAssertEqual(container(ofParagraph: opener + 1, in: manager), column, "the anchor stays with its block")
        assertCoversEveryCharacterOnce(manager)
        // A column that begins with the rest of a paragraph from the one before: the next column.
        let carried = try XCTUnwrap((1..<19).first(where: { starts[$0] < ends[$0] && ends[$0 + 1] == ends[$0] }))
        let late = block(3, .top, label: "Late")
        let (other, _) = layOut(paragraphs: 20, blocks: [carried + 1: late])
        let l = try XCTUnwrap(placed(other).first)
        XCTAssertEqual(l.container, container(ofParagraph: carried + 1, in: other) + 1)
        // A block too tall to leave the anchor in the column: the next column.
        let tall = block(14, .top, label: "Tall")
        let (third, _) = layOut(paragraphs: 20, blocks: [opener + 1: tall])
        let found = try XCTUnwrap(placed(third).first)
        XCTAssertEqual(found.container, container(ofParagraph: opener + 1, in: third) + 1)
    }

    func testEditingBeforeABlockPlacesItOnce() throws {
        let b = block(4, .here, label: "A")
        let (manager, storage) = layOut(paragraphs: 10, blocks: [5: b])
        storage.replaceCharacters(in: 0..<0, with: String(repeating: "More words at the start. ", count: 30))
        manager.ensureLayout()
        XCTAssertEqual(placed(manager).filter { $0.block === b }.count, 1)
        assertCoversEveryCharacterOnce(manager)
    }
}
