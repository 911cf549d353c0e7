import FolioLayout
import XCTest

final class QueryTests: XCTestCase {
    func testContainerLookupBoundingRectsAndHitTesting() {
        let storage = makeStorage(prose + "\n" + prose)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 200, height: 100)))
        manager.addTextContainer(TextContainer(size: Size(width: 200, height: 2000)))
        manager.ensureLayout()
        let firstRange = manager.characterRange(forContainerAt: 0)
        XCTAssertEqual(firstRange.lowerBound, 0)
        XCTAssertEqual(manager.containerIndex(forCharacterAt: 0), 0)
        XCTAssertEqual(manager.containerIndex(forCharacterAt: firstRange.upperBound), 1)
        XCTAssertEqual(manager.containerIndex(forCharacterAt: storage.length - 1), 1)

        // "best" on the first line: its rect lies inside the first line, right of "It was the ".
        let best = 11..<15
        XCTAssertEqual(storage.substring(best), "best")
        let rect = try! XCTUnwrap(manager.boundingRect(forCharacterRange: best, inContainerAt: 0))
        let line = manager.lineFragments[0]
        XCTAssertTrue(line.rect.contains(rect))
        XCTAssertGreaterThan(rect.minX, 30)
        XCTAssertGreaterThan(rect.width, 15)
        XCTAssertLessThan(rect.width, 30)
        // Hit-testing the middle of that rect finds a character of "best".
        let hit = manager.characterIndex(at: Point(x: rect.minX + rect.width / 2, y: rect.minY + rect.height / 2), inContainerAt: 0)
        XCTAssertTrue(best.contains(hit!))
    }

    func testMeasuringAttributedText() {
        let storage = makeStorage(prose)
        let narrow = TextMeasurer.boundingSize(of: storage, width: 150)
        let wide = TextMeasurer.boundingSize(of: storage, width: 400)
        XCTAssertGreaterThan(narrow.height, wide.height * 2)
        XCTAssertLessThanOrEqual(narrow.width, 150.01)
        // A container of the measured height holds it all.
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 150, height: narrow.height)))
        manager.ensureLayout()
        XCTAssertNil(manager.unplacedRange)
    }

    func testTruncationToThreeLinesEndsInAnEllipsis() {
        var style = ParagraphStyle(alignment: .left)
        style.lineBreakMode = .truncateTail
        let storage = makeStorage(prose, style: style)
        let manager = LayoutManager(textStorage: storage)
        let container = TextContainer(size: Size(width: 200, height: 1000))
        container.maximumNumberOfLines = 3
        manager.addTextContainer(container)
        manager.ensureLayout()
        let lines = manager.lineFragments
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines[2].glyphRuns.last!.text.hasSuffix("\u{2026}"))
        XCTAssertNotNil(lines[2].truncatedRange)
        XCTAssertLessThanOrEqual(lines[2].usedRect.maxX, 200.01)
    }

    func testDecimalTabAlignsOnThePoint() {
        var style = ParagraphStyle(alignment: .left)
        style.tabStops = [TabStop(.decimal, at: 150)]
        let storage = makeStorage("Onions\t$2.34\nSaffron\t$123.5", style: style)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 100)))
        manager.ensureLayout()
        var points: [Double] = []
        for line in manager.lineFragments {
            let offset = storage.substring(line.characterRange).utf8.firstIndex(of: UInt8(ascii: "."))!
            let dot = line.characterRange.lowerBound + storage.substring(line.characterRange).utf8.distance(from: storage.substring(line.characterRange).utf8.startIndex, to: offset)
            points.append(manager.boundingRect(forCharacterRange: dot..<(dot + 1), inContainerAt: 0)!.minX)
        }
        XCTAssertEqual(points[0], 150, accuracy: 0.01)
        XCTAssertEqual(points[1], 150, accuracy: 0.01)
    }

    func testDecimalTabPutsEveryPointsGlyphAtTheStop() throws {
        // The x of each "." glyph, read from the glyph runs: every one at the stop. A
        // number without a point ends at the stop (it aligns as a right tab would).
        var style = ParagraphStyle(alignment: .left)
        // The default terminators: a thousands comma is not the point.
        style.tabStops = [TabStop(.decimal, at: 150)]
        let rows = ["Onions\t$2.34", "Saffron\t$123.5", "Tea, green\t$1,000.25", "A\t.5", "Salt\t$7"]
        let storage = makeStorage(rows.joined(separator: "\n"), style: style)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 200)))
        manager.ensureLayout()
        let lines = manager.lineFragments
        XCTAssertEqual(lines.count, rows.count)
        for (line, row) in zip(lines, rows) {
            let text = storage.substring(line.characterRange)
            if let dot = text.utf8.firstIndex(of: UInt8(ascii: ".")) {
                let offset = line.characterRange.lowerBound + text.utf8.distance(from: text.utf8.startIndex, to: dot)
                let x = try XCTUnwrap(glyphX(atCharacter: offset, in: line), row)
                XCTAssertEqual(x, 150, accuracy: 0.01, row)
            } else {
                let last = try XCTUnwrap(line.glyphRuns.last)
                XCTAssertEqual(last.bounds.maxX, 150, accuracy: 0.01, row)
            }
            // The text before the tab is where it always is.
            XCTAssertEqual(line.glyphRuns.first?.positions.first?.x ?? -1, 0, accuracy: 1e-9, row)
        }
    }

    /// The x of the glyph that sets the character at storage offset `offset`, found
    /// through the runs' clusters (left-to-right runs).
    private func glyphX(atCharacter offset: Int, in line: LineFragment) -> Double? {
        for run in line.glyphRuns where run.characterRange.contains(offset) && !run.isRightToLeft {
            var byte = run.characterRange.lowerBound, glyph = 0
            for cluster in run.clusters {
                if offset < byte + cluster.byteCount { return run.positions[glyph].x }
                byte += cluster.byteCount; glyph += cluster.glyphCount
            }
        }
        return nil
    }
}

