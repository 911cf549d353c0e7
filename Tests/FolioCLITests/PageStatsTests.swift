import FolioTestSupport
import Foundation
import XCTest

/// `scripts/page-stats.py` on a novel of the shared corpus set with the `book` template:
/// no widows, orphans, stranded headings or em dashes starting lines; and the same tool
/// finds the widows and orphans a template that allows them gets (it can fail).
final class PageStatsTests: XCTestCase {
    private func stats(_ pdf: String, source: String) throws -> [String: Double] {
        let python = try requireTool("python3")
        let script = repositoryDirectory.appendingPathComponent("scripts/page-stats.py").path
        let result = try runProcess(python, [script, pdf, source, "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let matched = try XCTUnwrap(json?["matched_source_words"] as? Double)
        XCTAssertGreaterThan(matched, 0.99, "the tool follows the whole source")
        return try XCTUnwrap(json?["per100pages"] as? [String: Double])
    }

    func testTheBookTemplateSetsANovelWithoutWidowsOrphansOrStrandedHeadings() throws {
        let source = try requireCorpus("the-great-gatsby.md").path
        let dir = try makeTemporaryDirectory()
        let pdf = dir.appendingPathComponent("gatsby.pdf").path
        let render = try folio(["render", source, "--template", "book", "-o", pdf], environment: fixedEpoch)
        XCTAssertEqual(render.status, 0, render.stderr)
        let figures = try stats(pdf, source: source)
        XCTAssertEqual(figures["widows"], 0, "\(figures)")
        XCTAssertEqual(figures["orphans"], 0, "\(figures)")
        XCTAssertEqual(figures["stranded-headings"], 0, "\(figures)")
        XCTAssertEqual(figures["dash-starts"], 0, "\(figures)")
        XCTAssertEqual(figures["ladders3"], 0, "\(figures)")
        XCTAssertGreaterThan(try XCTUnwrap(figures["hyphens"]), 0, "the novel has hyphenated lines to count")

        // The same text with widows and orphans allowed: the tool finds them.
        let loose = dir.appendingPathComponent("loose")
        try FileManager.default.createDirectory(at: loose, withIntermediateDirectories: true)
        try "extends: book\nstyles:\n  body: {orphans: 1, widows: 1}\n  body-first: {orphans: 1, widows: 1}\n"
            .write(to: loose.appendingPathComponent("template.yaml"), atomically: true, encoding: .utf8)
        let loosePDF = dir.appendingPathComponent("loose.pdf").path
        XCTAssertEqual(try folio(["render", source, "--template", loose.path, "-o", loosePDF], environment: fixedEpoch).status, 0)
        let allowed = try stats(loosePDF, source: source)
        XCTAssertGreaterThan(try XCTUnwrap(allowed["widows"]), 3, "\(allowed)")
        XCTAssertGreaterThan(try XCTUnwrap(allowed["orphans"]), 3, "\(allowed)")
    }
}
