import FolioLayout
import XCTest

/// Attachments sized to their column (`AttachmentSizing`) get their size at layout time,
/// from the container their paragraph lands in — not from a width guessed beforehand.
final class AttachmentSizingTests: XCTestCase {
    private let body = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10))

    /// Text, then a figure paragraph (an image 400×200 natural), then text.
    private func storage(_ sizing: AttachmentSizing, natural: Size = Size(width: 400, height: 200),
                         figureStyle: ParagraphStyle = ParagraphStyle(alignment: .center)) -> TextStorage {
        let s = TextStorage()
        s.appendParagraph("Before the figure.", attributes: body, paragraphStyle: ParagraphStyle())
        var a = body
        a.attachment = TextAttachment(path: "figure.png", size: natural, sizing: sizing)
        s.appendParagraph("\u{FFFC}", attributes: a, paragraphStyle: figureStyle)
        s.appendParagraph("After the figure.", attributes: body, paragraphStyle: ParagraphStyle())
        return s
    }

    private func figureRect(_ m: LayoutManager) throws -> (rect: Rect, container: Int) {
        m.ensureLayout()
        let line = try XCTUnwrap(m.lineFragments.first { $0.glyphRuns.contains { $0.attachment != nil } })
        return (try XCTUnwrap(line.glyphRuns.first { $0.attachment != nil }?.attachmentRect), line.containerIndex)
    }

    func testAFigureFillsTheWidthOfTheColumnItLandsIn() throws {
        for width in [300.0, 120.0] {
            let m = LayoutManager(textStorage: storage(.fillWidth(maximumHeight: 1000)))
            m.addTextContainer(TextContainer(size: Size(width: width, height: 1000)))
            let (rect, _) = try figureRect(m)
            XCTAssertEqual(rect.width, width, accuracy: 1e-9)
            XCTAssertEqual(rect.height, width / 2, accuracy: 1e-9, "aspect kept")
        }
    }

    func testAFigureMovingOnToANarrowerColumnIsFittedThere() throws {
        // The first column holds the first paragraph only; the figure lands in the second,
        // narrower one, though it was shaped while the flow was in the first.
        let m = LayoutManager(textStorage: storage(.fillWidth(maximumHeight: 1000)))
        m.addTextContainer(TextContainer(size: Size(width: 300, height: 20)))
        m.addTextContainer(TextContainer(size: Size(width: 140, height: 1000)))
        let (rect, container) = try figureRect(m)
        XCTAssertEqual(container, 1)
        XCTAssertEqual(rect.width, 140, accuracy: 1e-9)
        XCTAssertEqual(rect.height, 70, accuracy: 1e-9)
    }

    /// Paragraphs of filler, then a figure (natural 100×100, filling its column), then more:
    /// enough paragraphs for the background worker to run (it starts with 32 ahead).
    private func longStorage(fillerBefore: Int) -> TextStorage {
        let s = TextStorage()
        for i in 0..<fillerBefore { s.appendParagraph("Filler paragraph \(i).", attributes: body, paragraphStyle: ParagraphStyle()) }
        var a = body
        a.attachment = TextAttachment(path: "figure.png", size: Size(width: 100, height: 100), sizing: .fillWidth(maximumHeight: 1000))
        s.appendParagraph("\u{FFFC}", attributes: a, paragraphStyle: ParagraphStyle())
        for i in 0..<60 { s.appendParagraph("After \(i).", attributes: body, paragraphStyle: ParagraphStyle()) }
        return s
    }

    func testAFigureTooTallForTheRestOfAWideColumnGoesToTheNextSizedForIt() throws {
        // Sized for the wide column it does not fit under the filler; sized for the narrow
        // one it would fit back — it must not bounce between the two and end up sized for
        // the wide column inside the narrow one.
        for filler in [1, 4, 8, 12, 14] {
            for background in [false, true] {
                let m = LayoutManager(textStorage: longStorage(fillerBefore: filler))
                if background { m.shapeInBackground() }
                m.addTextContainer(TextContainer(size: Size(width: 400, height: 300)))
                for _ in 0..<4 { m.addTextContainer(TextContainer(size: Size(width: 150, height: 300))) }
                let (rect, container) = try figureRect(m)
                let width = m.textContainers[container].size.width
                XCTAssertEqual(rect.width, width, accuracy: 1e-9, "filler \(filler), background \(background): fitted to its column")
                XCTAssertEqual(rect.height, width, accuracy: 1e-9)
                XCTAssertGreaterThanOrEqual(rect.minX, 0)
                assertCoversEveryCharacterOnce(m)
            }
        }
    }

    func testTheWorkerFitsFiguresAsTheLayoutThreadDoes() throws {
        func rects(_ background: Bool) throws -> [Rect] {
            let m = LayoutManager(textStorage: longStorage(fillerBefore: 40))
            if background { m.shapeInBackground() }
            m.addTextContainer(TextContainer(size: Size(width: 300, height: 400)))
            m.addTextContainer(TextContainer(size: Size(width: 120, height: 2000)))
            m.ensureLayout()
            return m.lineFragments.flatMap(\.glyphRuns).compactMap(\.attachmentRect)
        }
        let single = try rects(false), threaded = try rects(true)
        XCTAssertEqual(single.count, 1)
        XCTAssertEqual(single, threaded)
    }

    func testIndentsAndPaddingNarrowTheRoom() throws {
        var style = ParagraphStyle(alignment: .left)
        style.headIndent = 20; style.firstLineHeadIndent = 30; style.tailIndent = -10
        let m = LayoutManager(textStorage: storage(.fillWidth(maximumHeight: 1000), figureStyle: style))
        let c = TextContainer(size: Size(width: 300, height: 1000))
        c.lineFragmentPadding = 5
        m.addTextContainer(c)
        let (rect, _) = try figureRect(m)
        XCTAssertEqual(rect.width, 300 - 2 * 5 - 30 - 10, accuracy: 1e-9, "the first line's text area")
        XCTAssertEqual(rect.minX, 5 + 30, accuracy: 1e-9)
    }

    func testTheMaximumHeightBoundsAFigure() throws {
        let m = LayoutManager(textStorage: storage(.fillWidth(maximumHeight: 50)))
        m.addTextContainer(TextContainer(size: Size(width: 300, height: 1000)))
        let (rect, _) = try figureRect(m)
        XCTAssertEqual(rect.height, 50, accuracy: 1e-9)
        XCTAssertEqual(rect.width, 100, accuracy: 1e-9, "narrower, aspect kept")
    }

    func testShrinkToFitNeverEnlarges() throws {
        let small = LayoutManager(textStorage: storage(.shrinkToFit(maximumHeight: 1000), natural: Size(width: 40, height: 20)))
        small.addTextContainer(TextContainer(size: Size(width: 300, height: 1000)))
        XCTAssertEqual(try figureRect(small).rect.size, Size(width: 40, height: 20))
        let large = LayoutManager(textStorage: storage(.shrinkToFit(maximumHeight: 1000)))
        large.addTextContainer(TextContainer(size: Size(width: 160, height: 1000)))
        XCTAssertEqual(try figureRect(large).rect.size, Size(width: 160, height: 80))
        let tall = LayoutManager(textStorage: storage(.shrinkToFit(maximumHeight: 30)))
        tall.addTextContainer(TextContainer(size: Size(width: 1000, height: 1000)))
        XCTAssertEqual(try figureRect(tall).rect.size, Size(width: 60, height: 30))
    }

    func testFixedAttachmentsKeepTheirSize() throws {
        let m = LayoutManager(textStorage: storage(.fixed, natural: Size(width: 400, height: 200)))
        m.addTextContainer(TextContainer(size: Size(width: 100, height: 1000)))
        XCTAssertEqual(try figureRect(m).rect.size, Size(width: 400, height: 200), "as given, even wider than the column")
    }
}