final class LineBreakModeTests: XCTestCase {
    func testClipKeepsOneLinePerParagraphCutAtTheEdge() {
        var style = ParagraphStyle(alignment: .left)
        style.lineBreakMode = .clip
        let storage = makeStorage(prose + "\nSecond paragraph, also long enough to be cut off at the container's edge.", style: style)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 150, height: 500)))
        manager.ensureLayout()
        XCTAssertEqual(manager.lineFragments.count, 2)
        for line in manager.lineFragments {
            XCTAssertLessThanOrEqual(line.usedRect.maxX, 150.01)
            XCTAssertNotNil(line.truncatedRange)
            XCTAssertFalse(line.glyphRuns.map(\.text).joined().contains("\u{2026}"))
        }
        assertCoversEveryCharacterOnce(manager)
    }

    func testTruncateHeadAndMiddleKeepTheEnds() {
        for (mode, check) in [(LineBreakMode.truncateHead, "other way."), (.truncateMiddle, "It was")] {
            var style = ParagraphStyle(alignment: .left)
            style.lineBreakMode = mode
            let storage = makeStorage(prose, style: style)
            let manager = LayoutManager(textStorage: storage)
            manager.addTextContainer(TextContainer(size: Size(width: 200, height: 500)))
            manager.ensureLayout()
            XCTAssertEqual(manager.lineFragments.count, 1, "\(mode)")
            let text = manager.lineFragments[0].glyphRuns.map(\.text).joined()
            XCTAssertTrue(text.contains("\u{2026}"), "\(mode): \(text)")
            XCTAssertTrue(text.contains(check), "\(mode): \(text)")
            XCTAssertLessThanOrEqual(manager.lineFragments[0].usedRect.maxX, 200.01)
        }
    }

    func testAnInlineImageTallerThanTheContainerIsPlacedWithAWarning() {
        let storage = makeStorage("Before \u{FFFC} after.", style: ParagraphStyle(alignment: .left))
        storage.addAttributes(TextAttributes(attachment: TextAttachment(path: "/nonexistent.png", size: Size(width: 20, height: 500))),
                              range: 7..<10)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 200, height: 100)))
        manager.ensureLayout()   // returns: the line is placed, overflowing, and reported
        XCTAssertEqual(manager.lineFragments.count, 1)
        XCTAssertTrue(manager.warnings.contains { $0.message.contains("taller than its container") }, "\(manager.warnings)")
        assertCoversEveryCharacterOnce(manager)
    }
}
