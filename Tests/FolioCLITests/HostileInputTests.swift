import FolioTestSupport
import Foundation
import XCTest

/// Inputs built to crash or stall a typesetter (issue 12): each must end, with a valid PDF
/// or a clear error. The time limits are generous bounds against a hang, not benchmarks.
final class HostileInputTests: XCTestCase {
    private func render(_ markdown: String, _ extra: [String] = [], timeout: TimeInterval = 120) throws -> (ProcessResult, String) {
        let dir = try makeTemporaryDirectory()
        let doc = try write(markdown, "doc.md", in: dir)
        let out = dir.appendingPathComponent("doc.pdf").path
        return (try folio(["render", doc, "-o", out] + extra, environment: fixedEpoch, timeout: timeout), out)
    }

    func testNestingAsDeepAsCmarkAcceptsIsFlattenedWithOneWarning() throws {
        let cases = [
            ("quotes", String(repeating: "> ", count: 5_000) + "deepest words\n"),
            ("bullets", (0..<1_000).map { String(repeating: "  ", count: $0) + "- item \($0)\n" }.joined() + "\n\ndeepest words\n"),
            ("numbers", (0..<1_000).map { String(repeating: "   ", count: $0) + "1. item \($0)\n" }.joined() + "\n\ndeepest words\n"),
            ("emphasis", (0..<3_000).map { $0 % 2 == 0 ? "*a " : "_a " }.joined() + "deepest words"
                + (0..<3_000).reversed().map { $0 % 2 == 0 ? " a*" : " a_" }.joined() + "\n"),
            ("spans", String(repeating: "[a ", count: 3_000) + "deepest words" + String(repeating: "]{color=red}", count: 3_000) + "\n"),
            ("links", String(repeating: "[a ", count: 2_000) + "deepest words" + String(repeating: "](https://example.org)", count: 2_000) + "\n"),
        ]
        for (name, markdown) in cases {
            let (result, out) = try render(markdown)
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr.prefix(500))")
            // Links cannot hold links: cmark nests none of those.
            XCTAssertEqual(result.stderr.components(separatedBy: "is flattened").count - 1, name == "links" ? 0 : 1,
                           "\(name): \(result.stderr.prefix(800))")
            XCTAssertTrue(try pdfFlatText(out).replacingOccurrences(of: " ", with: "").contains("deepestwords"), "\(name): the deepest text is kept")
            XCTAssertEqual(try qpdfCheck(out).status, 0, name)
        }
    }

    func testShallowNestingIsNotFlattened() throws {
        let markdown = (0..<10).map { String(repeating: "  ", count: $0) + "- item \($0)\n" }.joined()
            + "\n" + String(repeating: "> ", count: 10) + "quote *a **b [c]{color=red} d** e*\n"
        let (result, _) = try render(markdown)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("flattened"), result.stderr)
    }

    func testAParagraphOfFiftyThousandSpansEnds() throws {
        let markdown = (0..<50_000).map { "[w\($0 % 10)]{color=red}" }.joined(separator: " ") + "\n"
        let (result, out) = try render(markdown, ["-q"], timeout: 240)
        XCTAssertEqual(result.status, 0, String(result.stderr.prefix(500)))
        XCTAssertTrue(try pdfFlatText(out).hasPrefix("w0 w1 w2"))
    }

    private func template(_ rules: String) throws -> String {
        let folder = try makeTemporaryDirectory().appendingPathComponent("t")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write("name: t\nextends: default\nrules:\n" + rules, "template.yaml", in: folder)
        return folder.path
    }

    func testABacktrackingRuleIsReportedNotRunForever() throws {
        let t = try template("  - {pattern: \"(a|aa)+b\", style: emphasis}\n")
        let (result, out) = try render(String(repeating: "a", count: 60) + "cb\n", ["-t", t], timeout: 60)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("template.yaml:4:5: the rule '(a|aa)+b' takes more than 10 million steps"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testARuleThatInsertsControlCharactersSetsAValidPDF() throws {
        let t = try template("  - {pattern: \"x\", style: emphasis, replace: \"a\\0b\\u0007c\"}\n")
        let (result, out) = try render("one x two\n", ["-t", t])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try qpdfCheck(out).status, 0)
        XCTAssertTrue(try pdfFlatText(out).contains("one"))
    }

    func testAHugeTitleInARunningHeadIsCutToWhatTheLineShows() throws {
        let title = Array(repeating: "word", count: 40_000).joined(separator: " ")
        let (result, out) = try render("---\ntitle: \"\(title)\"\n---\n\nText here.\n", ["-t", "book", "-q"], timeout: 240)
        XCTAssertEqual(result.status, 0, result.stderr)
        let head = try pdfText(out, first: 2, last: 2).split(separator: "\n").prefix(3).joined(separator: " ")
        XCTAssertTrue(head.contains("…"), "the running head ends in an ellipsis: \(head)")
    }

    func testThousandsOfFramesOnAPageEnd() throws {
        let folder = try makeTemporaryDirectory().appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let frames = (0..<5_000).map { i in
            "      - {x: \(Double(i % 40) * 5)mm, y: \(Double(i / 40 % 50) * 5)mm, width: 5mm, height: 5mm, text: \"\(i % 10)\", style: footer}"
        }.joined(separator: "\n")
        try write("name: frames\nextends: default\nmasters:\n  default:\n    frames:\n\(frames)\n", "template.yaml", in: folder)
        let text = (0..<3).map { "# Part \($0)\n\n" + String(repeating: "Words of the part. ", count: 300) }.joined(separator: "\n\n")
        let (result, out) = try render(text, ["-t", folder.path, "-q"], timeout: 240)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try qpdfCheck(out).status, 0)
    }
}
