@testable import FolioLayout
import FolioMarkup
import FolioTestSupport
import Foundation
import XCTest

/// A template loaded from its folder: the files it names (fonts, images) checked where
/// they are named, the folder and name it gets, and its fonts added to the process so
/// styles can use them by family name. (Reading template.yaml's keys is
/// `TemplateReaderTests`'s business; finding a template by name or path,
/// `BuiltinTemplatesTests`'.)
final class TemplateFolderTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws { dir = try makeTemporaryDirectory("folio-template") }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// Writes `template.yaml` (and `files`) into the test folder and loads it from there.
    private func loadFolder(_ yaml: String, files: [String: Data] = [:]) throws -> Template {
        for (name, data) in files {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        try yaml.write(to: dir.appendingPathComponent("template.yaml"), atomically: true, encoding: .utf8)
        return try TemplateLoader.load(directory: dir.path)
    }

    /// A DejaVu font file with its family renamed in the name table to `family` (as long
    /// as the original's name): a family no system has.
    private func renamedFont(_ file: String, from original: String, to family: String) throws -> Data {
        XCTAssertEqual(original.count, family.count, "a name is replaced in place")
        var data = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/\(file)"))
        func utf16BE(_ s: String) -> Data { Data(s.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }) }
        for (a, b) in [(Data(original.utf8), Data(family.utf8)), (utf16BE(original), utf16BE(family))] {
            var start = data.startIndex
            while let r = data.range(of: a, in: start..<data.endIndex) { data.replaceSubrange(r, with: b); start = r.upperBound }
        }
        return data
    }

    func testALoadedTemplateKnowsItsFolder() throws {
        let t = try loadFolder("styles:\n  body: {size: 9pt}\n")
        XCTAssertEqual(t.directory, dir.path)
        XCTAssertEqual(t.sourcePath, dir.appendingPathComponent("template.yaml").path)
        XCTAssertEqual(t.name, dir.lastPathComponent, "no name: the folder's")
        try "name: other\n".write(to: dir.appendingPathComponent("other.yaml"), atomically: true, encoding: .utf8)
        let other = try TemplateLoader.load(file: dir.appendingPathComponent("other.yaml").path)
        XCTAssertEqual(other.name, "other")
        XCTAssertEqual(other.directory, dir.path)
        XCTAssertThrowsError(try TemplateLoader.load(directory: dir.appendingPathComponent("nowhere").path)) {
            XCTAssertEqual("\($0)", "\(self.dir.path)/nowhere: is not a template: the folder holds no template.yaml")
        }
        try Data([0x6E, 0x61, 0xFF, 0x0A]).write(to: dir.appendingPathComponent("template.yaml"))
        XCTAssertThrowsError(try TemplateLoader.load(directory: dir.path)) {
            XCTAssertTrue("\($0)".hasPrefix("\(self.dir.path)/template.yaml:1:3: invalid UTF-8"), "\($0)")
        }
    }

    func testFilesAreCheckedWhereTheyAreNamed() throws {
        XCTAssertThrowsError(try loadFolder("name: t\nfonts:\n  - fonts/missing.ttf\n")) { error in
            XCTAssertEqual("\(error)", "\(self.dir.path)/template.yaml:3:5: font file 'fonts/missing.ttf' not found in \(self.dir.path)")
        }
        XCTAssertThrowsError(try loadFolder("masters:\n  default:\n    frames:\n      - {x: 0, y: 0, width: 10, height: 10, image: logo.png}\n")) {
            XCTAssertTrue("\($0)".hasPrefix("\(self.dir.path)/template.yaml:4:52: image 'logo.png'"), "\($0)")
        }
        // A file that is there but is no font: the error still points at where it is named.
        XCTAssertThrowsError(try loadFolder("name: t\nfonts: [fonts/not-a-font.ttf]\n", files: ["fonts/not-a-font.ttf": Data("hello".utf8)])) {
            XCTAssertTrue("\($0)".hasPrefix("\(self.dir.path)/template.yaml:2:9: font 'fonts/not-a-font.ttf':"), "\($0)")
            XCTAssertTrue("\($0)".contains("is not a font file"), "\($0)")
        }
        // Without a folder (a template given as text), files are not looked for.
        XCTAssertEqual(try TemplateLoader.load(yaml: "fonts: [fonts/elsewhere.ttf]\n", path: "t/template.yaml", directory: nil).fonts,
                       ["fonts/elsewhere.ttf"])
    }

    // MARK: Fonts

    func testBundledFontsAreLoadedAndUsableByName() throws {
        let data = try renamedFont("DejaVuSans.ttf", from: "DejaVu Sans", to: "Folio Testy")
        XCTAssertFalse(FontCatalog.isInstalled("Folio Testy"), "the premise: no system has it")
        let t = try loadFolder("name: t\nfonts: [fonts/testy.ttf]\nstyles:\n  body: {font: Folio Testy, size: 10pt}\n",
                               files: ["fonts/testy.ttf": data])
        XCTAssertEqual(t.fonts, ["fonts/testy.ttf"])
        XCTAssertTrue(FontCatalog.isInstalled("Folio Testy"))
        let body = try StyleSheet(template: t).paragraphStyle(named: "body", at: nil)
        XCTAssertEqual(FontCatalog.resolvedFamily(for: try XCTUnwrap(body.attributes.font)), "Folio Testy",
                       "the body is set in the bundled font, not a fallback")
    }

    func testApplicationFontsAddRealFilesAndRefuseOthers() throws {
        XCTAssertNoThrow(try ApplicationFonts.add(fileAt: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"))
        XCTAssertNoThrow(try ApplicationFonts.add(fileAt: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"), "twice is harmless")
        XCTAssertThrowsError(try ApplicationFonts.add(fileAt: dir.appendingPathComponent("missing.ttf").path)) {
            XCTAssertTrue("\($0)".contains("no such file"), "\($0)")
        }
        let junk = dir.appendingPathComponent("junk.otf")
        try Data(repeating: 7, count: 100).write(to: junk)
        XCTAssertThrowsError(try ApplicationFonts.add(fileAt: junk.path)) {
            XCTAssertTrue("\($0)".contains("not a font file"), "\($0)")
        }
    }

    func testAFontAddedLaterReachesAContextMadeBefore() throws {
        let family = "Folio Later\(Int.random(in: 0...9))"
        let file = dir.appendingPathComponent("later.ttf")
        try renamedFont("DejaVuSerif.ttf", from: "DejaVu Serif", to: family).write(to: file)

        let context = ShapingContext()
        let descriptor = FontDescriptor(family: family, size: 10)
        XCTAssertNotEqual(context.loadFont(descriptor)?.familyName, family, "not there yet")
        try ApplicationFonts.add(fileAt: file.path)
        XCTAssertEqual(context.loadFont(descriptor)?.familyName, family, "the existing font map reloaded")
        XCTAssertEqual(ShapingContext().loadFont(descriptor)?.familyName, family)
    }
}
