import FolioLayout
import XCTest

/// A storage holding one table after an optional paragraph: `rows` of cell texts (a
/// cell may hold several paragraphs, separated by "\n"), each cell's block made by `block`.
func makeTableStorage(_ rows: [[String]], table: TextTable, before: String? = nil, after: String? = nil,
                      block: (Int, Int) -> TextTableBlock? = { _, _ in nil },
                      style: ParagraphStyle = ParagraphStyle(alignment: .left)) -> TextStorage {
    let storage = TextStorage()
    let attributes = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10))
    if let before { storage.appendParagraph(before, attributes: attributes, paragraphStyle: style) }
    for (r, row) in rows.enumerated() {
        for (c, text) in row.enumerated() {
            var cellStyle = style
            cellStyle.textBlocks = [block(r, c) ?? TextTableBlock(table: table, startingRow: r, startingColumn: c)]
            for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
                storage.appendParagraph(String(paragraph), attributes: attributes, paragraphStyle: cellStyle)
            }
        }
    }
    if let after { storage.appendParagraph(after, attributes: attributes, paragraphStyle: style) }
    return storage
}

/// Supplies containers of one size, up to a bound.
final class SameSizeContainers: LayoutManagerDelegate {
    let size: Size
    var given = 0
    init(_ size: Size) { self.size = size }
    func layoutManager(_ layoutManager: LayoutManager, containerAfter last: TextContainer?,
                       for request: ContainerRequest) -> TextContainer? {
        guard given < 200 else { return nil }
        given += 1
        return TextContainer(size: size)
    }
}

final class TableLayoutTests: XCTestCase {
    private func layout(_ storage: TextStorage, size: Size = Size(width: 400, height: 600)) -> (LayoutManager, SameSizeContainers) {
        let manager = LayoutManager(textStorage: storage)
        let containers = SameSizeContainers(size)
        manager.delegate = containers
        manager.ensureLayout()
        return (manager, containers)
    }

    /// The lines with text of the cell holding `text`.
    private func lines(of text: String, in manager: LayoutManager) -> [LineFragment] {
        manager.lineFragments.filter { !$0.isRepetition && $0.glyphRuns.contains { $0.text.contains(text) } }
    }

    func testCellsSitSideBySideInTheirColumnsAndRowsStack() throws {
        let table = TextTable(columnCount: 3)
        let storage = makeTableStorage([["Apple", "Banana", "Cherry"], ["Dates and figs", "E", "F"]], table: table,
                                       before: "Before the table.", after: "After the table.")
        let (manager, _) = layout(storage)
        let frames = manager.tableCellFrames(inContainerAt: 0)
        XCTAssertEqual(frames.count, 6)
        // Columns: left to right, touching.
        XCTAssertEqual(frames[0].rect.maxX, frames[1].rect.minX, accuracy: 1e-9)
        XCTAssertEqual(frames[1].rect.maxX, frames[2].rect.minX, accuracy: 1e-9)
        // Rows: the second starts where the first ends, and every cell of a row is as tall.
        XCTAssertEqual(frames[0].rect.height, frames[2].rect.height, accuracy: 1e-9)
        XCTAssertEqual(frames[3].rect.minY, frames[0].rect.maxY, accuracy: 1e-9)
        // Text inside its cell, after the padding.
        let apple = try XCTUnwrap(lines(of: "Apple", in: manager).first)
        XCTAssertEqual(apple.usedRect.minX, frames[0].rect.minX + 4, accuracy: 0.01)
        let dates = try XCTUnwrap(lines(of: "Dates", in: manager).first)
        XCTAssertGreaterThanOrEqual(dates.rect.minY, frames[3].rect.minY + 2 - 1e-9)
        // The paragraphs around it: above and below the table.
        let before = try XCTUnwrap(lines(of: "Before", in: manager).first)
        let after = try XCTUnwrap(lines(of: "After", in: manager).first)
        XCTAssertLessThanOrEqual(before.rect.maxY, frames[0].rect.minY + 1e-9)
        XCTAssertGreaterThanOrEqual(after.rect.minY, frames[5].rect.maxY - 1e-9)
        // Automatic widths: the column of the longest content is the widest; the table
        // is no wider than its content needs.
        XCTAssertGreaterThan(frames[0].rect.width, frames[1].rect.width)
        XCTAssertLessThan(frames[2].rect.maxX, 400)
    }

