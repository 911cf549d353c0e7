import FolioTestSupport
import Foundation
import XCTest

/// Inputs that used to fail with a misleading message, or not fail at all (issue 12).
final class MisleadingErrorTests: XCTestCase {
    func testAnInvalidSourceDateEpochIsAnErrorNamingIt() throws {
        let dir = try makeTemporaryDirectory()
        let doc = try write("# T\n\nText.\n", "doc.md", in: dir)
        for value in ["abc", "-5", "1.5", "99999999999999"] {
            let out = dir.appendingPathComponent("out.pdf").path
            let result = try folio(["render", doc, "-o", out, "-q"], environment: ["SOURCE_DATE_EPOCH": value])
            XCTAssertNotEqual(result.status, 0, value)
            XCTAssertTrue(result.stderr.contains("SOURCE_DATE_EPOCH='\(value)' is not a whole number of seconds"), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), value)
        }
        XCTAssertEqual(try folio(["render", doc, "-q"], environment: ["SOURCE_DATE_EPOCH": "253402300799"]).status, 0, "the last second of 9999")
    }

    func testATemplateFileWithAByteOrderMarkReads() throws {
        let dir = try makeTemporaryDirectory()
        let folder = dir.appendingPathComponent("bom")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data([0xEF, 0xBB, 0xBF] + Array("name: bom\nextends: default\n".utf8)).write(to: folder.appendingPathComponent("template.yaml"))
        let doc = try write("# T\n\nText.\n", "doc.md", in: dir)
        let result = try folio(["render", doc, "-t", folder.path, "-q"], environment: fixedEpoch)
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}
