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

/// Flags and images whose errors used to mislead (issue 12).
final class FlagErrorTests: XCTestCase {
    func testNegativeNumbersAreRangeErrorsNotMissingValues() throws {
        let dir = try makeTemporaryDirectory()
        let doc = try write("Text.\n", "doc.md", in: dir)
        for (flag, value, expected) in [("--columns", "-1", "--columns must be at least 1 (got -1)"),
                                        ("--margin", "-5mm", "--margin cannot be negative"),
                                        ("--size", "-3", "--size must be between 0 and 1000 points"),
                                        ("--gutter", "-1pt", "--gutter cannot be negative"),
                                        ("--jobs", "-2", "--jobs must be at least 1 (got -2)")] {
            let result = try folio(["render", doc, flag, value, "-q"])
            XCTAssertNotEqual(result.status, 0, flag)
            XCTAssertTrue(result.stderr.contains(expected), "\(flag): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("Missing value"), result.stderr)
        }
    }

    func testTheScaleTakesTwentyAsDocumented() throws {
        let dir = try makeTemporaryDirectory()
        let doc = try write("Text.\n", "doc.md", in: dir)
        XCTAssertEqual(try folio(["render", doc, "--set", "scale=20", "-q"], environment: fixedEpoch).status, 0)
        let over = try folio(["render", doc, "--set", "scale=20.5", "-q"])
        XCTAssertTrue(over.stderr.contains("the scale must be a number above 0 and at most 20"), over.stderr)
    }

    func testADataURLImageIsNotCalledOnTheWeb() throws {
        let dir = try makeTemporaryDirectory()
        let doc = try write("![x](data:image/png;base64,iVBORw0KGgo=)\n", "doc.md", in: dir)
        let result = try folio(["render", doc, "-q"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("doc.md:1:1: image 'data:image/png;base64,iVBORw0KGgo=…' is a data: URL"), result.stderr)
        XCTAssertFalse(result.stderr.contains("on the web"))
    }
}

/// Inputs that are devices or not documents at all (issue 12).
final class InputFileErrorTests: XCTestCase {
    func testDevNullIsAnEmptyDocumentAndDevZeroStopsAtTheSizeCap() throws {
        let dir = try makeTemporaryDirectory()
        let out = dir.appendingPathComponent("out.pdf").path
        let empty = try folio(["render", "/dev/null", "-o", out, "-q"], environment: fixedEpoch)
        XCTAssertEqual(empty.status, 0, empty.stderr)
        let endless = try folio(["render", "/dev/zero", "-o", out, "-q"], timeout: 60)
        XCTAssertEqual(endless.status, 1)
        XCTAssertTrue(endless.stderr.contains("/dev/zero: is larger than 256 MB"), endless.stderr)
    }

    func testAFolderWithoutTemplateYamlIsNamedAsSuch() throws {
        let dir = try makeTemporaryDirectory()
        let folder = dir.appendingPathComponent("not-a-template")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let doc = try write("Text.\n", "doc.md", in: dir)
        let result = try folio(["render", doc, "-t", folder.path, "-q"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("\(folder.path): is not a template: the folder holds no template.yaml"), result.stderr)
    }
}
