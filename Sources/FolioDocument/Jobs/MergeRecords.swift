import Foundation

/// A mail merge: the records of a data file that is a list (an array, CSV rows), the
/// document parsed once as their template, and what turns a record's text into a built
/// document with the job's template, styles and overrides (all loaded once).
///
/// Records are built and set as they come (a few at once with `RenderSettings.jobs`), each
/// on new pages of one PDF with its own page numbers (`RenderSession`), so memory does not
/// grow with the number of records. The template (`-t`, else the first record's front
/// matter's) sets every record.
public struct MergeRecords {
    /// Every record, in order; each an object.
    public let records: DataRecords
    /// The document as a Mustache template.
    public let template: ParsedDocumentTemplate
    /// The front matter title (rendered), if any, of the record `PreparedDocument.document`
    /// is: the first one selected.
    let firstTitle: String?
    /// Builds a record's rendered text, read as Markdown; and gives its title.
    private let build: (MarkdownDocument, MarkdownBlocks) throws -> (BuiltDocument, String?)

    init(records: DataRecords, template: ParsedDocumentTemplate, firstTitle: String?,
         build: @escaping (MarkdownDocument, MarkdownBlocks) throws -> (BuiltDocument, String?)) {
        self.records = records
        self.template = template
        self.firstTitle = firstTitle
        self.build = build
    }

    /// The number of records.
    public var count: Int { records.count }

    /// The built document of record `index` (0-based) and its front matter's title, if
    /// any. A Markdown error names the record.
    public func document(at index: Int) throws -> (document: BuiltDocument, title: String?) {
        do {
            let (markdown, blocks) = try MarkdownReader.open(template.render(records[index]), file: template.file)
            return try build(markdown, blocks)
        } catch let e as DocumentError {
            throw DocumentError(path: e.path, line: e.line, column: e.column, reason: "\(e.reason) (record \(index + 1))")
        }
    }

    /// The outline title of record `index`: its front matter's `title`, else `Record N`.
    static func outlineTitle(_ title: String?, index: Int) -> String {
        if let title, !title.isEmpty { return title }
        return "Record \(index + 1)"
    }

    /// The destination scope of record `index`: its anchors and links are its own.
    static func destinationScope(index: Int) -> String { "r\(index + 1)" }

    /// Sets the records at `indices` (0-based, in order: all of them, or a `--shard`'s) into
    /// one PDF at `output` (written whole, or not at all): record `prepared.documentIndex`
    /// is `prepared.document`, the others are built as they come — with `settings.jobs`
    /// above 1, on other threads while this one draws, in order (the same PDF as one at a
    /// time). The PDF's metadata
    /// is the first one set's. Each record's anchors are its own: a link `#x` goes to its
    /// own record's `x`. `progress` gets the PDF's page number and the fraction of all
    /// records done. Layout warnings are reported once each, and so are the records'
    /// build warnings, each with the first record that gave it (`documentWarnings`).
    func render(with prepared: PreparedDocument, only indices: [Int], settings: RenderSettings, to output: String,
                progress: ((_ page: Int, _ fractionDone: Double) -> Void)?) throws -> RenderReport {
        let firstIndex = prepared.documentIndex, firstDocument = prepared.document, firstTitle = self.firstTitle
        // The first record rendered gives the PDF its metadata.
        let metadata = try indices.first.map { $0 == firstIndex ? firstDocument.metadata : try document(at: $0).document.metadata }
        let session = try RenderSession(template: prepared.template, styles: prepared.styles, defaults: prepared.defaults,
                                        settings: settings, metadata: metadata ?? firstDocument.metadata, to: output)
        var total = RenderReport(pages: 0, warnings: [], unplacedRange: nil)
        var seen = Set<String>()
        var buildWarnings = RecordWarnings()
        let count = Double(max(1, indices.count))
        let merge = self
        do {
            try session.render(count: indices.count, jobs: settings.jobs, make: { n in
                let index = indices[n]
                let (document, title) = index == firstIndex ? (firstDocument, firstTitle) : try merge.document(at: index)
                return RenderSession.SequenceDocument(document: document, outlineTitle: Self.outlineTitle(title, index: index),
                                                      destinationScope: Self.destinationScope(index: index))
            }, progress: { n, page, done in
                progress?(session.pageCount + page, (Double(n) + done) / count)
            }, finished: { n, document, report in
                total.pages += report.pages
                for warning in report.warnings where seen.insert("\(warning)").inserted { total.warnings.append(warning) }
                total.unplacedRange = total.unplacedRange ?? report.unplacedRange
                buildWarnings.add(document.warnings, record: indices[n])
            })
            try session.finish()
        } catch {
            session.cancel()
            throw error
        }
        total.documentWarnings = buildWarnings.messages
        return total
    }
}
