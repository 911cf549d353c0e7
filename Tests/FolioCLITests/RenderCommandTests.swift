import FolioTestSupport
import Foundation
import XCTest

final class RenderCommandTests: XCTestCase {
    private func write(_ text: String, to dir: URL, name: String = "in.txt") throws -> String {
        let path = dir.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testRendersColumnsInReadingOrder() throws {
        let dir = try makeTemporaryDirectory()
        let paragraphs = (1...60).map { "Paragraph \($0) opens here and goes on for a while so that the columns fill up with text, line after line, until the page is full and the next one begins." }
        let input = try write(paragraphs.joined(separator: "\n\n"), to: dir)
        let output = dir.appendingPathComponent("out.pdf").path
        let result = try folio(["render", input, "-o", output, "--columns", "2", "--paper", "a5", "--margin", "15mm", "--gutter", "5mm"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try qpdfCheck(output).status, 0)
        let text = try pdfText(output)
        // Reading order across columns and pages: paragraph numbers appear ascending.
        var last = 0
        for match in text.matches(of: /Paragraph (\d+) opens/) {
            let n = Int(match.1)!
            XCTAssertEqual(n, last + 1, "paragraph \(n) out of order")
            last = n
        }
        XCTAssertEqual(last, 60)
        XCTAssertGreaterThan(try pdfPageCount(output), 1)
    }

    func testSameInputGivesSameBytes() throws {
        let dir = try makeTemporaryDirectory()
        // Long enough that paragraphs are shaped on the second thread.
        let text = (1...150).map { "Paragraph \($0): reproducible output, whichever thread shaped it, byte for byte." }
        let input = try write(text.joined(separator: "\n\n"), to: dir)
        let a = dir.appendingPathComponent("a.pdf").path, b = dir.appendingPathComponent("b.pdf").path
        let env = ["SOURCE_DATE_EPOCH": "1700000000"]
        XCTAssertEqual(try folio(["render", input, "-o", a], environment: env).status, 0)
        XCTAssertEqual(try folio(["render", input, "-o", b], environment: env).status, 0)
        XCTAssertEqual(FileManager.default.contents(atPath: a), FileManager.default.contents(atPath: b))
    }

    func testStandardInputIsADocument() throws {
        let dir = try makeTemporaryDirectory()
        let out = dir.appendingPathComponent("piped.pdf").path
        let markdown = Data("# From a pipe\n\nSome *text*.\n".utf8)
        let r = try folio(["render", "-", "-o", out], input: markdown)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(try pdfText(out).contains("From a pipe"))
        let device = try folio(["render", "/dev/stdin", "-o", out], input: Data("Through /dev/stdin.\n".utf8))
        XCTAssertEqual(device.status, 0, device.stderr)
        XCTAssertTrue(try pdfText(out).contains("Through /dev/stdin."))
        for source in ["-", "/dev/stdin"] {
            let noOutput = try folio(["render", source], input: markdown)
            XCTAssertNotEqual(noOutput.status, 0)
            XCTAssertTrue(noOutput.stderr.contains("give the PDF's name with -o"), noOutput.stderr)
        }
    }

    func testMissingFileIsAnErrorNamingIt() throws {
        let out = try makeTemporaryDirectory().appendingPathComponent("x.pdf").path
        let result = try folio(["render", "/nonexistent/book.txt", "-o", out])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("/nonexistent/book.txt"), result.stderr)
        XCTAssertTrue(result.stderr.contains("no such file"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testInvalidUTF8NamesTheByteOffset() throws {
        let dir = try makeTemporaryDirectory()
        let path = dir.appendingPathComponent("bad.txt").path
        var bytes = Array("Good text.\nMore good text ".utf8)
        bytes.append(0xFF)
        bytes += Array(" and after.".utf8)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let output = dir.appendingPathComponent("out.pdf").path
        let result = try folio(["render", path, "-o", output])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("bad.txt:2:16"), result.stderr)
        XCTAssertTrue(result.stderr.contains("byte offset 26"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }

    func testAnExistingOutputSurvivesAFailedRender() throws {
        let dir = try makeTemporaryDirectory()
        let output = dir.appendingPathComponent("keep.pdf").path
        try "previous contents".write(toFile: output, atomically: true, encoding: .utf8)
        let result = try folio(["render", dir.appendingPathComponent("missing.txt").path, "-o", output])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), "previous contents")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "keep.pdf" }
        XCTAssertEqual(leftovers, [], "temporary files left behind")
    }

    func testUnknownFontIsAWarningNamingTheSubstitute() throws {
        let dir = try makeTemporaryDirectory()
        let input = try write("Some text.", to: dir)
        let result = try folio(["render", input, "-o", dir.appendingPathComponent("o.pdf").path, "--font", "No Such Font Family"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("'No Such Font Family' is not installed; using '"), result.stderr)
    }

    func testAFontTheDocumentNamesIsCheckedToo() throws {
        let dir = try makeTemporaryDirectory()
        let doc = dir.appendingPathComponent("f.md")
        try "# T\n\nA [word]{font=\"Nosuchfont Pro\"} here.\n".write(to: doc, atomically: true, encoding: .utf8)
        let r = try folio(["render", doc.path, "-o", dir.appendingPathComponent("f.pdf").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("font 'Nosuchfont Pro' is not installed; using '"), r.stderr)
        XCTAssertTrue(r.stderr.contains("“A word here.”"), r.stderr)
    }

    func testImpossibleGeometryIsRefused() throws {
        let dir = try makeTemporaryDirectory()
        let input = try write("Some text.", to: dir)
        let result = try folio(["render", input, "-o", dir.appendingPathComponent("o.pdf").path,
                                "--paper", "a5", "--columns", "40"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("impossible page geometry"), result.stderr)
        XCTAssertTrue(result.stderr.contains("40 columns"), result.stderr)
        let narrow = try folio(["render", input, "-o", dir.appendingPathComponent("o.pdf").path,
                                "--paper", "100ptx200pt", "--margin", "45pt", "--size", "5"])
        XCTAssertNotEqual(narrow.status, 0, "a 10 pt column is refused, not laid out for ever")
        let margins = try folio(["render", input, "-o", dir.appendingPathComponent("o.pdf").path, "--margin", "20cm"])
        XCTAssertNotEqual(margins.status, 0)
        XCTAssertTrue(margins.stderr.contains("margins leave no room"), margins.stderr)
    }

    func testUnknownOptionValuesAreRefused() throws {
        let never = try makeTemporaryDirectory().appendingPathComponent("never.pdf").path
        for (flag, value, expected) in [("--align", "sideways", "sideways"), ("--paper", "b17", "b17"),
                                        ("--margin", "2furlongs", "2furlongs"), ("--hyphenate", "xx-YY", "no hyphenation dictionary")] {
            let result = try folio(["render", "/dev/null", "-o", never, flag, value])
            XCTAssertNotEqual(result.status, 0, "\(flag) \(value)")
            XCTAssertTrue(result.stderr.contains(expected), "\(flag) \(value): \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: never), "\(flag) \(value)")
        }
    }

    func testHelpReadsLikeAManual() throws {
        let result = try folio(["render", "--help"])
        XCTAssertEqual(result.status, 0)
        for word in ["--paper", "--columns", "--gutter", "--hyphenate", "SOURCE_DATE_EPOCH", "cm"] {
            XCTAssertTrue(result.stdout.contains(word), "help lacks \(word)")
        }
    }

    func testPNGPreviewsAreWritten() throws {
        let dir = try makeTemporaryDirectory()
        let input = try write("Preview me.\n\nAnd me.", to: dir)
        let png = dir.appendingPathComponent("png").path
        let result = try folio(["render", input, "-o", dir.appendingPathComponent("o.pdf").path, "--png", png])
        XCTAssertEqual(result.status, 0, result.stderr)
        let page = try Data(contentsOf: URL(fileURLWithPath: png + "/page-1.png"))
        XCTAssertEqual(Array(page.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        // One page of A4 at 144 dpi: the IHDR chunk's width and height.
        func uint32(_ at: Int) -> Int { page[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual(uint32(16), 1191)
        XCTAssertEqual(uint32(20), 1684)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: png), ["page-1.png"])
    }
}

final class CorpusRenderTests: XCTestCase {
    /// A whole novel from the shared corpus, in two columns: valid, complete, in order.
    func testANovelRendersCompletelyInReadingOrder() throws {
        let book = try requireCorpus("the-great-gatsby.md").path
        let dir = try makeTemporaryDirectory()
        let output = dir.appendingPathComponent("gatsby.pdf").path
        let result = try folio(["render", book, "-o", output, "--columns", "2", "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try qpdfCheck(output).status, 0)
        let pages = try pdfPageCount(output)
        XCTAssertGreaterThan(pages, 40)
        // Lines joined: a phrase may be broken across lines or hyphenated.
        let text = try pdfText(output).replacingOccurrences(of: "-\n", with: "")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let first = try XCTUnwrap(text.range(of: "In my younger and more vulnerable years"))
        let last = try XCTUnwrap(text.range(of: "borne back ceaselessly into the past"))
        XCTAssertLessThan(first.lowerBound, last.lowerBound)
    }
}
