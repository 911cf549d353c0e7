import FolioTestSupport
import Foundation
import XCTest

/// The built-ins are written to `$TMPDIR/folio-templates-UID` to be read by path; that
/// shared folder is used only when it is this user's and closed to others.
final class BuiltinTemplateFolderTests: XCTestCase {
    private func render(tmp: URL, work: URL) throws -> ProcessResult {
        let doc = work.appendingPathComponent("d.md")
        try "# Title\n\nText.\n".write(to: doc, atomically: true, encoding: .utf8)
        return try folio(["render", doc.path, "-t", "report", "-q"], environment: ["TMPDIR": tmp.path + "/"])
    }

    func testAPrivateSharedFolderIsUsedAndReused() throws {
        let tmp = try makeTemporaryDirectory("folio-tmpdir")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let result = try render(tmp: tmp, work: tmp)
        XCTAssertEqual(result.status, 0, result.output)
        let shared = tmp.appendingPathComponent("folio-templates-\(getuid())")
        let attributes = try FileManager.default.attributesOfItem(atPath: shared.path)
        XCTAssertEqual((attributes[.posixPermissions] as? Int).map { $0 & 0o777 }, 0o700, "made closed to others")
        let first = try FileManager.default.contentsOfDirectory(atPath: shared.path).filter { $0.hasPrefix("report-") }
        XCTAssertEqual(first.count, 1, "the report template is written there")
        XCTAssertEqual(try render(tmp: tmp, work: tmp).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: shared.path).filter { $0.hasPrefix("report-") }, first,
                       "and reused, not written again")
    }

    func testASharedFolderOpenToOthersIsNotUsed() throws {
        let tmp = try makeTemporaryDirectory("folio-tmpdir")
        defer { try? FileManager.default.removeItem(at: tmp) }
        // Someone made the folder first, writable by all (or it is a link to theirs).
        let shared = tmp.appendingPathComponent("folio-templates-\(getuid())")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: shared.path)
        let result = try render(tmp: tmp, work: tmp)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: shared.path), [], "nothing read from or written to it")
        let linked = try makeTemporaryDirectory("folio-tmpdir")
        defer { try? FileManager.default.removeItem(at: linked) }
        let elsewhere = try makeTemporaryDirectory("folio-elsewhere")
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try FileManager.default.createSymbolicLink(at: linked.appendingPathComponent("folio-templates-\(getuid())"), withDestinationURL: elsewhere)
        XCTAssertEqual(try render(tmp: linked, work: linked).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), [], "a link is not followed")
    }
}
