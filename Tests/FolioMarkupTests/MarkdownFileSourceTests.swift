import FolioTestSupport
import Foundation
import XCTest
@testable import FolioMarkup

/// A Markdown file read as it is parsed (`MarkdownFileScan`, `MarkdownSource`'s window):
/// what it holds, what it checks first, and what happens when the file changes.
final class MarkdownFileSourceTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try makeTemporaryDirectory("folio-markdown-source") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private func write(_ text: String, _ name: String = "doc.md") throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private static func chapter(_ n: Int) -> String {
        "# Chapter \(n)\n\n" + (1...12).map { "Paragraph \($0) of chapter \(n), with *emphasis*, a \\[bracket\\] and text enough to fill a line or two of the page.\n" }
            .joined(separator: "\n") + "\n| a | b |\n|---|---|\n| \(n) | x |\n\n{.lead}\n\nStyled.\n\n"
    }

    /// A body of several megabytes is held a few parts at a time, and reads as its text.
    func testALongBodyIsHeldAFewPartsAtATime() throws {
        let text = "---\ntitle: Long\n---\n" + (1...2500).map(Self.chapter).joined()
        XCTAssertGreaterThan(text.utf8.count, 3 << 20)
        let path = try write(text)
        let (document, blocks) = try MarkdownReader.open(path: path, readSize: 64 << 10)
        XCTAssertEqual(document.frontMatter.title, "Long")
        var read: [Block] = [], mostHeld = 0
        while let block = try blocks.next() {
            read.append(block)
            mostHeld = max(mostHeld, blocks.sourceBytesHeld)
        }
        // The part before, the part being parsed and the block parse's read-ahead, each some
        // 64 KB, as written and as parsed (escapes protected), let go once they are half the window.
        XCTAssertLessThan(mostHeld, 1280 << 10, "the window holds a few 64 KB parts, not the body")
        XCTAssertEqual(read, try documentFromText(text, file: path).blocks)
    }

    /// The flags the parse needs first are the same however the body's bytes are cut.
    func testBodyFlagsDoNotDependOnWhereTheBytesAreCut() {
        let pieces = ["text ", "\\[", "\\\\", "]:", "\r\n", "\r", "\n", "\n\n", "(", "  ", "#", "[^", "{page", "<IMG",
                      "font=", "&#", "\\#", "\u{91}", "é", "漢", "]", ":", "x"]
        var g = SplitMix64(seed: 0xF1A6)
        for round in 0..<2000 {
            let bytes = Array((0..<(1 + Int(g.next() % 12))).map { _ in g.pick(pieces) }.joined().utf8)
            var whole = BodyFlags()
            bytes.withUnsafeBufferPointer { whole.scan($0) }
            whole.finish()
            var cut = BodyFlags()
            var at = 0
            while at < bytes.count {
                let end = min(bytes.count, at + 1 + Int(g.next() % 4))
                bytes[at..<end].withUnsafeBufferPointer { cut.scan($0) }
                at = end
            }
            cut.finish()
            let text = String(decoding: bytes, as: UTF8.self).debugDescription
            XCTAssertEqual(cut.lineFeeds, whole.lineFeeds, "round \(round): \(text)")
            XCTAssertEqual(cut.hasEscapes, whole.hasEscapes, "round \(round): \(text)")
            XCTAssertEqual(cut.hasControls, whole.hasControls, "round \(round): \(text)")
            XCTAssertEqual(cut.mayDefineReferences, whole.mayDefineReferences, "round \(round): \(text)")
            XCTAssertEqual(cut.hasLoneCarriageReturn, whole.hasLoneCarriageReturn, "round \(round): \(text)")
            XCTAssertEqual(cut.wholeDocument.found, whole.wholeDocument.found, "round \(round): \(text)")
        }
    }

    /// Looked for across a cut: a link's `#` on the line after its parenthesis, and not
    /// after a blank line.
    func testLinksInsideAreFoundAcrossACut() {
        func found(_ pieces: [String]) -> Bool {
            var scan = WholeDocumentScan()
            for piece in pieces { Array(piece.utf8).withUnsafeBufferPointer { scan.scan($0) } }
            return scan.found
        }
        XCTAssertTrue(found(["[a](", "  \n", "  #id)"]))
        XCTAssertTrue(found(["[a](", "#id)"]))
        XCTAssertFalse(found(["[a](\n", "\n#id)"]), "a heading after a blank line")
        XCTAssertFalse(found(["(\n", " ", "\n", "# Heading"]))
        XCTAssertTrue(found(["see [^", "1]"]))
        XCTAssertTrue(found(["<i", "mg src=x>"]))
        XCTAssertFalse(found(["# Heading\n", "text (in parentheses)\n"]))
    }

    /// The file's faults are those of reading it whole.
    func testAFaultyFileGivesTheErrorsOfAWholeRead() throws {
        func message(_ body: () throws -> Any) -> String {
            do { _ = try body(); return "no error" } catch { return "\(error)" }
        }
        var invalid = Data("# Title\n\ntext ".utf8)
        invalid.append(contentsOf: [0xFF, 0xFE])
        let bad = directory.appendingPathComponent("bad.md").path
        try invalid.write(to: URL(fileURLWithPath: bad))
        let wholeBad = message { try PlainTextReader.read(path: bad) }
        XCTAssertTrue(wholeBad.contains("bad.md"), wholeBad)
        XCTAssertEqual(message { try MarkdownReader.open(path: bad, readSize: 3) }, wholeBad)
        XCTAssertEqual(message { try MarkdownReader.open(path: directory.appendingPathComponent("missing.md").path) },
                       message { try PlainTextReader.read(path: directory.appendingPathComponent("missing.md").path) })
        XCTAssertEqual(message { try MarkdownReader.open(path: directory.path) }, message { try PlainTextReader.read(path: directory.path) })
        for text in ["---\ntitle: [open\n---\ntext\n", "---\ntitle: never closed\n\ntext\n", "---\ntitle: a\ntitle: b\n---\n"] {
            let path = try write(text)
            let expected = message { try MarkdownReader.open(text, file: path) }
            XCTAssertNotEqual(expected, "no error")
            XCTAssertEqual(message { try MarkdownReader.open(path: path, readSize: 2) }, expected)
        }
    }

    /// A lone carriage return (a line end the whole read turns into a line feed) and
    /// standard input are read whole.
    func testALoneCarriageReturnIsReadWhole() throws {
        let text = "# A\r\rtext\r\n\r\n# B\n"
        let path = try write(text)
        XCTAssertNil(try MarkdownFileScan.scan(path: path))
        XCTAssertNotNil(try MarkdownFileScan.scan(path: try write("# A\r\n\r\ntext\r\n", "crlf.md")))
        XCTAssertEqual(try documentFromFile(text, file: path, readSize: 1).blocks, try documentFromText(text, file: path).blocks)
    }

    /// A file cut after its check ends the parse with an error naming it, never with a
    /// shorter document.
    func testAFileCutAfterItsCheckFailsTheParse() throws {
        let text = (1...400).map(Self.chapter).joined()
        let path = try write(text)
        let (_, blocks) = try MarkdownReader.open(path: path, readSize: 16 << 10, partBytes: 16 << 10)
        _ = try blocks.next()
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(text.utf8.count / 2))
        try handle.close()
        XCTAssertThrowsError(try { while try blocks.next() != nil {} }()) { error in
            XCTAssertTrue("\(error)".contains("doc.md"), "\(error)")
            XCTAssertTrue("\(error)".contains("changed after it was checked"), "\(error)")
        }
    }
}

