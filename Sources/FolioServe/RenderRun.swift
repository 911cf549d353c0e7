import FolioDocument
import Foundation
import ZIPFoundation

/// One render of a request, on a render thread, in a private folder of its own that is
/// also the only folder the document may read from (it is empty: a JSON request uploads
/// no files). The folder goes when the render ends, whatever happens.
struct RenderRun {
    var request: RenderRequest
    /// A zip or tar archive of the request's files (multipart requests), unpacked into the folder.
    var archive: Data?
    var templates: TemplateCatalog
    /// The most an archive may unpack to.
    var maximumUnpacked: Int
    var format: OutputFormat
    var cancellation: RenderCancellation
    var parallelShaping: Bool

    /// Renders the request. With `stream`, a PDF is written to that path (a pipe the
    /// answer is read from as pages complete) and `started` is called once the document is
    /// built — the errors a client can mend (its document, data, template) are thrown
    /// before it; the outcome then holds no bytes.
    func perform(stream: String? = nil, started: () -> Void = {}) throws -> RenderOutcome {
        let folder = try Self.privateFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        /// Messages name the request's files as the client sent them, not the folder.
        func relative(_ text: String) -> String {
            text.replacingOccurrences(of: folder + "/", with: "").replacingOccurrences(of: folder, with: "upload")
        }

        if let archive { try UploadedArchive.unpack(archive, into: folder, name: "files", maximumBytes: maximumUnpacked) }
        var job = request.job(input: "\(folder)/document.md")
        job.templateName = try request.template.map { try template(named: $0, in: folder) }
        job.readRoot = ReadRoot(folder, role: "the request's files")
        job.settings.parallelShaping = parallelShaping
        job.streamsText = true
        job.settings.cancellation = cancellation
        if case .png = format {
            job.settings.pngDirectory = "\(folder)/png"
            try FileManager.default.createDirectory(atPath: "\(folder)/png", withIntermediateDirectories: false)
        }
        let output = "\(folder)/out.pdf"
        var report = RenderReport(pages: 0, warnings: [], unplacedRange: nil)
        var warnings: [String]
        var zipped: (Data, Int)?
        do {
            var prepared = try job.prepare()
            // A PDF answered as it is written has its status sent first: a document built as it
            // is set is built whole before then, so that a fault in it is answered as one.
            if stream != nil { try prepared.document.completeText() }
            warnings = prepared.dataWarnings + prepared.document.warnings
            if case .each(let pattern) = format {
                let (bytes, files, pages, built) = try renderEach(job, prepared, pattern: pattern, in: folder)
                zipped = (bytes, files)
                report.pages = pages
                warnings += built
            } else if let stream {
                started()
                report = try job.render(prepared, to: stream)
            } else {
                report = try job.render(prepared, to: output)
            }
        } catch let e as DocumentError {
            throw RequestError(.unprocessable, relative(e.description))
        } catch let e as TemplateFieldErrors {
            throw RequestError(.unprocessable, relative(e.description))
        }
        warnings += report.warnings.map(\.message) + report.documentWarnings
        switch format {
        case .each:
            return RenderOutcome(bytes: zipped!.0, contentType: "application/zip", pages: report.pages,
                                 warnings: warnings.map(relative), files: zipped!.1)
        case .pdf:
            let bytes = stream == nil ? try Data(contentsOf: URL(fileURLWithPath: output)) : Data()
            return RenderOutcome(bytes: bytes, contentType: "application/pdf",
                                 pages: report.pages, warnings: warnings.map(relative))
        case .png(let page):
            guard page <= report.pages else {
                throw RequestError(.unprocessable, "page \(page) asked for; the document has \(report.pages) page\(report.pages == 1 ? "" : "s")")
            }
            return RenderOutcome(bytes: try Data(contentsOf: URL(fileURLWithPath: "\(folder)/png/page-\(page).png")),
                                 contentType: "image/png", pages: report.pages, warnings: warnings.map(relative))
        }
    }

    /// `each=PATTERN`: one PDF per record, named by the pattern (a Mustache template over the
    /// record, as `--each`), all in a zip; the zip's bytes, its file count, the pages in all
    /// and the records' build warnings.
    private func renderEach(_ job: RenderJob, _ prepared: PreparedDocument, pattern: String,
                            in folder: String) throws -> (Data, Int, Int, [String]) {
        guard prepared.merge != nil else {
            throw RequestError(.unprocessable, "each= writes one PDF per record: the data must be a list of records (an array, CSV rows)")
        }
        let out = "\(folder)/each"
        let names = try job.eachPaths(prepared, pattern: OutputPathPattern(pattern))
        let box = ReadRoot(out, role: "the zip")
        let paths = try names.map { name -> String in
            guard !name.hasPrefix("/"), let path = box.confine(name) else {
                throw RequestError(.unprocessable, "each=\(pattern) names '\(name)', which is not a path inside the zip")
            }
            return path
        }
        var pages = 0
        let built = try job.renderEach(prepared, to: paths, written: { _, report in pages += report.pages })
        let archive = try Archive(data: Data(), accessMode: .create)
        for path in paths {
            // PDF streams are compressed already: stored as they are.
            try archive.addEntry(with: String(path.dropFirst(out.count + 1)), fileURL: URL(fileURLWithPath: path), compressionMethod: .none)
        }
        return (archive.data ?? Data(), paths.count, pages, built)
    }

    /// What the job takes for the template named `name`: one of the server's, or a folder
    /// of the request's own files holding a `template.yaml`.
    private func template(named name: String, in folder: String) throws -> String {
        do {
            return try templates.reference(for: name)
        } catch let unknown as RequestError {
            guard archive != nil, let inside = ReadRoot(folder, role: "the request's files").confine(name),
                  FileManager.default.fileExists(atPath: inside + "/template.yaml") else { throw unknown }
            return inside
        }
    }

    /// A new folder only this user can read, under the temporary folder.
    static func privateFolder() throws -> String {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/folio-serve-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw RequestError(.internalServerError, "no private folder could be made in \(base): \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }
}

/// A finished render: its bytes and what to say of it.
struct RenderOutcome: Sendable {
    var bytes: Data
    var contentType: String
    var pages: Int
    var warnings: [String]
    /// How many PDFs a zip holds (`each=`).
    var files = 1
}
