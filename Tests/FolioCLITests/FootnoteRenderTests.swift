import FolioTestSupport
import Foundation
import XCTest

/// Footnotes from Markdown to PDF: each note on the page of its reference, below the
/// text, in order; a valid PDF, the same bytes every run.
final class FootnoteRenderTests: XCTestCase {
    /// `paragraphs` paragraphs of prose, a note referenced in every third; note 4 is long.
    private func document(paragraphs: Int) -> String {
        let words = "it was the best of times it was the worst of times it was the age of wisdom it was the age of foolishness"
            .split(separator: " ")
        var body = ["---", "title: Notes", "---", ""], definitions: [String] = []
        var n = 0
        for p in 0..<paragraphs {
            var line = (0..<(50 + p * 7 % 40)).map { String(words[($0 + p) % words.count]) }
            if p % 3 == 0 {
                n += 1
                line[10] += "[^n\(n)]"
                let length = n == 4 ? 260 : 12 + n % 5 * 6
                definitions.append("[^n\(n)]: Note\(n) " + (0..<length).map { String(words[$0 % words.count]) }.joined(separator: " ") + " end\(n).")
            }
            body.append(line.joined(separator: " ") + ".")
            body.append("")
        }
        return (body + definitions).joined(separator: "\n") + "\n"
    }

