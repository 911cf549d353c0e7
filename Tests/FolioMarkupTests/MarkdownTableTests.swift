import FolioMarkup
import FolioTestSupport
import Foundation
import XCTest

/// GFM pipe tables → tables of the text model: one paragraph per cell carrying its cell's
/// block, GFM alignment, spans written `<` and `^`, the attribute line's settings and the
/// template's table looks; every mistake named with its place.
final class MarkdownTableTests: XCTestCase {
    private func build(_ markdown: String, template: Template? = nil) throws -> BuiltDocument {
        let template = try template ?? BuiltinTemplates.template(named: "default")
        let document = try MarkdownReader.parse(markdown, file: "t.md")
        return try DocumentBuilder(template: template, styles: try StyleSheet(template: template), columnWidth: 450,
                                   columnHeight: 700).build(document)
    }

    /// Each cell paragraph's text and innermost block.
    private func cells(_ built: BuiltDocument) -> [(text: String, block: TextTableBlock, style: ParagraphStyle)] {
        let s = built.storage
        return (0..<s.paragraphCount).compactMap { i in
            let style = s.paragraphStyle(ofParagraph: i)
            guard let block = style.textBlocks.last else { return nil }
            return (s.substring(s.paragraphContentRange(at: i)), block, style)
        }
    }

    func testAPipeTableBecomesOneParagraphPerCellInRowOrder() throws {
        let built = try build("""
        Before.

        | Name | Amount |
        |:-----|------:|
        | Tea  | 3.50  |
        | *Cake* | 12 |

        After.
        """)
        let c = cells(built)
        XCTAssertEqual(c.map(\.text), ["Name", "Amount", "Tea", "3.50", "Cake", "12"])
        XCTAssertEqual(c.map { [$0.block.startingRow, $0.block.startingColumn] }, [[0, 0], [0, 1], [1, 0], [1, 1], [2, 0], [2, 1]])
        let table = c[0].block.table
        XCTAssertTrue(c.allSatisfy { $0.block.table === table }, "one table object for every cell")
        XCTAssertEqual(table.columnCount, 2)
        XCTAssertEqual(table.headerRowCount, 1)
        XCTAssertEqual(c[1].style.alignment, .right, "GFM's --: aligns the column right")
        XCTAssertEqual(c[2].style.alignment, .left)
        // Header cells bold, body cells with tabular figures.
        let s = built.storage
        let headerFont = s.attributes(at: s.paragraphRange(at: 1).lowerBound).attributes.font
        XCTAssertEqual(headerFont?.weight, .bold)
        let bodyFont = s.attributes(at: s.paragraphRange(at: 4).lowerBound).attributes.font
        XCTAssertTrue(bodyFont?.features.contains(FontFeature("tnum")) ?? false)
        XCTAssertTrue(s.attributes(at: s.paragraphRange(at: 5).lowerBound).attributes.font?.style == .italic, "inline Markdown in cells")
        XCTAssertEqual(s.substring(s.paragraphContentRange(at: s.paragraphCount - 1)), "After.")
    }

    func testLessThanAndCaretJoinCellsIntoSpans() throws {
        let built = try build("""
        | A | B | C |
        |---|---|---|
        | wide | < | c |
        | tall | b | c |
        | ^ | b2 | c2 |
        """)
        let c = cells(built)
        let wide = try XCTUnwrap(c.first { $0.text == "wide" }?.block)
        XCTAssertEqual(wide.columnSpan, 2)
        let tall = try XCTUnwrap(c.first { $0.text == "tall" }?.block)
        XCTAssertEqual(tall.rowSpan, 2)
        XCTAssertFalse(c.contains { $0.text == "<" || $0.text == "^" }, "the markers make no cells")
        XCTAssertEqual(c.first { $0.text == "b2" }?.block.startingColumn, 1)
    }