    func testAutomaticWidthsGiveEveryColumnItsLongestWordAndShareTheRest() throws {
        let table = TextTable(columnCount: 2, width: .fraction(1))
        let long = String(repeating: "word ", count: 60)
        let storage = makeTableStorage([["Incomprehensibilities", long]], table: table)
        let (manager, _) = layout(storage, size: Size(width: 300, height: 800))
        let frames = manager.tableCellFrames(inContainerAt: 0)
        XCTAssertEqual(frames.count, 2)
        let word = try XCTUnwrap(lines(of: "Incomprehensibilities", in: manager).first)
        XCTAssertEqual(lines(of: "Incomprehensibilities", in: manager).count, 1, "the long word is not broken")
        XCTAssertLessThanOrEqual(word.usedRect.maxX, frames[0].rect.maxX - 4 + 0.01)
        XCTAssertEqual(frames[1].rect.maxX, 300, accuracy: 0.01, "a full-width table fills the container")
        XCTAssertGreaterThan(lines(of: "word", in: manager).count, 3, "the long cell wraps")
    }

    func testFixedFractionalAndFlexibleColumns() {
        let table = TextTable(columnCount: 3, columns: [TableColumn(width: .points(100)), TableColumn(width: .fraction(0.25)),
                                                        TableColumn(width: .flexible(1))])
        let storage = makeTableStorage([["a", "b", "c"]], table: table)
        let (manager, _) = layout(storage, size: Size(width: 400, height: 600))
        let frames = manager.tableCellFrames(inContainerAt: 0)
        XCTAssertEqual(frames.map(\.rect.width), [100, 100, 200])
    }

    func testHeaderRowsRepeatAtTheTopOfEveryContainer() {
        let table = TextTable(columnCount: 2, headerRowCount: 1)
        var rows = [["Name", "Amount"]]
        for i in 1...60 { rows.append(["Item \(i)", "\(i * 3).00"]) }
        let storage = makeTableStorage(rows, table: table)
        let (manager, containers) = layout(storage, size: Size(width: 300, height: 200))
        XCTAssertGreaterThan(containers.given, 3)
        for c in 0..<manager.textContainers.count {
            let texts = manager.lineFragments(inContainerAt: c).filter { !$0.glyphRuns.isEmpty }
            XCTAssertEqual(texts.first?.glyphRuns.first?.text, "Name", "container \(c) starts with the header")
            XCTAssertEqual(texts.first?.isRepetition, c > 0)
        }
        // Every body row is set exactly once.
        for i in 1...60 { XCTAssertEqual(lines(of: "Item \(i)\u{0}".dropLast().description, in: manager).filter { $0.glyphRuns.first?.text == "Item \(i)" }.count, 1) }
        XCTAssertEqual(manager.lineFragment(forCharacterAt: 0)?.containerIndex, 0, "the header's own lines answer queries")
    }

    func testATallRowSplitsBetweenLinesAndItsCellsContinueSideBySide() throws {
        let table = TextTable(columnCount: 2)
        let storage = makeTableStorage([["Short", prose + " " + prose]], table: table, before: "Some text before.")
        let (manager, _) = layout(storage, size: Size(width: 300, height: 150))
        XCTAssertGreaterThan(manager.textContainers.count, 1)
        let frames = manager.frames(ofTableCellAt: storage.string.utf8.count - 10)
        XCTAssertGreaterThan(frames.count, 1, "the long cell has a part in each container")
        XCTAssertEqual(Set(frames.map(\.containerIndex)).count, frames.count)
        // The short cell's box goes on beside it on the next container, empty.
        let short = manager.frames(ofTableCellAt: storage.paragraphRange(at: 1).lowerBound)
        XCTAssertEqual(short.count, frames.count)
        XCTAssertEqual(short[1].rect.minY, frames[1].rect.minY, accuracy: 1e-9)
        // No line is lost or set twice, and no line crosses its container's bottom.
        let cellLines = manager.lineFragments.filter { $0.paragraphIndex == 2 }
        var expected = storage.paragraphRange(at: 2).lowerBound
        for l in cellLines {
            XCTAssertEqual(l.characterRange.lowerBound, expected)
            expected = l.characterRange.upperBound
            XCTAssertLessThanOrEqual(l.rect.maxY, 150 + 1e-6)
        }
        XCTAssertEqual(expected, storage.paragraphRange(at: 2).upperBound)
    }

    func testARowThatKeepsTogetherMovesWhole() {
        let table = TextTable(columnCount: 2)
        let storage = makeTableStorage([["Short", prose]], table: table, before: prose + " " + prose, block: { r, c in
            TextTableBlock(table: table, startingRow: r, startingColumn: c, keepsRowTogether: true)
        })
        let (manager, _) = layout(storage, size: Size(width: 300, height: 250))
        let frames = manager.frames(ofTableCellAt: storage.paragraphRange(at: 2).lowerBound)
        XCTAssertEqual(frames.count, 1)
        XCTAssertEqual(frames.first?.containerIndex, 1)
        // Without the keep, the same row splits.
        let free = makeTableStorage([["Short", prose]], table: table, before: prose + " " + prose)
        XCTAssertEqual(layout(free, size: Size(width: 300, height: 250)).0.frames(ofTableCellAt: free.paragraphRange(at: 2).lowerBound).count, 2)
    }

