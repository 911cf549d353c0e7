import FolioMarkup
import FolioTestSupport
import Foundation
import XCTest

/// The templates compiled into the binary: listed, loaded from the embedded bytes (not
/// the source tree), exported to edit, and found by name or path.
final class BuiltinTemplatesTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = try makeTemporaryDirectory("folio-builtins")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func testNamesAreDefaultFirstThenSorted() {
        let names = BuiltinTemplates.names
        XCTAssertEqual(names, ["default", "book", "invoice", "large-print", "letter", "newspaper", "report", "two-column", "vertical"])
        XCTAssertEqual(Array(names.dropFirst()), names.dropFirst().sorted())
        XCTAssertFalse(names.contains("README.md"))
    }

    func testDefaultComesFromTheEmbeddedFiles() throws {
        let files = BuiltinTemplates.files(of: "default")
        let yaml = try XCTUnwrap(files["template.yaml"])
        XCTAssertFalse(yaml.isEmpty)
        XCTAssertNil(files["README.md"])
        XCTAssertTrue(BuiltinTemplates.files(of: "nosuch").isEmpty)
        // Loaded from anywhere: written out from the embedded bytes, never read from the
        // source tree (which is where the tests run).
        let t = try BuiltinTemplates.template(named: "default")
        let directory = try XCTUnwrap(t.directory)
        XCTAssertFalse(directory.hasPrefix(repositoryDirectory.path), "materialised, not read from the source tree: \(directory)")
        XCTAssertFalse(directory.contains("/Templates/default"), "materialised, not read from the source tree: \(directory)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent("template.yaml")), yaml)
        XCTAssertEqual(t.sourcePath, "built-in template 'default'")
        XCTAssertEqual(try BuiltinTemplates.template(named: "default").directory, directory, "written once per process")
    }

    func testTheDefaultTemplate() throws {
        let t = try BuiltinTemplates.template(named: "default")
        XCTAssertEqual(t.name, "default")
        XCTAssertFalse(t.summary.isEmpty)
        XCTAssertEqual(t.pageSize, PaperSize.named["a4"])
        XCTAssertEqual(t.columns, 1)
        XCTAssertFalse(t.mirrored)
        let footer = try XCTUnwrap(t.masters["default"]?.frames.first)
        XCTAssertEqual(footer.text, "{page}")
        XCTAssertLessThan(footer.rect.minY, 0, "measured from the bottom")
        let sheet = try StyleSheet(template: t)
        let body = try sheet.paragraphStyle(named: "body", at: nil)
        XCTAssertEqual(body.attributes.font?.families, ["DejaVu Serif"])
        XCTAssertEqual(body.attributes.font?.size, 10.5)
        XCTAssertEqual(body.paragraph.alignment, .justified)
        XCTAssertTrue(body.paragraph.hyphenation)
        XCTAssertEqual(body.paragraph.firstLineHeadIndent, 1.5 * 10.5, accuracy: 1e-9)
        XCTAssertEqual(try sheet.paragraphStyle(named: "body-first", at: nil).paragraph.firstLineHeadIndent, 0)
        let h1 = try sheet.paragraphStyle(named: "heading-1", at: nil)
        XCTAssertEqual(h1.attributes.font?.families, ["DejaVu Sans"])
        XCTAssertEqual(h1.attributes.font?.weight, .bold)
    }

    func testEveryBuiltinLoadsAndResolves() throws {
        for name in BuiltinTemplates.names {
            let t = try BuiltinTemplates.template(named: name)
            XCTAssertEqual(t.name, name)
            XCTAssertFalse(t.summary.isEmpty, name)
            XCTAssertNotNil(BuiltinTemplates.files(of: name)["template.yaml"], name)
            _ = try StyleSheet(template: t)
            // Its images are files the renderer can open.
            for frame in t.masters.values.flatMap(\.frames) {
                // An image named by a field ({logo}) is the document's.
                guard let image = frame.image, frame.imageField == nil else { continue }
                XCTAssertTrue(FileManager.default.fileExists(atPath: URL(fileURLWithPath: t.directory!).appendingPathComponent(image).path),
                              "\(name): \(image)")
            }
        }
        XCTAssertNotNil(BuiltinTemplates.files(of: "report")["logo.png"], "the report's logo is embedded")
        XCTAssertEqual(try BuiltinTemplates.template(named: "large-print").scale, 1.5)
        XCTAssertThrowsError(try BuiltinTemplates.template(named: "nosuch")) {
            XCTAssertTrue("\($0)".contains("no built-in template 'nosuch' (built-ins: default,"), "\($0)")
        }
    }

    func testExportWritesAFolderThatLoadsBackTheSame() throws {
        for name in BuiltinTemplates.names {
            let target = dir.appendingPathComponent(name).path
            try BuiltinTemplates.export(name, to: target)
            for (path, data) in BuiltinTemplates.files(of: name) {
                XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: target).appendingPathComponent(path)), data, path)
            }
            let exported = try TemplateLoader.load(directory: target), builtin = try BuiltinTemplates.template(named: name)
            assertSame(exported, builtin, name)
        }
    }

    func testExportRefusesToOverwrite() throws {
        let full = dir.appendingPathComponent("full")
        try FileManager.default.createDirectory(at: full, withIntermediateDirectories: true)
        try "mine".write(to: full.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try BuiltinTemplates.export("default", to: full.path)) {
            XCTAssertTrue("\($0)".hasSuffix("full: already exists and is not empty; choose a new folder"), "\($0)")
        }
        XCTAssertEqual(try String(contentsOf: full.appendingPathComponent("notes.txt"), encoding: .utf8), "mine")
        XCTAssertThrowsError(try BuiltinTemplates.export("default", to: full.appendingPathComponent("notes.txt").path)) {
            XCTAssertTrue("\($0)".contains("is a file"), "\($0)")
        }
        XCTAssertThrowsError(try BuiltinTemplates.export("nosuch", to: dir.appendingPathComponent("x").path)) {
            XCTAssertTrue("\($0)".contains("no built-in template 'nosuch'"), "\($0)")
        }
        // An empty folder is fine.
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try BuiltinTemplates.export("default", to: empty.path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: empty.appendingPathComponent("template.yaml").path))
    }

    // MARK: Resolver

    func testResolverTakesAFolderAFileOrAName() throws {
        let folder = dir.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "name: mine\n".write(to: folder.appendingPathComponent("template.yaml"), atomically: true, encoding: .utf8)
        try "name: draft\n".write(to: folder.appendingPathComponent("draft.yaml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try TemplateResolver.resolve(folder.path).name, "mine")
        XCTAssertEqual(try TemplateResolver.resolve(folder.appendingPathComponent("template.yaml").path).name, "mine")
        XCTAssertEqual(try TemplateResolver.resolve(folder.appendingPathComponent("draft.yaml").path).name, "draft",
                       "the file named, not the folder's template.yaml")
        XCTAssertEqual(try TemplateResolver.resolve("default").name, "default")
        XCTAssertEqual(try TemplateResolver.resolve("default").directory, try BuiltinTemplates.template(named: "default").directory)
    }

    /// A relative name is looked for in the folder given (the working directory by
    /// default): there a folder named like a built-in is the template only if it holds one.
    func testAFolderNamedLikeABuiltinIsNotMistakenForIt() throws {
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("book"), withIntermediateDirectories: true)
        // ./book holds no template.yaml: `book` is still the built-in …
        XCTAssertEqual(try TemplateResolver.resolve("book", relativeTo: dir.path).directory,
                       try BuiltinTemplates.template(named: "book").directory)
        // … but a path to it says what is missing.
        XCTAssertThrowsError(try TemplateResolver.resolve("./book", relativeTo: dir.path)) {
            XCTAssertEqual("\($0)", "\(self.dir.path)/book: is not a template: the folder holds no template.yaml")
        }
        try "name: mine\n".write(to: dir.appendingPathComponent("book/template.yaml"), atomically: true, encoding: .utf8)
        let mine = try TemplateResolver.resolve("book", relativeTo: dir.path)
        XCTAssertEqual(mine.name, "mine", "a folder holding a template wins")
        XCTAssertEqual(mine.directory, dir.appendingPathComponent("book").path)
        XCTAssertEqual(try TemplateResolver.resolve("./book/template.yaml", relativeTo: dir.path).name, "mine")
        XCTAssertEqual(try TemplateResolver.resolve(dir.appendingPathComponent("book").path, relativeTo: "/nonexistent").name, "mine",
                       "an absolute path is taken as it is")
    }

    func testResolverErrors() throws {
        XCTAssertThrowsError(try TemplateResolver.resolve("nosuch")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("nosuch: "), text)
            XCTAssertTrue(text.contains("not a folder with template.yaml and not a built-in (default, "), text)
        }
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        XCTAssertThrowsError(try TemplateResolver.resolve(empty.path)) {
            XCTAssertEqual("\($0)", "\(empty.path): is not a template: the folder holds no template.yaml")
        }
        let bad = dir.appendingPathComponent("bad")
        try FileManager.default.createDirectory(at: bad, withIntermediateDirectories: true)
        try "name: bad\npage: {size: huge}\n".write(to: bad.appendingPathComponent("template.yaml"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try TemplateResolver.resolve(bad.path)) {
            XCTAssertTrue("\($0)".hasPrefix("\(bad.path)/template.yaml:2:14: 'huge' is not a paper size"), "\($0)")
        }
    }

    /// Two templates alike in everything but where they were read from.
    private func assertSame(_ a: Template, _ b: Template, _ name: String, line: UInt = #line) {
        func placeless(_ styles: [String: StyleDefinition]) -> [String: StyleDefinition] {
            styles.mapValues { d in
                var d = d
                d.location = nil
                d.properties = d.properties.map { StyleProperty(name: $0.name, value: $0.value) }
                return d
            }
        }
        func placeless(_ masters: [String: PageMaster]) -> [String: PageMaster] {
            masters.mapValues { m in
                var m = m
                m.frames = m.frames.map { var f = $0; f.location = nil; return f }
                return m
            }
        }
        func placeless(_ rules: [StyleRule]) -> [StyleRule] {
            rules.map { StyleRule(pattern: $0.pattern, style: $0.style, replacement: $0.replacement) }
        }
        XCTAssertEqual(a.name, b.name, name, line: line)
        XCTAssertEqual(a.summary, b.summary, name, line: line)
        XCTAssertEqual(a.pageSize, b.pageSize, name, line: line)
        XCTAssertEqual(a.margins, b.margins, name, line: line)
        XCTAssertEqual(a.mirrored, b.mirrored, name, line: line)
        XCTAssertEqual(a.columns, b.columns, name, line: line)
        XCTAssertEqual(a.gutter, b.gutter, name, line: line)
        XCTAssertEqual(a.columnRule, b.columnRule, name, line: line)
        XCTAssertEqual(a.spanGap, b.spanGap, name, line: line)
        XCTAssertEqual(placeless(a.masters), placeless(b.masters), name, line: line)
        XCTAssertEqual(placeless(a.styles), placeless(b.styles), name, line: line)
        XCTAssertEqual(a.scale, b.scale, name, line: line)
        XCTAssertEqual(a.fonts, b.fonts, name, line: line)
        XCTAssertEqual(placeless(a.rules), placeless(b.rules), name, line: line)
        XCTAssertEqual(a.variables, b.variables, name, line: line)
        XCTAssertEqual(a.sectionLevel, b.sectionLevel, name, line: line)
        XCTAssertEqual(a.ornament, b.ornament, name, line: line)
        XCTAssertEqual(a.numbering, b.numbering, name, line: line)
        XCTAssertEqual(a.firstPageNumber, b.firstPageNumber, name, line: line)
    }
}
