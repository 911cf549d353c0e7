import FolioLayout
import Foundation
import XCTest

/// Fonts as a TextKit developer names and measures them: PostScript names resolved to
/// their face, substitutions told as layout warnings, metrics read from the font's tables.
final class FontResolutionTests: XCTestCase {
    private func layout(_ text: String, font: FontDescriptor) -> LayoutManager {
        let storage = TextStorage(text, attributes: TextAttributes(font: font))
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 600)))
        manager.ensureLayout()
        return manager
    }

    func testPostScriptNamesResolveToTheirFace() throws {
        let cases: [(String, String, Int, Bool)] = [
            ("DejaVuSerif-Bold", "DejaVu Serif", 700, false), ("DejaVuSerif-Italic", "DejaVu Serif", 400, true),
            ("DejaVuSans-BoldOblique", "DejaVu Sans", 700, true), ("dejavuserif", "DejaVu Serif", 400, false),
        ]
        for (name, family, weight, slanted) in cases {
            let font = try XCTUnwrap(FontCatalog.font(for: FontDescriptor(family: name, size: 10)), name)
            XCTAssertEqual(font.familyName, family, name)
            XCTAssertEqual(font.weight, weight, name)
            XCTAssertEqual(font.isSlanted, slanted, name)
            XCTAssertTrue(FontCatalog.isInstalled(name), name)
            // Laid out, the run is set in that face, and nothing is reported.
            let manager = layout("Set in \(name).", font: FontDescriptor(family: name, size: 10))
            let run = try XCTUnwrap(manager.lineFragments.first?.glyphRuns.first)
            XCTAssertEqual(run.font.familyName, family, name)
            XCTAssertEqual(run.font.weight, weight, name)
            XCTAssertTrue(manager.warnings.isEmpty, "\(manager.warnings)")
        }
    }

    func testAPostScriptNameOfACondensedFaceGivesTheCondensedFace() throws {
        let condensed = try XCTUnwrap(FontCatalog.font(for: FontDescriptor(family: "DejaVuSerifCondensed", size: 10)))
        let normal = try XCTUnwrap(FontCatalog.font(for: FontDescriptor(family: "DejaVu Serif", size: 10)))
        let explicit = try XCTUnwrap(FontCatalog.font(for: FontDescriptor(families: ["DejaVu Serif"], size: 10, stretch: .condensed)))
        XCTAssertEqual(condensed.familyName, "DejaVu Serif")
        XCTAssertTrue(condensed === explicit || condensed.description == explicit.description)
        XCTAssertNotEqual(width("condensed", condensed.familyName, stretch: .condensed), width("condensed", normal.familyName, stretch: .normal))
        XCTAssertEqual(width("condensed", "DejaVuSerifCondensed", stretch: .normal), width("condensed", "DejaVu Serif", stretch: .condensed), accuracy: 1e-9)
    }

    private func width(_ text: String, _ family: String, stretch: FontStretch) -> Double {
        let manager = layout(text, font: FontDescriptor(families: [family], size: 10, stretch: stretch))
        return manager.lineFragments[0].usedRect.width
    }

    func testAFamilyNotInstalledIsReportedOnceNamingTheFontUsed() throws {
        let missing = FontDescriptor(families: ["NoSuchFamily Pro"], size: 10)
        let manager = layout("First paragraph.\nSecond paragraph.\nThird.", font: missing)
        let used = try XCTUnwrap(manager.lineFragments.first?.glyphRuns.first).font.familyName
        let substitutions = manager.warnings.filter { $0.kind == .fontSubstitution }
        XCTAssertEqual(substitutions.count, 1, "\(manager.warnings)")
        XCTAssertEqual(substitutions.first?.message, "font 'NoSuchFamily Pro' is not installed; set in '\(used)' instead")
        XCTAssertEqual(substitutions.first?.characterRange, 0..<17, "the first paragraph asking for it")
        // A list with an installed family is not a substitution.
        let listed = layout("Fine.", font: FontDescriptor(families: ["NoSuchFamily Pro", "DejaVu Sans"], size: 10))
        XCTAssertTrue(listed.warnings.isEmpty, "\(listed.warnings)")
        XCTAssertEqual(listed.lineFragments[0].glyphRuns[0].font.familyName, "DejaVu Sans")
    }

    func testSmallCapsAFaceLacksAreReportedAndCanBeSynthesized() throws {
        let smallCaps = FontDescriptor(family: "DejaVu Serif", size: 10).addingFeature(.smallCaps)
        XCTAssertFalse(FontCatalog.font(for: smallCaps, hasFeature: "smcp"), "DejaVu Serif has no smcp")
        let manager = layout("Small capitals.", font: smallCaps)
        XCTAssertEqual(manager.warnings.map(\.kind), [.fontSubstitution])
        XCTAssertTrue(manager.warnings[0].message.hasPrefix("font 'DejaVu Serif' has no small capitals (smcp)"), manager.warnings[0].message)
        // The fallback: lower case set as smaller capitals, upper case as they are.
        var text = AttributedText()
        text.appendSynthesizingSmallCaps("Small Caps", attributes: TextAttributes(font: smallCaps))
        XCTAssertEqual(text.string, "SMALL CAPS")
        let storage = TextStorage()
        storage.append(text)
        XCTAssertEqual(storage.attributes(at: 0).attributes.font?.size, 10)
        XCTAssertEqual(storage.attributes(at: 1).attributes.font?.size ?? 0, 7.8, accuracy: 1e-9)
        XCTAssertFalse(storage.attributes(at: 1).attributes.font!.features.contains(.smallCaps))
        let synthesized = LayoutManager(textStorage: storage)
        synthesized.addTextContainer(TextContainer(size: Size(width: 300, height: 100)))
        synthesized.ensureLayout()
        XCTAssertTrue(synthesized.warnings.isEmpty, "\(synthesized.warnings)")
    }

    func testMetricsOfAFontWithoutCapHeightInItsTablesComeFromItsOutlines() throws {
        // DejaVu's OS/2 table (version 1) has no cap or x height: H and x are measured.
        let font = try XCTUnwrap(FontCatalog.font(for: FontDescriptor(family: "DejaVu Serif", size: 100)))
        // DejaVu Serif's H stands 1 493 units of its 2 048 em, its x 1 063.
        XCTAssertEqual(font.capHeight, 100 * 1493 / 2048, accuracy: 0.2)
        XCTAssertEqual(font.xHeight, 100 * 1063 / 2048, accuracy: 0.2)
    }

    func testMetricsAreTheFontTablesScaledToTheSize() throws {
        let family = "Noto Sans CJK SC"
        let font = try XCTUnwrap(FontCatalog.font(for: FontDescriptor(family: family, size: 20)))
        XCTAssertEqual(font.familyName, family, "scripts/install-deps.sh installs fonts-noto-cjk")
        let tables = try OpenTypeTables(path: try fontFile(family))
        let scale = 20 / Double(tables.unitsPerEm)
        // HarfBuzz keeps positions in 1/1024 of a point at this size.
        XCTAssertEqual(font.capHeight, Double(tables.capHeight) * scale, accuracy: 0.002)
        XCTAssertEqual(font.xHeight, Double(tables.xHeight) * scale, accuracy: 0.002)
        XCTAssertEqual(font.lineGap, Double(tables.lineGap) * scale, accuracy: 0.002)
        XCTAssertEqual(font.lineHeight, font.ascent + font.descent)
        XCTAssertGreaterThan(font.capHeight, font.xHeight)
        XCTAssertLessThan(font.capHeight, font.ascent)
    }

    /// The file fontconfig gives for `family`.
    private func fontFile(_ family: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-match")
        process.arguments = ["-f", "%{file}", family]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        // Closed here: Foundation's `Process` may keep its pipes past the run.
        defer { try? pipe.fileHandleForReading.close() }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }
}