    func testTheAttributeLineSetsWidthsHeaderFooterDecimalAndLook() throws {
        let built = try build("""
        {.grid widths="30% 1fr 20mm" footer=1 decimal=3 zebra=#eeeeee keep-rows=true}
        | A | B | C |
        |---|---|---|
        | a | b | 1.5 |
        | Total | | 1.5 |
        """)
        let c = cells(built)
        let table = c[0].block.table
        XCTAssertEqual(table.columns.map(\.width), [.fraction(0.3), .flexible(1), .points(Length("20mm")!.points)])
        XCTAssertEqual(table.columns[2].alignment, .decimal())
        XCTAssertEqual(table.footerRowCount, 1)
        XCTAssertEqual(table.rowBackgrounds.count, 2)
        XCTAssertNotNil(c[0].block.borders.top, "grid: every cell boxed")
        XCTAssertTrue(c[0].block.keepsRowTogether)
        let s = built.storage
        let totalFont = s.attributes(at: s.paragraphRange(at: c.firstIndex { $0.text == "Total" }!).lowerBound).attributes.font
        XCTAssertEqual(totalFont?.weight, .bold, "footer rows are set as table-footer")
    }

    func testMistakesAreNamedWithTheirPlace() throws {
        func message(_ markdown: String) -> String {
            do { _ = try build(markdown); return "no error" } catch { return "\(error)" }
        }
        let table = "\n| A | B |\n|---|---|\n| a | b |\n"
        XCTAssertTrue(message("{widths=\"1 2 3\"}" + table).contains("3 widths for a table of 2 columns"), message("{widths=\"1 2 3\"}" + table))
        XCTAssertTrue(message("{widths=\"bogus auto\"}" + table).contains("'bogus' is not a column width"))
        XCTAssertTrue(message("{.nosuchlook}" + table).contains("unknown table look 'nosuchlook'"))
        XCTAssertTrue(message("{colour=red}" + table).contains("unknown table setting 'colour'"))
        XCTAssertTrue(message("{decimal=7}" + table).contains("column numbers from 1 to 2"))
        XCTAssertTrue(message("{padding=\"1pt 2pt 3pt\"}" + table).contains("padding"))
        XCTAssertTrue(message("{header=9}" + table).hasPrefix("t.md:1:"), message("{header=9}" + table))
        // The line before a table keeps its own line number (cmark-gfm's table extension drops it).
        XCTAssertTrue(message("Intro.\n\nMore.\n\n{colour=red}" + table).hasPrefix("t.md:5:2:"), message("Intro.\n\nMore.\n\n{colour=red}" + table))
    }

    func testTemplateTableLooksExtendAndNameTheirMistakes() throws {
        let t = try TemplateLoader.load(yaml: """
        name: looks
        tables:
          default:
            zebra: "#f0f0f0"
          ledger:
            extends: grid
            padding: 3pt 6pt
        """, path: "t/template.yaml", directory: nil)
        XCTAssertEqual(t.tables["default"]?.zebra.count, 2)
        XCTAssertNotNil(t.tables["default"]?.topRule, "the default keeps booktabs' rules it did not change")
        XCTAssertEqual(t.tables["ledger"]?.padding, EdgeInsets(top: 3, left: 6, bottom: 3, right: 6))
        XCTAssertNotNil(t.tables["ledger"]?.grid)
        let built = try build("{.ledger}\n| A |\n|---|\n| a |\n", template: t)
        XCTAssertEqual(cells(built).first?.block.padding.left, 6)
        XCTAssertThrowsError(try TemplateLoader.load(yaml: "name: x\ntables:\n  default:\n    zebra: plaid\n",
                                                     path: "t/template.yaml", directory: nil)) { error in
            XCTAssertTrue("\(error)".hasPrefix("t/template.yaml:4:"), "\(error)")
            XCTAssertTrue("\(error)".contains("zebra"))
        }
        XCTAssertThrowsError(try TemplateLoader.load(yaml: "name: x\ntables:\n  default:\n    wobble: 1\n",
                                                     path: "t/template.yaml", directory: nil))
    }

