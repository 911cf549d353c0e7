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
