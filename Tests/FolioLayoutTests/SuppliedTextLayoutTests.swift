@testable import FolioLayout
import XCTest

/// Columns on demand; each completed column's lines are taken and then forgotten, as a
/// renderer writing pages does. Records how much text the storage held at each column.
private final class WrittenColumns: LayoutManagerDelegate {
    var written: [LineFragment] = []
    var retained: [Int] = []
    func layoutManager(_ layoutManager: LayoutManager, containerAfter last: TextContainer?) -> TextContainer? {
        TextContainer(size: Size(width: 160, height: 180))
    }
    /// Paragraphs still held whose layout would start again in a container let go of.
    var restartsInReleasedContainers = 0
    func layoutManager(_ layoutManager: LayoutManager, didCompleteContainerAt index: Int) {
        written += layoutManager.lineFragments(inContainerAt: index)
        layoutManager.forgetLayout(beforeContainerAt: index + 1)
        retained.append(layoutManager.textStorage.retainedRange.count)
        let records = layoutManager.records
        for k in layoutManager.textStorage.firstRetainedParagraph..<records.count {
            let c = records[k].cursor.containerIndex
            if c < layoutManager.textContainers.count, layoutManager.textContainers[c] === layoutManager.releasedContainer {
                restartsInReleasedContainers += 1
            }
        }
    }
}

/// A storage fed a part at a time while it is laid out (`LayoutManager.textSupplier`) is
/// set line for line as the whole storage is, and holds only the text still in flight.
final class SuppliedTextLayoutTests: XCTestCase {
    private static let body: ParagraphStyle = {
        var style = ParagraphStyle(alignment: .justified, hyphenation: true)
        style.paragraphSpacing = 3
        style.widows = 2
        style.orphans = 2
        return style
    }()
    private static let heading: ParagraphStyle = {
        var style = ParagraphStyle(alignment: .left)
        style.keepWithNext = true
        style.paragraphSpacingBefore = 8
        return style
    }()
    private static let font = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10))

    /// Headings kept with their text, prose of every length, and a table now and then.
    private static func document(paragraphs: Int) -> AttributedText {
        let words = prose.split(separator: " ")
        var text = AttributedText()
        var tables = 0
        for k in 0..<paragraphs {
            if k % 23 == 5 {
                text.append("Chapter \(k)", attributes: font)
                text.endParagraph(heading, attributes: font)
            } else if k % 41 == 7 {
                // A table of 40 cells: longer than layout's look ahead.
                let table = TextTable(columnCount: 2)
                tables += 1
                for r in 0..<20 {
                    for c in 0..<2 {
                        var style = ParagraphStyle(alignment: .left)
                        style.textBlocks = [TextTableBlock(table: table, startingRow: r, startingColumn: c)]
                        text.append("t\(tables) r\(r) c\(c)", attributes: font)
                        text.endParagraph(style, attributes: font)
                    }
                }
            } else {
                let count = 5 + (k * 37) % 90
                text.append(words.prefix(count).joined(separator: " "), attributes: font)
                text.endParagraph(body, attributes: font)
            }
        }
        text.removeFinalSeparator()
        return text
    }

    /// `text` split into parts of about `bytes` bytes, whole paragraphs each, every part
    /// but the last ending in a separator.
    private static func parts(of text: AttributedText, bytes: Int) -> [AttributedText] {
        let whole = TextStorage()
        whole.append(text)
        var parts: [AttributedText] = []
        var start = 0, index = 0
        while index < whole.paragraphCount {
            var end = index
            while end + 1 < whole.paragraphCount, whole.paragraphRange(at: end).upperBound - whole.paragraphRange(at: index).lowerBound < bytes {
                end += 1
            }
            let range = start..<whole.paragraphRange(at: end).upperBound
            var part = whole.attributedText(in: range)
            if end + 1 < whole.paragraphCount {
                // `attributedText(in:)` leaves the last separator out: put it back.
                part.endParagraph(whole.paragraphStyle(ofParagraph: end), attributes: whole.attributes(at: range.upperBound - 1).attributes)
            }
            parts.append(part)
            start = range.upperBound
            index = end + 1
        }
        return parts
    }

    private func layOut(_ text: AttributedText, partBytes: Int?, background: Bool) -> (WrittenColumns, LayoutManager) {
        let storage = TextStorage()
        // Widows and orphans kept out by setting paragraphs before a break a line longer or
        // shorter, and hyphens kept off a column's foot: layout looks back from the flow.
        var typesetting = TypesettingParameters.standard
        typesetting.loosenessTries = 3
        typesetting.loosenessTolerance = 800
        typesetting.brokenPenalty = 100
        let manager = LayoutManager(textStorage: storage, typesetting: typesetting)
        let columns = WrittenColumns()
        manager.delegate = columns
        if background { manager.shapeInBackground() }
        if let partBytes {
            var parts = Self.parts(of: text, bytes: partBytes)[...]
            manager.textSupplier = { [unowned storage] in
                storage.append(parts.removeFirst())
                return !parts.isEmpty
            }
        } else {
            storage.append(text)
        }
        manager.ensureLayout()
        return (columns, manager)
    }

    func testSuppliedTextIsSetAsTheWholeText() throws {
        let text = Self.document(paragraphs: 400)
        for background in [false, true] {
            let (whole, _) = layOut(text, partBytes: nil, background: background)
            for partBytes in [300, 4_000, 50_000] {
                let (supplied, manager) = layOut(text, partBytes: partBytes, background: background)
                XCTAssertGreaterThan(whole.written.count, 1_000)
                XCTAssertEqual(layoutSignatures(supplied.written), layoutSignatures(whole.written),
                               "parts of \(partBytes) bytes, worker \(background)")
                XCTAssertTrue(manager.isComplete)
                XCTAssertTrue(manager.hasWholeText)
                XCTAssertEqual(manager.textStorage.length, text.length)
            }
        }
    }

    func testOnlyTheTextInFlightIsHeld() {
        let text = Self.document(paragraphs: 3_000)
        let (columns, manager) = layOut(text, partBytes: 2_000, background: true)
        // What layout keeps in hand ahead, a part, and the columns not yet forgotten: a
        // small and steady fraction of a text that grows without bound.
        let bound = LayoutManager.bytesAhead + 2_000 + 6_000
        XCTAssertGreaterThan(text.length, 10 * bound)
        XCTAssertLessThan(columns.retained.max()!, bound)
        XCTAssertGreaterThan(manager.textStorage.firstRetainedParagraph, 0)
        // The containers of the columns written, and what layout noted about their
        // paragraphs, are let go of too.
        XCTAssertGreaterThan(manager.textContainers.count, 200)
        XCTAssertLessThan(Set(manager.textContainers.map(ObjectIdentifier.init)).count, 10)
        let notes = manager.widowBreaks.count + manager.unhyphenatedLines.count + manager.looseLines.count
            + manager.setWidths.count + manager.keptParagraphs.count + manager.topFloatsJoined.count + manager.loosenedBreaks.count
        XCTAssertLessThan(notes, 40)
        XCTAssertEqual(columns.restartsInReleasedContainers, 0, "a paragraph still held starts in a container let go of")
    }

    func testWithoutASupplierNothingIsLetGo() {
        let text = Self.document(paragraphs: 200)
        let (_, manager) = layOut(text, partBytes: nil, background: false)
        XCTAssertEqual(manager.textStorage.retainedRange, 0..<text.length)
        XCTAssertEqual(Set(manager.textContainers.map(ObjectIdentifier.init)).count, manager.textContainers.count)
    }
}
