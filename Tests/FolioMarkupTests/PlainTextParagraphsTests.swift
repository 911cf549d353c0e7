import FolioMarkup
import FolioTestSupport
import Foundation
import XCTest

/// `PlainTextParagraphs` splits text as the reader always has: checked against a plain
/// restatement of the rule on random texts of blank lines, spaces, tabs, CRs and words.
final class PlainTextParagraphsTests: XCTestCase {
    /// Lines split at LF, a CR before it dropped; a line of only spaces and tabs ends a
    /// paragraph; the lines of a paragraph are joined with a space.
    private func reference(_ text: String) -> [String] {
        var result: [String] = [], current: [String] = []
        // By bytes: as Characters, CR LF is one and would not split at the LF.
        for var line in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map({ String(decoding: $0, as: UTF8.self) }) {
            if line.utf8.last == 0x0D { line = String(decoding: line.utf8.dropLast(), as: UTF8.self) }
            if line.unicodeScalars.allSatisfy({ $0 == " " || $0 == "\t" }) {
                if !current.isEmpty { result.append(current.joined(separator: " ")); current = [] }
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { result.append(current.joined(separator: " ")) }
        return result
    }

    func testParagraphsAreSplitAsTheRuleSays() {
        var rng = SystemRandomNumberGenerator()
        let pieces = ["word", "é", "日本", " ", "\t", "\n", "\n", "\r\n", "\r", "  \n", "\n\n"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...30, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            XCTAssertEqual(Array(PlainTextParagraphs(text)), reference(text), text.debugDescription)
            XCTAssertEqual(PlainTextReader.paragraphs(of: text), reference(text))
        }
        XCTAssertEqual(Array(PlainTextParagraphs("")), [])
        XCTAssertEqual(Array(PlainTextParagraphs("One\nparagraph.\n\nTwo.\n")), ["One paragraph.", "Two."])
    }

    func testAFileReadAFewBytesAtATimeSplitsAsTheString() throws {
        let dir = try makeTemporaryDirectory("folio-paragraphs")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("text.txt").path
        var rng = SystemRandomNumberGenerator()
        let pieces = ["word", "é", "日本", "🙂", " ", "\t", "\n", "\n", "\r\n", "  \n", "\n\n"]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...60, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let readSize = Int.random(in: 1...9, using: &rng)
            XCTAssertEqual(Array(try PlainTextParagraphs(contentsOfFile: path, readSize: readSize)), reference(text), text.debugDescription)
            // Checked a few bytes at a time, characters cut at every place.
            XCTAssertEqual(try PlainTextReader.validate(path: path, readSize: readSize), text.utf8.count)
        }
    }

    func testAFileCheckedAPartAtATimeFailsAsTheWholeRead() throws {
        let dir = try makeTemporaryDirectory("folio-validate")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("bad.txt").path
        let cases: [[UInt8]] = [
            Array("fine\nthen ".utf8) + [0xC3] + Array(" cut\n".utf8),          // a lead byte without its continuation
            Array("ends inside é".utf8).dropLast(),                             // the file ends inside a character
            Array("a NUL ".utf8) + [0] + Array(" here".utf8),
            Array(repeating: UInt8(ascii: "x"), count: 40) + [0xED, 0xA0, 0x80], // a surrogate
        ]
        for bytes in cases {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            var whole: String?
            do { _ = try PlainTextReader.read(path: path) } catch { whole = "\(error)" }
            XCTAssertNotNil(whole, "\(bytes)")
            for readSize in [1, 2, 3, 5, 1 << 20] {
                var parts: String?
                do { _ = try PlainTextReader.validate(path: path, readSize: readSize) } catch { parts = "\(error)" }
                XCTAssertEqual(parts, whole, "read \(readSize) bytes at a time")
            }
        }
        XCTAssertThrowsError(try PlainTextReader.validate(path: dir.appendingPathComponent("none.txt").path))
        XCTAssertThrowsError(try PlainTextReader.validate(path: dir.path))
    }

    func testAFileShorterThanWhenCheckedEndsWithAnError() throws {
        let dir = try makeTemporaryDirectory("folio-paragraphs-changed")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("text.txt").path
        try Data("One.\n\nTwo.\n\nThree.\n".utf8).write(to: URL(fileURLWithPath: path))
        let length = try PlainTextReader.validate(path: path)
        var whole = try PlainTextParagraphs(contentsOfFile: path, length: length, readSize: 4)
        var all: [String] = []
        while let paragraph = whole.next() { all.append(paragraph) }
        XCTAssertEqual(all, ["One.", "Two.", "Three."])
        XCTAssertNil(whole.readError)
        // Cut after it was checked.
        try Data("One.\n\nTw".utf8).write(to: URL(fileURLWithPath: path))
        var cut = try PlainTextParagraphs(contentsOfFile: path, length: length, readSize: 4)
        var read: [String] = []
        while let paragraph = cut.next() { read.append(paragraph) }
        XCTAssertEqual(read.first, "One.")
        XCTAssertTrue("\(cut.readError.map { "\($0)" } ?? "")".contains("changed while it was read"))
    }
}
