import FolioTestSupport
import Foundation
import XCTest

/// A document built a part at a time as it is set: a fault deep in it is reported as a
/// fault found while building is, with nothing written over a good PDF and nothing sent
/// down a pipe.
final class StreamedRenderTests: XCTestCase {
    private var faultLine = 0

    private func document(in dir: URL) throws -> String {
        let paragraph = "A paragraph of plain prose, long enough to take a few lines of a column, and no more than that."
        var text = "# A Long Document\n\n"
        for chapter in 1...40 {
            text += "## Chapter \(chapter)\n\n" + Array(repeating: paragraph, count: 20).joined(separator: "\n\n") + "\n\n"
        }
        // Past the first parts built.
        faultLine = text.utf8.filter { $0 == 0x0A }.count + 1
        text += "{.no-such-style}\nThe end.\n"
        return try write(text, "long.md", in: dir)
    }

    func testAFaultDeepInTheDocumentLeavesTheOldPDF() throws {
        let dir = try makeTemporaryDirectory()
        let out = dir.appendingPathComponent("out.pdf").path
        try Data("an old PDF".utf8).write(to: URL(fileURLWithPath: out))
        let result = try folio(["render", try document(in: dir), "-o", out], environment: fixedEpoch)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("long.md:\(faultLine):1: unknown style 'no-such-style'"), result.stderr)
        XCTAssertFalse(result.stderr.contains("out.pdf:"), "the fault is the document's, not the output's: \(result.stderr)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out)), Data("an old PDF".utf8))
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "out.pdf" && $0 != "long.md" }
        XCTAssertEqual(left, [], "no temporary file left")
    }

    func testAFaultDeepInTheDocumentSendsNothingDownAPipe() throws {
        let dir = try makeTemporaryDirectory()
        let result = try folio(["render", try document(in: dir), "-o", "/dev/stdout", "-q"], environment: fixedEpoch)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("unknown style 'no-such-style'"), result.stderr)
        XCTAssertEqual(result.stdout, "", "not a page of a PDF that cannot be finished")
    }

    func testAFaultDeepInTheDocumentWritesNoPagePreview() throws {
        let dir = try makeTemporaryDirectory()
        let previews = dir.appendingPathComponent("png")
        try FileManager.default.createDirectory(at: previews, withIntermediateDirectories: true)
        let result = try folio(["render", try document(in: dir), "-o", dir.appendingPathComponent("out.pdf").path,
                                "--png", previews.path, "-q"], environment: fixedEpoch)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("unknown style 'no-such-style'"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: previews.path), [], "no page previewed")
    }
}