    /// A page reference inside a note is left as its placeholder, with a warning; the text's
    /// own reference is filled. (Filling the note's used its offsets in the note as offsets
    /// in the document, inside a character: found by the render fuzzer.)
    func testAPageReferenceInsideANoteIsLeftWithAWarning() throws {
        let dir = try makeTemporaryDirectory()
        let doc = try write("""
            # Ünïcödé one {#one}

            Text[^a] and ^[inline, see [](#one){page}] and [](#one){page} in the text.

            [^a]: See [](#one){page}, ☃ é.
            """, "doc.md", in: dir)
        let pdf = dir.appendingPathComponent("doc.pdf").path
        let result = try folio(["render", doc, "-o", pdf])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("a page reference inside a note or a floating block is not filled in"), result.stderr)
        let text = try pdfFlatText(pdf)
        XCTAssertTrue(text.contains("and 1 in the text"), text)
        XCTAssertTrue(text.contains("See ??, ☃ é."), text)
    }

    /// Notes referenced in table cells gather under the table: at the foot of the column
    /// where it ends (they used to be lost: the mark was set, the note never).
    func testNotesInTableCellsAreSetUnderTheTable() throws {
        let dir = try makeTemporaryDirectory()
        for rows in [3, 60, 120] {
            let body = (0..<rows).map { "| row \($0)\($0 == 1 ? "[^b]" : "") | r\($0)x |" }.joined(separator: "\n")
            let doc = try write("Text with a note.[^a]\n\n| Item | Code |\n|---|--:|\n" + body
                                + "\n\nAfter the table.\n\n[^a]: First note.\n[^b]: Note from the table.\n", "table\(rows).md", in: dir)
            let pdf = dir.appendingPathComponent("table\(rows).pdf").path
            let result = try folio(["render", doc, "-o", pdf], environment: fixedEpoch)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(try qpdfCheck(pdf).status, 0)
            let pages = try pdfPageCount(pdf)
            let notePage = try (1...pages).first { try pdfText(pdf, first: $0, last: $0).contains("Note from the table.") }
            XCTAssertNotNil(notePage, "\(rows) rows: the table's note is missing")
            // On the page where the table ends, below its last row.
            let lastRow = "r\(rows - 1)x"
            let endPage = try (1...pages).first { try pdfText(pdf, first: $0, last: $0).contains(lastRow) }
            if let notePage, let endPage {
                XCTAssertTrue(notePage == endPage || notePage == endPage + 1, "\(rows) rows: note on page \(notePage), table ends on \(endPage)")
                if notePage == endPage {
                    let words = try pdfWords(pdf, first: notePage, last: notePage)
                    let note = try XCTUnwrap(words.first { n in n.text == "Note" && words.contains { w in w.text == "table." && abs(w.yMin - n.yMin) < 1 } })
                    let row = try XCTUnwrap(words.last { $0.text == lastRow })
                    XCTAssertGreaterThan(note.yMin, row.yMax, "the note is below the table's last row")
                }
            }
        }
    }

    /// `footnotes: {numbering: page}`: on every page the notes that start there are
    /// numbered 1, 2, 3… and each reference above shows its note's number.
    func testPageNumberingRestartsOnEveryPage() throws {
        for base in ["default", "two-column"] {
            let dir = try makeTemporaryDirectory()
            let templateDir = dir.appendingPathComponent("perpage")
            try FileManager.default.createDirectory(at: templateDir, withIntermediateDirectories: true)
            try "extends: \(base)\nfootnotes:\n  numbering: page\n".write(to: templateDir.appendingPathComponent("template.yaml"), atomically: true, encoding: .utf8)
            let doc = try write(document(paragraphs: 60), "notes.md", in: dir)
            let pdf = dir.appendingPathComponent("notes.pdf").path
            let result = try folio(["render", doc, "--template", templateDir.path, "-o", pdf], environment: fixedEpoch)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(try qpdfCheck(pdf).status, 0)
            let middle = base == "two-column" ? 297.0 : .infinity
            let words = try pdfWords(pdf).sorted { a, b in
                (a.page, a.xMin > middle ? 1 : 0, a.yMin, a.xMin) < (b.page, b.xMin > middle ? 1 : 0, b.yMin, b.xMin)
            }
            var numbersByPage: [Int: [Int]] = [:]
            var notes = 0
            for w in words where w.text.hasPrefix("Note") && Int(w.text.dropFirst(4)) != nil {
                notes += 1
                let number = words.first { $0.page == w.page && Int($0.text) != nil && $0.xMax <= w.xMin + 0.5
                    && w.xMin - $0.xMax < 8 && abs($0.yMin - w.yMin) < 6 && $0.height < w.height }
                let n = try XCTUnwrap(number.flatMap { Int($0.text) }, "\(base): \(w.text) starts with its number")
                numbersByPage[w.page, default: []].append(n)
                let refs = words.filter { $0.page == w.page && $0.text == String(n) && $0.yMax < w.yMin - 8 && $0.height < w.height }
                XCTAssertFalse(refs.isEmpty, "\(base): the reference to \(w.text) shows \(n) on page \(w.page)")
            }
            XCTAssertEqual(notes, 20)
            XCTAssertGreaterThan(numbersByPage.count, 2, "\(base): the notes fall on several pages")
            for (page, numbers) in numbersByPage {
                XCTAssertEqual(numbers, Array(1...numbers.count), "\(base): page \(page)")
            }
            let again = dir.appendingPathComponent("again.pdf").path
            XCTAssertEqual(try folio(["render", doc, "--template", templateDir.path, "-o", again], environment: fixedEpoch).status, 0)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: pdf)), try Data(contentsOf: URL(fileURLWithPath: again)))
        }
    }

    func testEachNoteIsOnThePageOfItsReferenceBelowTheText() throws {
        for template in ["default", "two-column"] {
            let dir = try makeTemporaryDirectory()
            let doc = try write(document(paragraphs: 60), "notes.md", in: dir)
            let pdf = dir.appendingPathComponent("notes.pdf").path
            let result = try folio(["render", doc, "--template", template, "-o", pdf], environment: fixedEpoch)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(try qpdfCheck(pdf).status, 0)
            // In reading order: page, column (left or right half of A4), top to bottom.
            let middle = template == "two-column" ? 297.0 : .infinity
            let words = try pdfWords(pdf).sorted { a, b in
                (a.page, a.xMin > middle ? 1 : 0, a.yMin, a.xMin) < (b.page, b.xMin > middle ? 1 : 0, b.yMin, b.xMin)
            }
            var notesSeen: [Int] = []
            var ended: [Int] = []
            for (i, w) in words.enumerated() where w.text.hasPrefix("Note") {
                guard let n = Int(w.text.dropFirst(4)) else { continue }
                notesSeen.append(n)
                // The note's number stands just before it, raised and smaller.
                let number = words.first { $0.page == w.page && $0.text == String(n) && $0.xMax <= w.xMin + 0.5
                    && w.xMin - $0.xMax < 8 && abs($0.yMin - w.yMin) < 6 && $0.height < w.height }
                XCTAssertNotNil(number, "\(template): note \(n) starts with its raised number")
                // Its reference: the same number, raised in the text above, on the same page.
                let refs = words.filter { $0.page == w.page && $0.text == String(n) && $0.yMax < w.yMin - 8 }
                XCTAssertFalse(refs.isEmpty, "\(template): note \(n) is on the page of its reference (page \(w.page))")
                _ = i
                // Below every line of body text in its column.
                let column = words.filter { $0.page == w.page && abs($0.xMin - w.xMin) < 150 && $0.yMin < w.yMin }
                XCTAssertTrue(column.allSatisfy { $0.yMax <= w.yMin + 1 || $0.height < w.height + 4 }, "\(template): note \(n)")
            }
            for w in words where w.text.hasPrefix("end") { if let n = Int(w.text.dropFirst(3).dropLast()) { ended.append(n) } }
            XCTAssertEqual(notesSeen, Array(1...20), "\(template): every note once, in order")
            XCTAssertEqual(ended, Array(1...20), "\(template): every note set to its end")
            // The long note runs over to the next column or page: its end is further on.
            let start = try XCTUnwrap(words.first { $0.text == "Note4" }), end = try XCTUnwrap(words.first { $0.text == "end4." })
            XCTAssertTrue(end.page > start.page || abs(end.xMin - start.xMin) > 100, "\(template): the long note continues")
            // Same bytes every run.
            let again = dir.appendingPathComponent("again.pdf").path
            XCTAssertEqual(try folio(["render", doc, "--template", template, "-o", again], environment: fixedEpoch).status, 0)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: pdf)), try Data(contentsOf: URL(fileURLWithPath: again)))
        }
    }
}
