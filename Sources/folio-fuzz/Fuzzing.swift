import FolioDocument
import FolioMarkup
import Foundation

/// What each target does with an input: the same calls `folio render` makes, from a
/// private temporary folder (inputs are files there, as a user's would be).
enum Fuzzing {
    /// A folder of this process's own, made once.
    static let folder: String = {
        let path = NSTemporaryDirectory() + "folio-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    static func file(_ name: String, _ bytes: [UInt8]) -> String {
        let path = folder + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    static func prepare(document: [UInt8]) {
        _ = try? RenderJob(input: file("doc.md", document)).prepare()
    }

    /// The file read as it is parsed (`MarkdownFileScan`, `MarkdownSource`'s window), in
    /// pieces of a few bytes, must read as its text read whole does: a difference traps.
    static func markdownFile(_ bytes: [UInt8]) {
        let path = file("file.md", bytes)
        typealias Read = (MarkdownDocument, mayNeedWhole: Bool, length: Int)
        let whole = Result<Read, Error> { try MarkdownReader.read(PlainTextReader.read(path: path), file: path, partBytes: 64) }
        let pieces = Result<Read, Error> { try MarkdownReader.read(path: path, readSize: 61, partBytes: 64) }
        switch (whole, pieces) {
        case let (.success(a), .success(b)):
            if a.0.frontMatter != b.0.frontMatter || a.0.blocks != b.0.blocks || a.mayNeedWhole != b.mayNeedWhole || a.length != b.length {
                fatalError("read in pieces:\n\(b)\nread whole:\n\(a)")
            }
        case let (.failure(a), .failure(b)):
            if "\(a)" != "\(b)" { fatalError("read in pieces: \(b)\nread whole: \(a)") }
        default:
            fatalError("read in pieces: \(pieces)\nread whole: \(whole)")
        }
    }

    static func render(document: [UInt8]) {
        let job = RenderJob(input: file("doc.md", document))
        guard let prepared = try? job.prepare() else { return }
        _ = try? job.render(prepared, to: folder + "/doc.pdf")
    }

    static func template(yaml: [UInt8]) {
        let dir = folder + "/template"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        _ = file("template/template.yaml", yaml)
        var job = RenderJob(input: file("doc.md", Array("# Title\n\nSome *text* with [a span]{.x}.\n\n- a list\n\n> a quote\n\n| a | b |\n|---|---|\n| 1 | 2 |\n".utf8)))
        job.templateName = dir
        _ = try? job.prepare()
    }

    /// A service request: read as `folio serve` reads it, then its document built in an
    /// empty folder that is its root, as the service does (no render: the render target
    /// covers that).
    static func request(_ bytes: [UInt8]) {
        guard let request = try? RenderRequest(body: Data(bytes)) else { return }
        let dir = folder + "/request"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var job = request.job(input: dir + "/document.md")
        // Only built-in names, as the service's catalogue allows.
        job.templateName = request.template.flatMap { BuiltinTemplates.names.contains($0) ? $0 : nil }
        job.readRoot = ReadRoot(dir, role: "the request's files")
        _ = try? job.prepare()
    }

    static func data(_ bytes: [UInt8]) {
        for format in [DataFormat.json, .yaml, .csv] {
            _ = try? DataLoader.records(data: Data(bytes), format: format, file: "data")
        }
        var job = RenderJob(input: file("letter.md", Array("---\ntitle: \"{{title}}\"\n---\n# {{name}}\n\n{{#items}}- {{sku}} {{number(price)}}\n{{/items}}\n".utf8)))
        job.dataPath = file("data.json", bytes)
        _ = try? job.prepare()
    }
}
