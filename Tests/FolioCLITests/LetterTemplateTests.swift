import FolioTestSupport
import Foundation
import XCTest

/// The built-in `letter` (DIN 5008 form B) end to end, read back from the PDF's text
/// positions: the recipient inside the address window, the return line above it, the
/// sender and date in the information block, the subject below the window, "Page X of Y"
/// and no address block on following pages — and the example's mail merge, one letter
/// per record.
final class LetterTemplateTests: XCTestCase {
    /// Millimetres in points.
    private func mm(_ v: Double) -> Double { v * 72 / 25.4 }

    /// The address window of form B: 20 mm from the left, 45 mm from the top, 85 × 45 mm.
    private var window: (minX: Double, minY: Double, maxX: Double, maxY: Double) { (mm(20), mm(45), mm(105), mm(90)) }

    private var examples: URL { repositoryDirectory.appendingPathComponent("Examples/Documents") }

    /// The example letters (Examples/Documents/letter.md with letter.yaml) rendered into
    /// one PDF, with `extra` flags.
    private func renderExample(_ extra: [String] = []) throws -> String {
        let dir = try makeTemporaryDirectory()
        let pdf = dir.appendingPathComponent("letters.pdf").path
        let r = try folio(["render", examples.appendingPathComponent("letter.md").path, "--data",
                           examples.appendingPathComponent("letter.yaml").path, "-o", pdf] + extra, environment: fixedEpoch)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "", "no warnings")
        XCTAssertEqual(try qpdfCheck(pdf).status, 0)
        return pdf
    }

    /// The line of page `page` holding `text`.
    private func line(_ lines: [PDFLine], _ text: String, page: Int, file: StaticString = #filePath, line: UInt = #line) throws -> PDFLine {
        try XCTUnwrap(lines.first { $0.page == page && $0.text.contains(text) }, "page \(page): no line with '\(text)'", file: file, line: line)
    }

    private func assertInWindow(_ l: PDFLine, right: Double? = nil, file: StaticString = #filePath, line: UInt = #line) {
        let w = window
        XCTAssertGreaterThanOrEqual(l.xMin, w.minX, "'\(l.text)' left of the window", file: file, line: line)
        XCTAssertLessThanOrEqual(l.xMax, right ?? w.maxX, "'\(l.text)' right of the window", file: file, line: line)
        XCTAssertGreaterThanOrEqual(l.yMin, w.minY, "'\(l.text)' above the window", file: file, line: line)
        XCTAssertLessThanOrEqual(l.yMax, w.maxY, "'\(l.text)' below the window", file: file, line: line)
    }

    func testTheExampleMergeGivesOneLetterPerRecordWithTheAddressInTheWindow() throws {
        let pdf = try renderExample()
        XCTAssertEqual(try pdfPageCount(pdf), 4, "three records: a letter of two pages and two of one")
        let lines = try pdfLines(pdf)
        // Each record's first page: return line, then the recipient, all inside the window.
        let recipients: [(page: Int, lines: [String])] = [
            (1, ["Brennan Survey Partners Ltd", "Dr Ada Brennan", "14 Harbour Row", "Bristol BS1 5DB", "United Kingdom"]),
            (3, ["Mr Tomasz Nowak", "ul. Długa 42", "80-827 Gdańsk", "Poland"]),
            (4, ["Nordlicht Labor GmbH", "Accounts Payable", "Am Sandtorkai 5", "20457 Hamburg", "Germany"]),
        ]
        for (page, address) in recipients {
            let returnLine = try line(lines, "Lindqvist Optics GmbH · Wilhelmstraße 118 · 10963 Berlin", page: page)
            assertInWindow(returnLine)
            var above = returnLine.yMax
            for text in address {
                let l = try line(lines, text, page: page)
                XCTAssertEqual(l.text, text, "page \(page): one address line a line")
                assertInWindow(l, right: mm(100))
                XCTAssertGreaterThan(l.yMin, above - 0.5, "page \(page): '\(text)' below the line before")
                above = l.yMax
            }
            // The sender and the date in the information block, right of the window.
            let sender = try line(lines, "Calibration Service", page: page)
            XCTAssertEqual(sender.xMin, mm(125), accuracy: 0.5)
            XCTAssertGreaterThanOrEqual(sender.yMin, mm(50) - 0.5)
            let date = try line(lines, page == 1 ? "23 November 2026" : "24 November 2026", page: page)
            XCTAssertEqual(date.xMin, mm(125), accuracy: 0.5)
            XCTAssertGreaterThan(date.yMin, sender.yMax)
            XCTAssertLessThan(date.yMax, mm(90))
            // The subject below the window, the salutation after it; the closing, once.
            let subject = try line(lines, "Your calibration appointment on", page: page)
            XCTAssertEqual(subject.xMin, mm(25), accuracy: 0.5)
            XCTAssertGreaterThanOrEqual(subject.yMin, mm(97))
            XCTAssertLessThanOrEqual(subject.yMin, mm(102))
            XCTAssertGreaterThan(try line(lines, "Dear ", page: page).yMin, subject.yMax)
            XCTAssertFalse(lines.contains { $0.page == page && $0.text.hasPrefix("Page ") }, "page \(page): no page number on a first page")
        }
        XCTAssertEqual(try line(lines, "Your calibration appointment on", page: 1).text, "Your calibration appointment on 8 December 2026")
        XCTAssertEqual(try line(lines, "Dear ", page: 3).text, "Dear Mr Nowak,")
        XCTAssertEqual(try line(lines, "Dear ", page: 4).text, "Dear Sir or Madam,", "the letter's own salutation partial, no name given")
        XCTAssertTrue(try pdfText(pdf, first: 3, last: 3).contains("10 December 2026 at 14:00"), "a date-time in the document's lang")
        XCTAssertEqual(lines.filter { $0.text == "Kind regards," }.map(\.page), [2, 3, 4], "each letter closes once, on its last page")
        XCTAssertEqual(lines.filter { $0.text == "Head of Calibration Service" }.map(\.page), [2, 3, 4])
    }

    func testAFollowingPageHasPageXOfYAndNoAddressBlock() throws {
        let pdf = try renderExample()
        let lines = try pdfLines(pdf, first: 2, last: 2)
        let number = try line(lines, "Page 2 of 2", page: 2)
        XCTAssertLessThan(number.yMax, mm(25), "in the header")
        XCTAssertEqual(number.xMax, mm(190), accuracy: 1, "flush with the right margin")
        XCTAssertEqual(try line(lines, "Brennan Survey Partners Ltd", page: 2).text, "Brennan Survey Partners Ltd · 23 November 2026",
                       "the recipient's first line and the date in the running head")
        let w = window
        XCTAssertFalse(lines.contains { $0.xMax <= w.maxX && $0.yMin >= w.minY && $0.yMax <= w.maxY && $0.yMin < mm(60) },
                       "nothing where the return line would be")
        for gone in ["Wilhelmstraße 118 · 10963 Berlin", "14 Harbour Row", "10963 Berlin, Germany", "Your calibration appointment"] {
            XCTAssertFalse(lines.contains { $0.text.contains(gone) }, "'\(gone)' on page 2")
        }
        // The text goes on at the top of the page, under the header.
        let top = try XCTUnwrap(lines.filter { !$0.text.hasPrefix("Page") && !$0.text.hasPrefix("Brennan") }.min { $0.yMin < $1.yMin })
        XCTAssertLessThan(top.yMin, mm(40))
        XCTAssertGreaterThan(top.yMin, mm(25))
    }

    func testUSLetterPaperKeepsTheWindow() throws {
        let pdf = try renderExample(["--paper", "letter"])
        XCTAssertTrue(try tool("pdfinfo", [pdf]).stdout.contains("612 x 792 pts (letter)"))
        let lines = try pdfLines(pdf, first: 1, last: 1)
        let scale = 215.9 / 210
        for text in ["Brennan Survey Partners Ltd", "Bristol BS1 5DB"] {
            let l = try line(lines, text, page: 1)
            XCTAssertGreaterThanOrEqual(l.yMin, mm(45))
            XCTAssertLessThanOrEqual(l.yMax, mm(90))
            XCTAssertEqual(l.xMin, mm(25) * scale, accuracy: 0.5, "the frames keep their place across the page")
        }
    }

    func testALetterWithoutDataOrImagesLeavesRoomToSign() throws {
        let dir = try makeTemporaryDirectory()
        let doc = try write("""
        ---
        template: letter
        sender: "A. Writer\\n1 Lane\\nTown"
        recipient: "B. Reader\\n2 Road\\nCity"
        date: 2 March 2027
        subject: A short note
        signature:
          closing: Yours sincerely,
          name: A. Writer
        ---
        Dear B.,

        a short letter.
        """, "note.md", in: dir)
        let pdf = dir.appendingPathComponent("note.pdf").path
        let r = try folio(["render", doc, "-o", pdf], environment: fixedEpoch)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try pdfPageCount(pdf), 1)
        let lines = try pdfLines(pdf)
        assertInWindow(try line(lines, "A. Writer · 1 Lane · Town", page: 1))
        assertInWindow(try line(lines, "B. Reader", page: 1))
        XCTAssertTrue(lines.contains { $0.text == "2 March 2027" })
        let closing = try line(lines, "Yours sincerely,", page: 1), name = try line(lines, "A. Writer", page: 1)
        let signed = try XCTUnwrap(lines.last { $0.text == "A. Writer" })
        XCTAssertNotEqual(name.yMin, signed.yMin, "the sender's block and the signature both hold the name")
        XCTAssertGreaterThan(signed.yMin - closing.yMax, mm(14), "room for a signature by hand")
    }
}