extension MarkdownFileSourceTests {
    /// A file saved again while it is read — the same length, or longer — fails the parse
    /// at its end, never giving a document of the two versions.
    func testAFileSavedAgainWhileItIsReadFailsTheParse() throws {
        let text = (1...300).map(Self.chapterText).joined()
        for change in ["same length", "longer"] {
            let path = try write(text)
            let (_, blocks) = try MarkdownReader.open(path: path, readSize: 16 << 10, partBytes: 16 << 10)
            _ = try blocks.next()
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
            if change == "longer" {
                try handle.seekToEnd()
                try handle.write(contentsOf: Data("\n# Added\n\n[a]: http://example.com\n".utf8))
            } else {
                try handle.write(contentsOf: Data(text.replacingOccurrences(of: "Paragraph", with: "Pa[ra]{.x}").utf8))
            }
            try handle.close()
            XCTAssertThrowsError(try { while try blocks.next() != nil {} }(), change) { error in
                XCTAssertTrue("\(error)".contains("changed after it was checked"), "\(change): \(error)")
            }
        }
    }

    static func chapterText(_ n: Int) -> String {
        "# Chapter \(n)\n\n" + (1...12).map { "Paragraph \($0) of chapter \(n), with text enough to fill a line or two.\n" }.joined(separator: "\n") + "\n"
    }

    /// A long table sliced a few hundred rows at a time, and a style line above a table
    /// at the start of a part, read from the file as from the text.
    func testSlicedTablesAndStyleLinesReadAsTheText() throws {
        let rows = (1...1500).map { "| \($0) | row \($0) |" }.joined(separator: "\n")
        let text = (1...40).map(Self.chapterText).joined() + "\n| a | b |\n|---|---|\n" + rows + "\n\n"
            + (41...80).map { Self.chapterText($0) + "{.wide}\n| x | y |\n|---|---|\n| \($0) | z |\n\n" }.joined()
        let path = directory.appendingPathComponent("tables.md").path
        for partBytes in [1, 512, 64 << 10] {
            let expected = try documentFromText(text, file: path, partBytes: partBytes)
            XCTAssertEqual(try documentFromFile(text, file: path, readSize: 700, partBytes: partBytes), expected, "parts of \(partBytes)")
            XCTAssertTrue(expected.blocks.contains { if case .table(let t) = $0.kind { return t.rows.count > 1000 } else { return false } })
        }
    }

    /// Faults after the front matter, and a character cut by a piece's end, are named as a
    /// whole read names them.
    func testFaultsAfterTheFrontMatterAreNamedAsAWholeRead() throws {
        for bytes: [UInt8] in [Array("---\ntitle: T\n---\n\ntext ".utf8) + [0xC3, 0x28] + Array(" more\n".utf8),
                               Array("---\ntitle: T\n---\n\nab".utf8) + [0xE6, 0xBC] + Array("\n".utf8)] {
            let path = directory.appendingPathComponent("fault.md").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            var expected = "", got = ""
            do { _ = try PlainTextReader.read(path: path) } catch { expected = "\(error)" }
            do { _ = try MarkdownReader.open(path: path, readSize: 3) } catch { got = "\(error)" }
            XCTAssertFalse(expected.isEmpty)
            XCTAssertEqual(got, expected)
        }
    }
}
