import FolioLayout
import Foundation
import XCTest

/// Drop caps (`ParagraphStyle.dropCapLines`): the first letter set several lines high at the
/// start of the paragraph, its foot on the baseline of the last line it spans, the lines
/// beside it indented past it, the lines below at full width; every character still in
/// exactly one fragment.
final class DropCapTests: XCTestCase {
    private let font = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10))

    private func layOut(_ paragraphs: [(String, Int)], width: Double = 240) -> LayoutManager {
        let storage = TextStorage()
        for (k, (text, lines)) in paragraphs.enumerated() {
            var style = ParagraphStyle(alignment: .justified, hyphenation: true)
            style.minimumLineHeight = 12; style.maximumLineHeight = 12
            style.dropCapLines = lines
            storage.append(text + (k + 1 < paragraphs.count ? "\n" : ""), attributes: font, paragraphStyle: style)
        }
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: width, height: 2000)))
        manager.ensureLayout()
        return manager
    }

    func testTheLetterSpansThreeLinesAndTheLinesBesideItAreIndented() throws {
        let manager = layOut([(prose, 3)])
        assertCoversEveryCharacterOnce(manager)
        let lines = manager.lineFragments
        let cap = lines[0]
        XCTAssertEqual(manager.textStorage.substring(cap.characterRange), "I", "the letter is a fragment of its own")
        XCTAssertEqual(manager.textStorage.substring(lines[1].characterRange).prefix(4), "t wa", "the first line goes on after it")
        XCTAssertGreaterThan(cap.rect.height, 30, "set large")
        // Its foot on the third line's baseline; its left edge on the column's.
        XCTAssertEqual(cap.baseline, lines[3].baseline, accuracy: 0.01)
        XCTAssertEqual(cap.usedRect.minX, 0, accuracy: 0.01)
        // Lines 1–3 start past the letter; line 4 on takes the full width.
        for line in lines[1...3] { XCTAssertGreaterThan(line.usedRect.minX, cap.usedRect.maxX + 1) }
        for line in lines[4...] { XCTAssertEqual(line.usedRect.minX, 0, accuracy: 0.01) }
        // Its top is near the first line's top: capitals about as high as the line's.
        XCTAssertEqual(cap.baseline - lines[1].baseline, 24, accuracy: 0.01, "two line steps below the first line's baseline")
    }

    func testTheRestIsBrokenByTotalFitWithHyphens() {
        // First fit (what breaking from inside the first word used to fall back to) never
        // hyphenates; total fit, in a column this narrow, does.
        let manager = layOut([(prose + " " + prose, 3)], width: 130)
        XCTAssertTrue(manager.lineFragments.contains(where: \.isHyphenated), "no hyphens: first fit")
        assertCoversEveryCharacterOnce(manager)
    }

    func testTheLetterStandsAtTheHeadIndentNotTheFirstLineIndent() {
        let storage = TextStorage()
        var style = ParagraphStyle(alignment: .justified, hyphenation: true)
        style.minimumLineHeight = 12; style.maximumLineHeight = 12
        style.firstLineHeadIndent = 15
        style.dropCapLines = 3
        storage.append(prose, attributes: font, paragraphStyle: style)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 240, height: 2000)))
        manager.ensureLayout()
        let lines = manager.lineFragments
        XCTAssertEqual(lines[0].usedRect.minX, 0, accuracy: 0.01)
        XCTAssertEqual(lines[1].usedRect.minX, lines[2].usedRect.minX, accuracy: 0.01, "the lines beside it start together")
    }

    func testAParagraphOpeningWithSomethingOtherThanALetterHasNone() {
        for text in [" spaced", "\tTabbed text that goes on", "— a dash opens this one"] {
            let manager = layOut([(text + " " + prose, 3)])
            XCTAssertFalse(manager.lineFragments[0].rect.height > 20, "\(text): no drop cap")
            assertCoversEveryCharacterOnce(manager)
        }
    }

    func testAnOpeningQuoteGoesWithTheLetter() throws {
        let manager = layOut([("“Quoted openings take the quote with the letter,” said the narrator, at some length, to fill three lines of this column at least.", 2)])
        XCTAssertEqual(manager.textStorage.substring(manager.lineFragments[0].characterRange), "“Q")
        assertCoversEveryCharacterOnce(manager)
    }

    func testAShortParagraphLeavesTheLettersRoomBelowIt() throws {
        let manager = layOut([("Short one.", 3), (prose, 0)])
        let cap = manager.lineFragments[0]
        let next = try XCTUnwrap(manager.lineFragments.first { $0.paragraphIndex == 1 })
        XCTAssertGreaterThanOrEqual(next.rect.minY, cap.baseline, "the next paragraph starts below the letter's foot")
        XCTAssertEqual(next.usedRect.minX, 0, accuracy: 0.01)
    }

    func testOneLineOrNoneIsNoDropCap() {
        for lines in [0, 1] {
            let manager = layOut([(prose, lines)])
            XCTAssertEqual(manager.textStorage.substring(manager.lineFragments[0].characterRange).prefix(4), "It w")
        }
        var style = ParagraphStyle()
        style.dropCapLines = 40
        XCTAssertEqual(style.dropCapLines, 10, "clamped")
    }
}
