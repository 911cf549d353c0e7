import FolioExamples
import Foundation
import XCTest

/// Every example runs, writes a valid PDF, and shows what it claims to.
final class ExamplesTests: XCTestCase {
    private static let directory: String = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-examples-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }()

    private func run(_ name: String) throws -> (path: String, text: String) {
        let example = try XCTUnwrap(Example.all.first { $0.name == name })
        let path = try example.run(Self.directory)
        let check = try shell("/usr/bin/qpdf", ["--check", path])
        XCTAssertEqual(check.status, 0, check.output)
        let raw = try shell("/usr/bin/pdftotext", [path, "-"]).output
        // One line of text: hyphenated breaks joined, line ends as spaces.
        let text = raw.replacingOccurrences(of: "-\n", with: "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return (path, text)
    }

    func testEveryExampleIsListed() {
        XCTAssertEqual(Example.all.prefix(12).map(\.name.first!), Array("abcdefghijkl"))
        XCTAssertEqual(Example.all.dropFirst(12).map(\.name),
                       ["default", "book", "two-column", "newspaper", "report", "large-print"].map { "template-\($0)" })
    }

    /// Every built-in template sets its example document: valid, with its title and its
    /// last words, in order.
    func testTemplateExamplesSetTheirDocuments() throws {
        let expectations: [(String, String, String)] = [
            ("default", "Folio’s Default Template", "its alt text the caption"),
            ("book", "The Lighthouse Keeper’s Almanac", "come safely home."),
            ("two-column", "Total-Fit Line Breaking in Practice", "faster than TeX sets it."),
            ("newspaper", "Town Library Opens Its Doors", "under the clock."),
            ("report", "Quarterly Operations Report", "to the board in October."),
            ("large-print", "Notes for Visitors", "on the back of your ticket."),
        ]
        for (name, first, last) in expectations {
            let (_, text) = try run("template-\(name)")
            let a = try XCTUnwrap(text.range(of: first), "\(name): \(first)")
            let b = try XCTUnwrap(text.range(of: last), "\(name): \(last)")
            XCTAssertLessThan(a.lowerBound, b.lowerBound, name)
        }
    }

    func testTwoColumnsContinueTheText() throws {
        let (_, text) = try run("a-two-columns")
        XCTAssertTrue(text.contains("Typography is the craft"))
        XCTAssertEqual(text.components(separatedBy: "gape nor crowd.").count, 3, "the first paragraph set twice, across both containers")
    }

    func testBothLayoutManagersShowTheEdit() throws {
        let (path, _) = try run("b-two-layout-managers")
        for page in ["1", "2"] {
            let text = try shell("/usr/bin/pdftotext", ["-f", page, "-l", page, path, "-"]).output
            XCTAssertTrue(text.replacingOccurrences(of: "-\n", with: "").replacingOccurrences(of: "\n", with: " ")
                .contains("Typesetting, edited after layout"), "page \(page): \(text.prefix(200))")
        }
    }

    func testExclusionsAndCircleSetAllTheirText() throws {
        for name in ["c-exclusions", "d-circle"] {
            let (_, text) = try run(name)
            XCTAssertTrue(text.contains("Typography"), name)
        }
    }

    func testStyledExamples() throws {
        XCTAssertTrue(try run("e-centered-indents").text.contains("OUTLINED"))
        XCTAssertTrue(try run("f-initial").text.contains("ypography is the craft"))
        XCTAssertTrue(try run("g-justified").text.contains("durable"))
        XCTAssertTrue(try run("i-inline-images").text.contains("baseline"))
    }

    func testDecimalTabsLineUpTheDecimalPoints() throws {
        let (path, _) = try run("h-decimal-tabs")
        let xml = try shell("/usr/bin/pdftotext", ["-bbox", path, "-"]).output
        // The x where each price's decimal point falls: the price words end at different
        // places, but "$2.34" and "$120.00" have their points at the same x.
        var points: [Double] = []
        for line in xml.split(separator: "\n") where line.contains(">$") {
            let xMin = Double(line.firstMatch(of: /xMin="([0-9.]+)"/)!.1)!
            let xMax = Double(line.firstMatch(of: /xMax="([0-9.]+)"/)!.1)!
            let word = String(line.firstMatch(of: />([^<]+)</)!.1)
            guard let dot = word.firstIndex(of: ".") else { continue }
            let share = Double(word.distance(from: word.startIndex, to: dot)) / Double(word.count)
            points.append(xMin + (xMax - xMin) * share)
        }
        XCTAssertEqual(points.count, 5)
        for p in points { XCTAssertEqual(p, points[0], accuracy: 3) }
    }

    func testImagesAreEmbeddedAndJPEGKeptAsItIs() throws {
        let (path, _) = try run("i-inline-images")
        let images = try shell("/usr/bin/pdfimages", ["-list", path]).output
        let rows = images.split(separator: "\n").dropFirst(2)
        XCTAssertEqual(rows.count, 3, images)
        XCTAssertTrue(rows.contains { $0.contains(" jpeg ") }, "the JPEG is embedded as JPEG: \(images)")
    }

    func testCustomAttributeReplacement() throws {
        let text = try run("j-custom-attribute").text
        XCTAssertTrue(text.contains("Dear Ada Lovelace, your order of three books"))
        XCTAssertFalse(text.contains("{name}"))
    }

    func testMeasuredHeightHoldsTheText() throws {
        XCTAssertTrue(try run("k-measure").text.contains("exactly as many pages as it needs."))
    }

    func testThreeLinesEndInAnEllipsis() throws {
        let (path, text) = try run("l-three-lines")
        let lines = try shell("/usr/bin/pdftotext", [path, "-"]).output.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{0C}"))).isEmpty }
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(text.hasSuffix("\u{2026}"))
    }
}

func shell(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
