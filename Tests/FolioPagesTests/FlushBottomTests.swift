@testable import FolioPages
import Foundation
import XCTest

/// `TypesettingParameters.paragraphStretch`: a page the flow left a line or more short is
/// drawn with its paragraph breaks opened so that its last line ends where a full page's does.
final class FlushBottomTests: XCTestCase {
    /// 90 paragraphs of 1 to 7 lines, widows and orphans of 2 and no line set shorter or
    /// longer (so that some pages run short), on pages 20 lines tall; `chapterAt` opens a
    /// new page.
    private func pages(stretch: Double, chapterAt: Int? = nil, lineSpacing: Double = 0) -> (pages: [LaidOutPage], step: Double) {
        var style = ParagraphStyle(alignment: .justified, hyphenation: true)
        style.minimumLineHeight = 12
        style.maximumLineHeight = 12
        style.orphans = 2
        style.widows = 2
        style.lineSpacing = lineSpacing
        let words = String(repeating: "Words set in columns keep flowing from one to the next until the text runs out. ", count: 8)
            .split(separator: " ")
        let paragraphs = (0..<90).map { i in words.prefix(4 + (i * 11) % 70).joined(separator: " ") }
        let storage = TextStorage(paragraphs.joined(separator: "\n"),
                                  attributes: TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10)),
                                  paragraphStyle: style)
        if let chapterAt {
            var opening = style
            opening.breakBefore = .page
            storage.setParagraphStyle(opening, range: storage.paragraphRange(at: chapterAt))
        }
        var typesetting = TypesettingParameters.standard
        typesetting.loosenessTries = 0
        typesetting.paragraphStretch = stretch
        let composer = PageComposer(template: Template(name: "t", pageSize: Size(width: 300, height: 12 * 20 + 40.5),
                                                       margins: PageMargins(all: 20)))
        let manager = LayoutManager(textStorage: storage, typesetting: typesetting)
        manager.delegate = composer
        manager.ensureLayout()
        XCTAssertNil(manager.unplacedRange)
        return (composer.pages.map { LaidOutPage($0, manager: manager) }, 12 + lineSpacing)
    }

    private func lastLineBottoms(_ pages: [LaidOutPage]) -> [Double] {
        pages.map { page in page.lines(inContainerAt: page.page.columns[0].containerIndex).last!.rect.maxY }
    }

    func testShortPagesEndOnTheLineAFullPageEndsOn() {
        assertShortPagesEndOnTheLineAFullPageEndsOn(lineSpacing: 0)
    }

    /// With space between lines, a line's step is its height and that space.
    func testWithLineSpacingTheStepIsFromBaselineToBaseline() {
        assertShortPagesEndOnTheLineAFullPageEndsOn(lineSpacing: 4)
    }

    private func assertShortPagesEndOnTheLineAFullPageEndsOn(lineSpacing: Double) {
        let (plain, step) = pages(stretch: 0, lineSpacing: lineSpacing)
        let (stretched, _) = pages(stretch: 8, lineSpacing: lineSpacing)
        XCTAssertEqual(plain.count, stretched.count)
        let full = lastLineBottoms(plain).max()!
        let short = lastLineBottoms(plain).dropLast().filter { $0 < full - step / 2 }.count
        XCTAssertGreaterThan(short, 0, "the text must leave pages short")
        // Each page ends on the full page's last line, never past it, unless it has too few
        // breaks for the shortfall (then it is left as it was).
        var filled = 0
        for (k, (bottom, was)) in zip(lastLineBottoms(stretched), lastLineBottoms(plain)).enumerated().dropLast() {
            XCTAssertTrue(abs(bottom - full) < 0.01 || bottom == was, "page \(k + 1) ends at \(bottom), neither \(full) nor \(was)")
            if was < full - step / 2, abs(bottom - full) < 0.01 { filled += 1 }
        }
        XCTAssertGreaterThan(filled, short / 2, "most short pages are filled")
        for (before, after) in zip(plain, stretched) {
            let a = before.lines(inContainerAt: before.page.columns[0].containerIndex)
            let b = after.lines(inContainerAt: after.page.columns[0].containerIndex)
            // The same lines, in the same places across; within a paragraph still a line apart,
            // and each break opened by at most the stretch.
            XCTAssertEqual(a.map(\.characterRange), b.map(\.characterRange))
            XCTAssertEqual(a.map(\.rect.minX), b.map(\.rect.minX))
            for k in b.indices.dropFirst() {
                let gap = (b[k].rect.minY - b[k - 1].rect.minY) - (a[k].rect.minY - a[k - 1].rect.minY)
                if b[k].paragraphIndex == b[k - 1].paragraphIndex {
                    XCTAssertEqual(gap, 0, accuracy: 1e-9)
                } else {
                    XCTAssertGreaterThanOrEqual(gap, 0)
                    XCTAssertLessThanOrEqual(gap, 8 + 1e-9)
                }
            }
        }
    }

    func testAPageBeforeAChapterOrAtTheEndStaysShort() {
        // A chapter opening after three short paragraphs leaves the first page half empty; a
        // stretch large enough to fill it must still leave it, and the last page, as they are.
        let (plain, step) = pages(stretch: 0, chapterAt: 3)
        let (stretched, _) = pages(stretch: 100, chapterAt: 3)
        let full = lastLineBottoms(plain).max()!
        XCTAssertLessThan(lastLineBottoms(plain)[0], full - 4 * step)
        XCTAssertEqual(lastLineBottoms(stretched)[0], lastLineBottoms(plain)[0], "the chapter's last page ends where its text ends")
        XCTAssertEqual(lastLineBottoms(stretched).last, lastLineBottoms(plain).last, "the last page too")
        XCTAssertLessThan(lastLineBottoms(plain).last!, full - step)
    }

    func testTooFewBreaksLeaveThePageShort() {
        let fragments = pages(stretch: 0).pages.flatMap { $0.lines(inContainerAt: $0.page.columns[0].containerIndex) }
        // One paragraph's lines, four lines short of a column of 20: no break to open.
        let paragraph = fragments.filter { $0.paragraphIndex == fragments[0].paragraphIndex }
        XCTAssertEqual(FlushBottom.justify(paragraph, height: 12 * 20, stretch: 100).map(\.rect), paragraph.map(\.rect))
    }
}