    func testAnEmptyHeaderRowMeansNoneAndATableCanSitRight() throws {
        let built = try build("{align=right width=50%}\n| | |\n|---|---|\n| Subtotal | 10 |\n| Total | 12 |\n")
        let c = cells(built)
        XCTAssertEqual(c.map(\.text), ["Subtotal", "10", "Total", "12"])
        XCTAssertEqual(c[0].block.table.headerRowCount, 0)
        XCTAssertEqual(c[0].block.startingRow, 0)
        XCTAssertEqual(c[0].block.table.placement, .trailing)
        XCTAssertEqual(c[0].block.table.width, .fraction(0.5))
    }

    func testALongTableIsReadInSlicesIntoOneTable() throws {
        // Long enough to be parsed a slice of rows at a time (see TableSlices).
        let count = 3 * 512 + 77
        var lines = ["Before.", "", "{decimal=2}", "| Item | Amount |", "|------|-------:|"]
        for i in 1...count { lines.append(i == 600 ? "| ^ | \(i).5 |" : "| item \(i) | \(i).5 |") }
        lines += ["", "After *this*."]
        let markdown = lines.joined(separator: "\n") + "\n"
        let document = try MarkdownReader.parse(markdown, file: "t.md")
        XCTAssertEqual(document.blocks.count, 3)
        guard case .table(let t) = document.blocks[1].kind else { return XCTFail("\(document.blocks.map(\.kind))") }
        XCTAssertEqual(t.rows.count, count + 1, "every row once, the header once")
        XCTAssertEqual(t.rows.map { $0[0].content.plainText }.prefix(3), ["Item", "item 1", "item 2"])
        XCTAssertEqual(t.rows.last?[1].content.plainText, "\(count).5")
        XCTAssertEqual(t.rowLocations.map(\.line), [4] + (6..<(6 + count)).map { $0 }, "each row at its own line")
        XCTAssertTrue(t.rows[600][0].joinsAbove, "a join across a slice's first row")
        XCTAssertEqual(document.blocks[1].spec?.value(of: "decimal"), "2", "the style line above still applies")
        XCTAssertEqual(document.blocks[2].location.line, lines.count)
        // Built, the table spans the slices: the joined cell covers two rows.
        let built = try build(markdown)
        let cells = cells(built)
        XCTAssertEqual(cells.count, 2 * (count + 1) - 1)
        XCTAssertEqual(cells.first { $0.text == "item 599" }?.block.rowSpan, 2)
    }

    func testALongTableBuiltAsItsSlicesAreReadIsTheTableBuiltWhole() throws {
        // The document builder takes a long table's rows a slice at a time (never all held
        // at once): the storage must be exactly the one built from the whole table, with
        // joins across slice boundaries, footer rows at the end and an empty header row.
        let count = 3 * 512 + 40
        for (header, style) in [("| Item | Amount |", "{footer=2 decimal=2}"), ("| | |", "{footer=1}")] {
            var lines = ["# Ledger", "", "Before.", "", style, header, "|------|-------:|"]
            for i in 1...count {
                let joins = i == 512 || i == 513 || i == 1024 + 1
                lines.append(joins ? "| ^ | \(i).5 |" : i == 700 ? "| wide | < |" : "| item \(i) | \(i).5 |")
            }
            lines += ["", "After *this*."]
            let markdown = lines.joined(separator: "\n") + "\n"
            let template = try BuiltinTemplates.template(named: "default")
            let builder = DocumentBuilder(template: template, styles: try StyleSheet(template: template), columnWidth: 450, columnHeight: 700)
            let whole = try builder.build(MarkdownReader.parse(markdown, file: "t.md"))
            let (front, blocks) = try MarkdownReader.open(markdown, file: "t.md")
            let streamed = try builder.build(front, blocks: blocks)
            XCTAssertEqual(streamed.storage.string, whole.storage.string)
            XCTAssertEqual(streamed.storage.paragraphCount, whole.storage.paragraphCount)
            let a = cells(streamed), b = cells(whole)
            XCTAssertEqual(a.count, b.count)
            // (Each build makes its own table object: the blocks are compared by place.)
            func place(_ b: TextTableBlock) -> [Int] { [b.startingRow, b.rowSpan, b.startingColumn, b.columnSpan] }
            for (x, y) in zip(a, b) where x.text != y.text || place(x.block) != place(y.block) || x.style.alignment != y.style.alignment {
                return XCTFail("cell '\(x.text)' differs: \(place(x.block)) against \(place(y.block))")
            }
            XCTAssertEqual(a.first?.block.table.headerRowCount, b.first?.block.table.headerRowCount)
            XCTAssertEqual(a.first?.block.table.footerRowCount, b.first?.block.table.footerRowCount)
            // The joins reach across the slices; the last rows are the footer.
            XCTAssertEqual(a.first { $0.text == "item 511" }?.block.rowSpan, 3)
            XCTAssertEqual(a.first { $0.text == "item 1024" }?.block.rowSpan, 2)
            XCTAssertEqual(a.first { $0.text == "wide" }?.block.columnSpan, 2)
            let s = streamed.storage
            let bold = (0..<s.paragraphCount).filter { s.attributes(at: s.paragraphRange(at: $0).lowerBound).attributes.font?.weight == .bold }
                .map { s.substring(s.paragraphContentRange(at: $0)) }
            let footer = style.contains("footer=2") ? ["item \(count - 1)", "\(count - 1).5", "item \(count)", "\(count).5"] : ["item \(count)", "\(count).5"]
            XCTAssertEqual(Array(bold.suffix(footer.count)), footer, "the footer rows, bold, are the last")
            XCTAssertFalse(bold.contains("item \(count - 2)"))
        }
    }

