import FolioTestSupport
import Foundation
import XCTest
import FolioDocument

/// What `--watch` watches (`PreparedDocument.sources`): the document, its images and a
/// template folder's files — not the copy of a built-in Folio writes itself.
final class RenderJobSourcesTests: XCTestCase {
    func testABuiltInsFilesAreNotWatchedAFoldersAre() throws {
        let dir = try makeTemporaryDirectory("folio-sources")
        defer { try? FileManager.default.removeItem(at: dir) }
        let doc = dir.appendingPathComponent("d.md")
        try "# Title\n\nText.\n".write(to: doc, atomically: true, encoding: .utf8)

        var builtIn = RenderJob(input: doc.path)
        builtIn.templateName = "report"
        let plain = try builtIn.prepare()
        XCTAssertTrue(plain.template.isBuiltIn)
        XCTAssertEqual(plain.sources, [doc.path], "the report's logo and template.yaml never change under a watch")

        let folder = dir.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "extends: report\nname: mine\n".write(to: folder.appendingPathComponent("template.yaml"), atomically: true, encoding: .utf8)
        var own = RenderJob(input: doc.path)
        own.templateName = folder.path
        let prepared = try own.prepare()
        XCTAssertFalse(prepared.template.isBuiltIn, "a folder extending a built-in is the user's")
        XCTAssertEqual(prepared.sources, [doc.path, folder.appendingPathComponent("template.yaml").path])
    }

    func testADataFileIsWatchedAndItsRecordIsWhatIsRead() throws {
        let dir = try makeTemporaryDirectory("folio-sources")
        defer { try? FileManager.default.removeItem(at: dir) }
        let doc = dir.appendingPathComponent("d.md"), data = dir.appendingPathComponent("d.yaml")
        try "---\ntitle: \"{{name}}\"\n---\n# {{name}}\n".write(to: doc, atomically: true, encoding: .utf8)
        try "name: Ada\n".write(to: data, atomically: true, encoding: .utf8)
        var job = RenderJob(input: doc.path)
        job.dataPath = data.path
        let prepared = try job.prepare()
        XCTAssertEqual(prepared.sources, [doc.path, data.path])
        XCTAssertEqual(prepared.document.variables["title"], "Ada")
        XCTAssertEqual(prepared.dataWarnings, [])
        XCTAssertTrue(job.sourcesToWatchAfterFailure.contains(data.path))
    }
}

/// Layout managers hold their delegates strongly (as TextKit developers expect of an
/// inline `delegate = Paginator(…)`): the document layer's managers, their page composers
/// and the closures those carry must still all be freed after each render — a cycle would
/// keep every document's layout, and its shaping context, alive in a long-running service.
final class RenderLeakTests: XCTestCase {
    func testRepeatedRendersWithPageCountsAndContentsReuseTheSameShapingContexts() throws {
        let dir = try makeTemporaryDirectory("folio-leak")
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("report.md")
        var text = "---\ntitle: Report\ntemplate: report\ntoc: true\n---\n\n"
        for i in 1...6 { text += "# Part \(i) {#part\(i)}\n\n" + String(repeating: "Text of the part, to fill its page. ", count: 80) + "\n\nSee [part 1](#part1){page}.\n\n" }
        try text.write(to: input, atomically: true, encoding: .utf8)
        func render() throws {
            let job = RenderJob(input: input.path)
            _ = try job.render(try job.prepare(), to: dir.appendingPathComponent("report.pdf").path)
        }
        try render(); try render()
        let settled = ShapingPool.shared.contextCount
        for _ in 0..<4 { try render() }
        XCTAssertEqual(ShapingPool.shared.contextCount, settled, "each render's managers gave their shaping contexts back")
    }
}

/// A Markdown file is read as it is parsed, through a descriptor the body's reader holds:
/// every way a render ends — written, prepared and dropped, failed in the body — must
/// close it, or a long-running service (and a test run) runs out of descriptors.
final class OpenFileLeakTests: XCTestCase {
    private func openDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }

    func testRendersPreparedDocumentsAndFailedParsesCloseTheirFiles() throws {
        let dir = try makeTemporaryDirectory("folio-descriptors")
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = dir.appendingPathComponent("good.md"), bad = dir.appendingPathComponent("bad.md")
        let plain = dir.appendingPathComponent("plain.txt")
        var text = "---\ntitle: Long\n---\n\n"
        for i in 1...40 { text += "# Part \(i)\n\n" + String(repeating: "Text of the part, to fill its page. ", count: 60) + "\n\n" }
        try text.write(to: good, atomically: true, encoding: .utf8)
        try (text + "# Title {#a #b}\n").write(to: bad, atomically: true, encoding: .utf8)
        try String(repeating: "A paragraph of plain text.\n\n", count: 400).write(to: plain, atomically: true, encoding: .utf8)
        let output = dir.appendingPathComponent("out.pdf").path
        func cycle() throws {
            for input in [good, plain] {
                let job = RenderJob(input: input.path)
                _ = try job.render(try job.prepare(), to: output)
                _ = try job.prepare()
            }
            let failing = RenderJob(input: bad.path)
            XCTAssertThrowsError(try failing.render(try failing.prepare(), to: output))
        }
        try cycle()
        let settled = try openDescriptors()
        for _ in 0..<5 { try cycle() }
        XCTAssertEqual(try openDescriptors(), settled, "every file read was closed")
    }
}
