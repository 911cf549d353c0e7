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
        for (flag, value, expected) in [("--columns", "-1", "--columns must be from 1 to 64 (got -1)"),
                                        ("--margin", "-5mm", "--margin cannot be negative"),
                                        ("--size", "-3", "--size must be between 0 and 1000 points"),
                                        ("--gutter", "-1pt", "--gutter cannot be negative"),
                                        ("--jobs", "-2", "--jobs must be from 1 to 256 (got -2)"),
                                        ("--jobs", "100000", "--jobs must be from 1 to 256 (got 100000)")] {
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

/// Images that would blow up memory or vanish silently (issue 12).
final class ImageErrorTests: XCTestCase {
    /// A PNG's chunk: length, type, data and a CRC (not checked by Folio, zero here).
    private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let n = UInt32(data.count)
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + Array(type.utf8) + data + [0, 0, 0, 0]
    }

    func testAnImageOfTooManyPixelsIsRefusedBeforeItIsDecoded() throws {
        let dir = try makeTemporaryDirectory()
        let side: [UInt8] = [0, 0, 0x4E, 0x20] // 20 000
        let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", side + side + [8, 0, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
        try Data(png).write(to: dir.appendingPathComponent("huge.png"))
        let doc = try write("![big](huge.png)\n", "doc.md", in: dir)
        let result = try folio(["render", doc, "-q"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("doc.md:1:1: image 'huge.png' is 20000 × 20000 pixels, more than the 64 million Folio draws"), result.stderr)
    }

    func testATruncatedPNGIsAnErrorNotAMissingPicture() throws {
        let dir = try makeTemporaryDirectory()
        let chart = try Data(contentsOf: repositoryDirectory.appendingPathComponent("Examples/Documents/images/chart.png"))
        try chart.prefix(chart.count / 2).write(to: dir.appendingPathComponent("cut.png"))
        let doc = try write("Text.\n\n![cut](cut.png)\n", "doc.md", in: dir)
        let result = try folio(["render", doc, "-q"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("doc.md:3:1: image 'cut.png' is a truncated or damaged PNG"), result.stderr)
    }

    func testAPNGDamagedInsideIsWarnedAboutAndFramedInRed() throws {
        let dir = try makeTemporaryDirectory()
        let four: [UInt8] = [0, 0, 0, 4]
        let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", four + four + [8, 0, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x9C, 0xFF, 0xFF, 0xFF, 0xFF]) + chunk("IEND", [])
        try Data(png).write(to: dir.appendingPathComponent("bad.png"))
        let doc = try write("Text.\n\n![bad](bad.png)\n", "doc.md", in: dir)
        let out = dir.appendingPathComponent("doc.pdf").path
        let result = try folio(["render", doc, "-o", out], environment: fixedEpoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("bad.png: the image could not be decoded (damaged inside); a red frame marks its place"), result.stderr)
        XCTAssertEqual(try qpdfCheck(out).status, 0)
    }
}