    func testALongTablesHeaderAndFooterCountsAreCheckedAgainstAllItsRows() throws {
        let count = 2 * 512 + 10
        let rows = (1...count).map { "| r\($0) | \($0) |" }
        let template = try BuiltinTemplates.template(named: "default")
        let builder = DocumentBuilder(template: template, styles: try StyleSheet(template: template), columnWidth: 450, columnHeight: 700)
        for (setting, fails) in [("footer=\(count + 1)", false), ("footer=\(count + 2)", true), ("header=many", true)] {
            let markdown = (["{\(setting)}", "| a | b |", "|---|---|"] + rows).joined(separator: "\n") + "\n"
            let (front, blocks) = try MarkdownReader.open(markdown, file: "t.md")
            do {
                let built = try builder.build(front, blocks: blocks)
                XCTAssertFalse(fails, setting)
                // A footer of every row leaves the header be: the table's own count says so.
                XCTAssertEqual(cells(built).first?.block.table.footerRowCount, count, setting)
            } catch let error as DocumentError {
                XCTAssertTrue(fails, "\(setting): \(error)")
                XCTAssertEqual(error.line, 1)
                XCTAssertTrue(error.description.contains("from 0 to \(count + 1)"), error.description)
            }
        }
    }

    func testOnlyAPlainLongTableIsSlicedCodeAndLooseRowsAreReadAsWritten() throws {
        var rows: [String] = []
        for i in 0..<1100 { rows.append("| r\(i) | \(i).5 |") }
        // A table-like listing in a code fence stays code, and what follows it stays itself.
        let fenced = (["Intro.", "", "```", "| a | b |", "|---|---|"] + rows + ["```", "", "After.", "", "# Heading"]).joined(separator: "\n") + "\n"
        let a = try MarkdownReader.parse(fenced, file: "t.md").blocks.map(\.kind)
        XCTAssertEqual(a.count, 4, "\(a.prefix(4))")
        guard case .codeBlock(_, let code) = a[1] else { return XCTFail("\(a[1])") }
        XCTAssertEqual(code.split(separator: "\n").count, 1102)
        XCTAssertEqual(a[2], .paragraph([.text("After.")]))
        // A row without a leading pipe continues the table (GFM): the table is read whole.
        let loose = (["| a | b |", "|---|---|"] + rows + ["NOLEAD | 7.5 |", "| LAST | 1 |"]).joined(separator: "\n") + "\n"
        let b = try MarkdownReader.parse(loose, file: "t.md").blocks
        XCTAssertEqual(b.count, 1)
        guard case .table(let t) = b[0].kind else { return XCTFail("\(b[0].kind)") }
        XCTAssertEqual(t.rows.count, 1 + 1100 + 2)
        XCTAssertEqual(t.rows.last?[0].content.plainText, "LAST")
    }
}