/// The few fields of a TrueType/OpenType file the metrics test compares with, read from
/// the file's own tables (head, hhea, OS/2) — independently of HarfBuzz and Pango.
private struct OpenTypeTables {
    var unitsPerEm: UInt16, lineGap: Int16, xHeight: Int16, capHeight: Int16

    init(path: String) throws {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u16(_ at: Int) -> UInt16 { UInt16(data[at]) << 8 | UInt16(data[at + 1]) }
        func u32(_ at: Int) -> Int { Int(u16(at)) << 16 | Int(u16(at + 2)) }
        // A collection (.ttc) starts with the offsets of its fonts' directories: the first.
        let directory = data.starts(with: Array("ttcf".utf8)) ? u32(12) : 0
        var tables: [String: Int] = [:]
        for i in 0..<Int(u16(directory + 4)) {
            let record = directory + 12 + 16 * i
            tables[String(decoding: data[record..<(record + 4)], as: UTF8.self)] = u32(record + 8)
        }
        guard let head = tables["head"], let hhea = tables["hhea"], let os2 = tables["OS/2"], u16(os2) >= 2 else {
            throw CocoaError(.fileReadCorruptFile)
        }
        unitsPerEm = u16(head + 18)
        lineGap = Int16(bitPattern: u16(hhea + 8))
        xHeight = Int16(bitPattern: u16(os2 + 86))
        capHeight = Int16(bitPattern: u16(os2 + 88))
    }
}