    func testSpanningCellsCoverTheirColumnsAndRows() {
        let table = TextTable(columnCount: 3)
        // Row 0: a cell over two columns, one cell; row 1-2: a cell over two rows, two cells; row 2: two cells.
        let storage = TextStorage()
        let attributes = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10))
        func add(_ text: String, _ r: Int, _ c: Int, rows: Int = 1, columns: Int = 1) {
            var s = ParagraphStyle(alignment: .left)
            s.textBlocks = [TextTableBlock(table: table, startingRow: r, rowSpan: rows, startingColumn: c, columnSpan: columns)]
            storage.appendParagraph(text, attributes: attributes, paragraphStyle: s)
        }
        add("Across two", 0, 0, columns: 2); add("C", 0, 2)
        add("Down two", 1, 0, rows: 2); add("B1", 1, 1); add("C1", 1, 2)
        add("B2", 2, 1); add("C2", 2, 2)
        let (manager, _) = layout(storage)
        let frames = manager.tableCellFrames(inContainerAt: 0)
        XCTAssertEqual(frames.count, 7)
        let across = frames[0], c = frames[1], down = frames[2], b1 = frames[3], b2 = frames[5]
        XCTAssertEqual(across.rect.maxX, c.rect.minX, accuracy: 1e-9)
        XCTAssertEqual(across.rect.width, down.rect.width + b1.rect.width, accuracy: 1e-9)
        XCTAssertEqual(down.rect.height, b1.rect.height + b2.rect.height, accuracy: 1e-9)
        XCTAssertEqual(storage.tableBlock(at: storage.paragraphRange(at: 2).lowerBound)?.rowSpan, 2)
    }

    func testDecimalColumnsLineUpOnTheSeparator() throws {
        let table = TextTable(columnCount: 2, columns: [TableColumn(), TableColumn(alignment: .decimal())])
        let storage = makeTableStorage([["a", "1.5"], ["b", "1234.25"], ["c", "17"], ["d", "0.125"]], table: table)
        let (manager, _) = layout(storage)
        func x(ofSeparatorIn paragraph: Int) throws -> Double {
            let range = storage.paragraphRange(at: paragraph)
            let text = Array(storage.string.utf8[storage.string.utf8.index(storage.string.utf8.startIndex, offsetBy: range.lowerBound)...])
            let dot = try XCTUnwrap(text.firstIndex(of: UInt8(ascii: ".")))
            return try XCTUnwrap(manager.boundingRect(forCharacterRange: (range.lowerBound + dot)..<(range.lowerBound + dot + 1),
                                                      inContainerAt: 0)).minX
        }
        let xs = try [1, 3, 7].map { try x(ofSeparatorIn: $0) }
        XCTAssertEqual(xs[0], xs[1], accuracy: 0.01)
        XCTAssertEqual(xs[0], xs[2], accuracy: 0.01)
        // An integer ends where the others' separators are.
        let seventeen = try XCTUnwrap(lines(of: "17", in: manager).first)
        XCTAssertEqual(seventeen.usedRect.maxX, xs[0], accuracy: 0.01)
    }

    func testNestedTablesAreSetInsideTheirCell() throws {
        let outer = TextTable(columnCount: 2)
        let inner = TextTable(columnCount: 2)
        let storage = TextStorage()
        let attributes = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10))
        func add(_ text: String, _ blocks: [TextTableBlock]) {
            var s = ParagraphStyle(alignment: .left)
            s.textBlocks = blocks
            storage.appendParagraph(text, attributes: attributes, paragraphStyle: s)
        }
        let left = TextTableBlock(table: outer, startingRow: 0, startingColumn: 0)
        add("Outer left", [left])
        add("Inner one", [TextTableBlock(table: outer, startingRow: 0, startingColumn: 1), TextTableBlock(table: inner, startingRow: 0, startingColumn: 0)])
        add("Inner two", [TextTableBlock(table: outer, startingRow: 0, startingColumn: 1), TextTableBlock(table: inner, startingRow: 0, startingColumn: 1)])
        add("Inner three", [TextTableBlock(table: outer, startingRow: 0, startingColumn: 1), TextTableBlock(table: inner, startingRow: 1, startingColumn: 0)])
        let (manager, _) = layout(storage)
        let frames = manager.tableCellFrames(inContainerAt: 0)
        let outerRight = try XCTUnwrap(frames.first { $0.block.table === outer && $0.block.startingColumn == 1 })
        let innerCells = frames.filter { $0.block.table === inner }
        XCTAssertEqual(innerCells.count, 3)
        for cell in innerCells {
            XCTAssertGreaterThanOrEqual(cell.rect.minX, outerRight.rect.minX - 1e-9)
            XCTAssertLessThanOrEqual(cell.rect.maxX, outerRight.rect.maxX + 1e-9)
        }
        XCTAssertEqual(innerCells[2].rect.minY, innerCells[0].rect.maxY, accuracy: 1e-9)
        let three = try XCTUnwrap(lines(of: "Inner three", in: manager).first)
        XCTAssertEqual(manager.frames(ofTableCellAt: three.characterRange.lowerBound).first?.block.table, inner)
    }

    func testFooterRowsRepeatAtEveryBreakAndTheContinuedLabelShows() {
        let table = TextTable(columnCount: 2, headerRowCount: 1, footerRowCount: 1, continuationLabel: "(continued)")
        var rows = [["Name", "Amount"]]
        for i in 1...40 { rows.append(["Item \(i)", "\(i)"]) }
        rows.append(["Total", "820"])
        let storage = makeTableStorage(rows, table: table)
        let (manager, _) = layout(storage, size: Size(width: 300, height: 200))
        XCTAssertGreaterThan(manager.textContainers.count, 2)
        for c in 0..<manager.textContainers.count {
            let texts = manager.lineFragments(inContainerAt: c).compactMap { $0.glyphRuns.first?.text }
            XCTAssertEqual(texts.last == "820" || texts.last == "Total", true, "container \(c) ends with the footer: \(texts.suffix(2))")
            XCTAssertEqual(texts.first, c == 0 ? "Name" : "(continued)")
        }
        XCTAssertEqual(manager.lineFragments.filter { !$0.isRepetition && $0.glyphRuns.first?.text == "Total" }.count, 1)
    }

    func testDecimalColumnsTakeTheSeparatorFromTheLanguage() throws {
        let table = TextTable(columnCount: 1, columns: [TableColumn(alignment: .decimal())], placement: .trailing)
        func points(_ language: String, _ values: [String], separator: Character) throws -> [Double] {
            let storage = makeTableStorage(values.map { [$0] }, table: table)
            storage.beginEditing()
            var a = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10))
            a.language = language
            storage.setAttributes(a, range: 0..<storage.length)
            storage.endEditing()
            let (manager, _) = layout(storage)
            return try (0..<values.count).map { i in
                let range = storage.paragraphRange(at: i)
                let text = Array(values[i].utf8)
                let at = try XCTUnwrap(text.lastIndex(of: UInt8(ascii: separator == "." ? "." : ","))) + range.lowerBound
                return try XCTUnwrap(manager.boundingRect(forCharacterRange: at..<(at + 1), inContainerAt: 0)).minX
            }
        }
        let english = try points("en", ["1,234.50", "7.25", "10,000.5"], separator: ".")
        XCTAssertEqual(english.max()! - english.min()!, 0, accuracy: 0.01, "English: the point, not the comma")
        let german = try points("de", ["1.234,50", "7,25", "10.000,5"], separator: ",")
        XCTAssertEqual(german.max()! - german.min()!, 0, accuracy: 0.01, "German: the comma")
    }

    func testEditingACellLaysTheTableOutAgainAsAFreshManagerWould() {
        let table = TextTable(columnCount: 2, headerRowCount: 1)
        var rows = [["Name", "Notes"]]
        for i in 1...30 { rows.append(["Item \(i)", i % 7 == 0 ? prose : "short note \(i)"]) }
        let storage = makeTableStorage(rows, table: table, before: "Intro.", after: "The end.")
        let (manager, _) = layout(storage, size: Size(width: 300, height: 260))
        // Lengthen a cell deep in the table, then shorten another.
        let cell = storage.paragraphRange(at: 1 + 2 * 20 + 1)
        storage.replaceCharacters(in: cell.lowerBound..<cell.lowerBound, with: prose + " ")
        manager.ensureLayout()
        func assertSameAsFresh(_ line: UInt = #line) {
            let a = layoutSignatures(manager.lineFragments)
            let b = layoutSignatures(layout(storage, size: Size(width: 300, height: 260)).0.lineFragments)
            XCTAssertEqual(a.count, b.count, "\(a.suffix(2).map { $0.prefix(60) }) vs \(b.suffix(2).map { $0.prefix(60) })", line: line)
            if let i = (0..<min(a.count, b.count)).first(where: { a[$0] != b[$0] }) { XCTFail("line \(i): \(a[i].prefix(150)) ≠ \(b[i].prefix(150))", line: line) }
        }
        assertSameAsFresh()
        let other = storage.paragraphRange(at: 1 + 2 * 7 + 1)
        storage.replaceCharacters(in: other.lowerBound..<(other.upperBound - 1), with: "now short")
        manager.ensureLayout()
        assertSameAsFresh()
    }

    func testEditingBeforeATableSplicesItsLayoutBackAsAFreshManagerWould() {
        // The table's paragraphs share one layout record; an edit before the table keeps
        // the table's layout as a tail and splices it back, record runs and all.
        let table = TextTable(columnCount: 3, headerRowCount: 1)
        var rows = [["#", "Name", "Note"]]
        for i in 1...40 { rows.append(["\(i)", "Item \(i)", i % 9 == 0 ? prose : "note \(i)"]) }
        let storage = makeTableStorage(rows, table: table, before: "Intro paragraph.", after: "After the table.")
        storage.appendParagraph("And one more paragraph after that.")
        let size = Size(width: 300, height: 260)
        let (manager, containers) = layout(storage, size: size)
        defer { withExtendedLifetime(containers) {} }
        let intro = storage.paragraphRange(at: 0)
        storage.replaceCharacters(in: intro.lowerBound..<(intro.lowerBound + 5), with: "Opening")
        manager.ensureLayout()
        XCTAssertEqual(layoutSignatures(manager.lineFragments), layoutSignatures(layout(storage, size: size).0.lineFragments))
        // Characters and rows are still found in the spliced table.
        let cell = storage.paragraphRange(at: 1 + 3 * 17 + 1)
        XCTAssertEqual(storage.tableBlock(at: cell.lowerBound)?.startingRow, 17)
        XCTAssertFalse(manager.frames(ofTableCellAt: cell.lowerBound).isEmpty)
        // An edit after the table lays out only what follows it.
        let last = storage.paragraphRange(at: storage.paragraphCount - 1)
        storage.replaceCharacters(in: last.lowerBound..<(last.lowerBound + 3), with: "Then")
        manager.ensureLayout()
        XCTAssertEqual(layoutSignatures(manager.lineFragments), layoutSignatures(layout(storage, size: size).0.lineFragments))
    }

    /// Supplies containers made by `make` (given how many came before), up to 100.
    private final class MadeContainers: LayoutManagerDelegate {
        let make: (Int) -> TextContainer
        var given = 0
        init(_ make: @escaping (Int) -> TextContainer) { self.make = make }
        func layoutManager(_ layoutManager: LayoutManager, containerAfter last: TextContainer?,
                           for request: ContainerRequest) -> TextContainer? {
            guard given < 100 else { return nil }
            defer { given += 1 }
            return make(given)
        }
    }

    func testATableContinuingIntoAContainerOfAnotherWidthSharesItsColumnsOutForIt() throws {
        var rows = [["Item", "Description", "Amount"]]
        for i in 1...40 { rows.append(["\(i)", i % 5 == 0 ? "A longer description of item \(i) that wraps" : "Item \(i)", "\(i * 7).50"]) }
        for widths in [[200.0, 420], [420.0, 200]] {
            let table = TextTable(columnCount: 3, width: .fraction(1), headerRowCount: 1)
            let storage = makeTableStorage(rows, table: table)
            let manager = LayoutManager(textStorage: storage)
            let containers = MadeContainers { TextContainer(size: Size(width: widths[min($0, widths.count - 1)], height: 220)) }
            manager.delegate = containers
            manager.ensureLayout()
            XCTAssertNil(manager.unplacedRange)
            XCTAssertGreaterThan(manager.textContainers.count, 2)
            for (index, container) in manager.textContainers.enumerated() {
                let frames = manager.tableCellFrames(inContainerAt: index)
                guard !frames.isEmpty else { continue }
                // A full-width table fills each container it is set in, and no cell runs past it.
                let right = try XCTUnwrap(frames.map(\.rect.maxX).max())
                XCTAssertEqual(frames.map(\.rect.minX).min()!, 0, accuracy: 0.01, "\(widths) container \(index)")
                XCTAssertEqual(right, container.size.width, accuracy: 0.01, "\(widths) container \(index)")
                // The header repeated at its top is set for the same columns as the rows under it.
                let header = frames.filter { $0.block.startingRow == 0 }
                let body = frames.filter { $0.block.startingRow > 0 }
                XCTAssertEqual(header.count, 3)
                for column in 0..<3 {
                    let h = try XCTUnwrap(header.first { $0.block.startingColumn == column }).rect
                    for cell in body where cell.block.startingColumn == column {
                        XCTAssertEqual(cell.rect.minX, h.minX, accuracy: 0.01)
                        XCTAssertEqual(cell.rect.width, h.width, accuracy: 0.01)
                    }
                }
                // The lines of text stay inside their container.
                for line in manager.lineFragments(inContainerAt: index) where !line.glyphRuns.isEmpty {
                    XCTAssertLessThanOrEqual(line.usedRect.maxX, container.size.width + 0.01)
                }
            }
        }
    }

    func testARowSplitIntoAContainerOfAnotherWidthGoesOnSetForItsColumnsThere() throws {
        // A row too tall for the first container splits; its cells go on in the next one,
        // whose width differs: what is left of each cell is set again for its column
        // there, from where the first part ended, and a row moved whole likewise.
        let long = prose + " " + prose + " " + prose
        for widths in [[200.0, 420], [420.0, 200]] {
            let table = TextTable(columnCount: 2, width: .fraction(1))
            let storage = makeTableStorage([["Short", long], ["Next", prose]], table: table, before: "Some text before.")
            let manager = LayoutManager(textStorage: storage)
            manager.delegate = MadeContainers { TextContainer(size: Size(width: widths[min($0, 1)], height: 160)) }
            manager.ensureLayout()
            XCTAssertNil(manager.unplacedRange)
            for paragraph in [2, 4] {
                // Every line of the cell once, in order, none past its frame in its container.
                let cellLines = manager.lineFragments.filter { $0.paragraphIndex == paragraph && !$0.glyphRuns.isEmpty }
                var expected = storage.paragraphRange(at: paragraph).lowerBound
                for (k, line) in cellLines.enumerated() {
                    XCTAssertEqual(line.characterRange.lowerBound, expected, "\(widths) paragraph \(paragraph)")
                    expected = line.characterRange.upperBound
                    let frame = try XCTUnwrap(manager.tableCellFrames(inContainerAt: line.containerIndex)
                        .first { $0.characterRange.contains(line.characterRange.lowerBound) }).rect
                    XCTAssertLessThanOrEqual(line.usedRect.maxX, frame.maxX + 0.01, "\(widths) paragraph \(paragraph)")
                    XCTAssertGreaterThanOrEqual(line.usedRect.minX, frame.minX - 0.01)
                    // Set for this column: a full line comes near the frame's right edge.
                    if k < cellLines.count - 1, widths[min(line.containerIndex, 1)] > 300 {
                        XCTAssertGreaterThan(line.usedRect.width, 180, "\(widths) paragraph \(paragraph): \(line.usedRect)")
                    }
                }
                XCTAssertEqual(expected, storage.paragraphRange(at: paragraph).upperBound)
            }
            XCTAssertGreaterThan(Set(manager.lineFragments.filter { $0.paragraphIndex == 2 }.map(\.containerIndex)).count, 1,
                                 "\(widths): the long cell is split")
        }
    }

    func testRowsGoBelowAContainersObstacleInsteadOfOverlappingIt() throws {
        let table = TextTable(columnCount: 3, width: .fraction(1), headerRowCount: 1, frame: TableEdges(all: TableBorder(width: 1)),
                              continuationLabel: "(continued)")
        var rows = [["#", "Name", "Note"]]
        for i in 1...30 { rows.append(["\(i)", "Item \(i)", i == 6 ? prose : "note \(i)"]) }
        let obstacle = Rect(x: 180, y: 90, width: 100, height: 60)
        let storage = makeTableStorage(rows, table: table, before: "Before.", after: "After the table.")
        let manager = LayoutManager(textStorage: storage)
        let containers = MadeContainers { _ in
            let c = TextContainer(size: Size(width: 300, height: 300))
            c.exclusionPaths = [BezierPath(ovalIn: obstacle)]
            return c
        }
        manager.delegate = containers
        manager.ensureLayout()
        XCTAssertNil(manager.unplacedRange)
        var belowObstacle = 0
        for index in manager.textContainers.indices {
            let frames = manager.tableCellFrames(inContainerAt: index)
            for f in frames {
                // The obstacle's box (an oval's bounds, to the nearest point) is kept clear.
                let clear = f.rect.maxY <= obstacle.minY + 1 || f.rect.minY >= obstacle.maxY - 1
                XCTAssertTrue(clear, "container \(index) row \(f.block.startingRow): \(f.rect) meets the obstacle")
                if f.rect.minY >= obstacle.maxY - 1 { belowObstacle += 1 }
            }
            for line in manager.lineFragments(inContainerAt: index) where !line.glyphRuns.isEmpty {
                XCTAssertTrue(line.rect.maxY <= obstacle.minY + 1 || line.rect.minY >= obstacle.maxY - 1, "\(line.rect)")
            }
            // Below the obstacle the table goes on without the header or label again: a
            // header row appears once per container, the label only at containers after the first.
            XCTAssertLessThanOrEqual(frames.filter { $0.block.startingRow == 0 }.count, 3, "container \(index)")
            let labels = manager.lineFragments(inContainerAt: index).filter { $0.glyphRuns.contains { $0.text.contains("continued") } }
            XCTAssertEqual(labels.count, index == 0 ? 0 : 1, "container \(index)")
        }
        XCTAssertGreaterThan(belowObstacle, 0)
        // Every row is set once (repetitions aside), in order.
        let body = manager.textContainers.indices.flatMap { manager.tableCellFrames(inContainerAt: $0) }
            .filter { !$0.isRepetition && $0.block.startingColumn == 0 }.map(\.block.startingRow)
        XCTAssertEqual(Array(Set(body)).sorted(), Array(0...30))
        XCTAssertEqual(body, body.sorted())
    }

    func testVerticalAlignmentPlacesShortCellsInTallRows() throws {
        let table = TextTable(columnCount: 4)
        let storage = makeTableStorage([[prose, "Top", "Middle", "Bottom"]], table: table, block: { r, c in
            TextTableBlock(table: table, startingRow: r, startingColumn: c, padding: EdgeInsets(all: 3),
                           verticalAlignment: [.top, .top, .middle, .bottom][c])
        })
        let (manager, _) = layout(storage)
        let frames = manager.tableCellFrames(inContainerAt: 0)
        let top = try XCTUnwrap(lines(of: "Top", in: manager).first)
        let middle = try XCTUnwrap(lines(of: "Middle", in: manager).first)
        let bottom = try XCTUnwrap(lines(of: "Bottom", in: manager).first)
        XCTAssertEqual(top.rect.minY, frames[1].rect.minY + 3, accuracy: 0.01)
        XCTAssertEqual(middle.rect.minY + middle.rect.height / 2, frames[2].rect.minY + frames[2].rect.height / 2, accuracy: 0.01)
        XCTAssertEqual(bottom.rect.maxY, frames[3].rect.maxY - 3, accuracy: 0.01)
    }

    func testBordersAndBackgroundsAreDrawnForEachPartOfASplitSpanningCell() throws {
        let table = TextTable(columnCount: 2)
        let border = TableBorder(width: 1, color: .black)
        let storage = TextStorage()
        let attributes = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10))
        func add(_ text: String, _ r: Int, _ c: Int, rows: Int = 1) {
            var s = ParagraphStyle(alignment: .left)
            s.textBlocks = [TextTableBlock(table: table, startingRow: r, rowSpan: rows, startingColumn: c,
                                           borders: TableEdges(all: border), backgroundColor: Color(red: 0.9, green: 0.9, blue: 1))]
            storage.appendParagraph(text, attributes: attributes, paragraphStyle: s)
        }
        add("Spans both rows", 0, 0, rows: 2)
        add(prose, 0, 1)
        add(prose, 1, 1)
        let (manager, _) = layout(storage, size: Size(width: 300, height: 140))
        let parts = manager.frames(ofTableCellAt: 0)
        XCTAssertGreaterThan(parts.count, 1, "the spanning cell is cut by the break")
        for part in parts {
            let carrier = try XCTUnwrap(manager.lineFragments(inContainerAt: part.containerIndex).first { $0.tableCells.contains(part) })
            XCTAssertTrue(carrier.decorations.contains(.background(part.rect, Color(red: 0.9, green: 0.9, blue: 1))))
            // Closed at the break: a top and a bottom edge in every part.
            for y in [part.rect.minY, part.rect.maxY] {
                XCTAssertTrue(carrier.decorations.contains(.line(from: Point(x: part.rect.minX, y: y), to: Point(x: part.rect.maxX, y: y), border: border)),
                              "edge at \(y) in container \(part.containerIndex)")
            }
            XCTAssertLessThanOrEqual(part.rect.maxY, 140 + 1e-6)
        }
    }

    func testAHeadingThatKeepsWithNextMovesWithTheTable() throws {
        let table = TextTable(columnCount: 2, headerRowCount: 1)
        let storage = makeTableStorage([["Name", "Note"], ["a", "b"], ["c", "d"]], table: table, before: prose + " " + prose)
        // A heading between the text and the table, kept with what follows it.
        var heading = ParagraphStyle(alignment: .left)
        heading.keepWithNext = true
        let at = storage.paragraphRange(at: 1).lowerBound
        storage.replaceCharacters(in: at..<at, with: "Heading\n")
        storage.setParagraphStyle(heading, range: storage.paragraphRange(at: 1))
        let (free, _) = layout(storage, size: Size(width: 300, height: 1000))
        let textBottom = try XCTUnwrap(free.lineFragments.first { $0.paragraphIndex == 1 }).rect.maxY
        // A container that ends just below the heading: the table cannot follow it there.
        let (manager, _) = layout(storage, size: Size(width: 300, height: textBottom + 5))
        let headingLine = try XCTUnwrap(manager.lineFragments.first { $0.paragraphIndex == 1 })
        let firstCell = try XCTUnwrap(manager.frames(ofTableCellAt: storage.paragraphRange(at: 2).lowerBound).first)
        XCTAssertEqual(headingLine.containerIndex, firstCell.containerIndex, "the heading went on with the table")
        XCTAssertEqual(headingLine.containerIndex, 1)
    }

    func testFooterTotalsOfAColumnAndOfAPartAndInASpanningCell() throws {
        let table = TextTable(columnCount: 2, footerRowCount: 2, totalMarker: "{total}", partTotalMarker: "{part}")
        var rows: [[String]] = []
        for i in 1...30 { rows.append(["Item \(i)", "\(i).25"]) }
        rows.append(["Page", "{part} of {total}"])
        rows.append(["Carried {total}", ""])
        let storage = makeTableStorage(rows, table: table, block: { r, c in
            // The last footer row's first cell spans both columns: it totals the last.
            r == 31 ? (c == 0 ? TextTableBlock(table: table, startingRow: r, startingColumn: 0, columnSpan: 2) : nil) : nil
        })
        // The spanning cell has no second cell: drop the paragraph made for it.
        let last = storage.paragraphCount - 1
        storage.replaceCharacters(in: storage.paragraphRange(at: last).lowerBound - 1..<storage.paragraphRange(at: last).upperBound - 1, with: "")
        let (manager, _) = layout(storage, size: Size(width: 300, height: 220))
        XCTAssertGreaterThan(manager.textContainers.count, 1)
        var sum = 0.0
        for c in 0..<manager.textContainers.count {
            let texts = manager.lineFragments(inContainerAt: c).map { $0.glyphRuns.map(\.text).joined() }
            let items = texts.compactMap { t -> Double? in t.hasSuffix(".25") && !t.contains(" ") ? Double(t) : nil }
            sum += items.reduce(0, +)
            let page = items.reduce(0, +)
            XCTAssertTrue(texts.joined(separator: " ").contains("\(String(format: "%.2f", page)) of \(String(format: "%.2f", sum))"),
                          "container \(c): \(texts.suffix(8))")
            XCTAssertTrue(texts.contains("Carried \(String(format: "%.2f", sum))"), "container \(c): \(texts.suffix(8))")
        }
    }

    func testTotalsCountEachRowOnTheContainerItIsSetIn() throws {
        // A cell spanning many rows ties them into one group that breaks between its rows.
        let table = TextTable(columnCount: 3, footerRowCount: 1, totalMarker: "{total}", partTotalMarker: "{part}")
        var rows: [[String]] = []
        for i in 0..<60 { rows.append(["Row \(i)", i == 10 ? "grouped" : "", i >= 10 && i < 50 ? "100.00" : "1.00"]) }
        rows.append(["Page", "", "{part} of {total}"])
        let storage = makeTableStorage(rows, table: table, block: { r, c in
            if c == 1, r == 10 { return TextTableBlock(table: table, startingRow: 10, rowSpan: 40, startingColumn: 1) }
            return nil
        })
        // The spanned places hold no cells: drop the paragraphs made for them.
        storage.beginEditing()
        for p in stride(from: storage.paragraphCount - 1, through: 0, by: -1) {
            let style = storage.paragraphStyle(ofParagraph: p)
            if let b = style.textBlocks.last, b.startingColumn == 1, b.startingRow > 10, b.startingRow < 50 {
                let r = storage.paragraphRange(at: p)
                storage.replaceCharacters(in: (r.lowerBound - 1)..<(r.upperBound - 1), with: "")
            }
        }
        storage.endEditing()
        let (manager, _) = layout(storage, size: Size(width: 300, height: 260))
        XCTAssertGreaterThan(manager.textContainers.count, 2)
        var running = 0.0
        for c in 0..<manager.textContainers.count {
            let lines = manager.lineFragments(inContainerAt: c).filter { !$0.isRepetition }
            let amounts = lines.compactMap { l -> Double? in
                let t = l.glyphRuns.map(\.text).joined()
                return t.hasSuffix(".00") && !t.contains(" ") ? Double(t) : nil
            }
            running += amounts.reduce(0, +)
            let footer = manager.lineFragments(inContainerAt: c).map { $0.glyphRuns.map(\.text).joined() }.joined(separator: " ")
            XCTAssertTrue(footer.contains(String(format: "%.2f of %.2f", amounts.reduce(0, +), running)),
                          "container \(c): \(amounts.reduce(0, +)) of \(running) in \(footer.suffix(60))")
        }
        XCTAssertEqual(running, 20 + 4000)
    }
}
