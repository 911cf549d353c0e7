import Foundation

/// A mail merge: the records of a data file that is a list (an array, CSV rows), the
/// document parsed once as their template, and what turns a record's text into a built
/// document with the job's template, styles and overrides (all loaded once).
///
/// Records are built and set one at a time, each on new pages of one PDF with its own
/// page numbers (`RenderSession`), so memory does not grow with the number of records.
/// The template (`-t`, else the first record's front matter's) sets every record.
public struct MergeRecords {
    /// Every record, in order; each an object.
    public let records: [DataValue]
    /// The document as a Mustache template.
    public let template: ParsedDocumentTemplate
    /// The first record's front matter title (rendered), if any.
    let firstTitle: String?
    /// Builds a record's rendered text, read as Markdown; and gives its title.
    private let build: (MarkdownDocument, MarkdownBlocks) throws -> (BuiltDocument, String?)

    init(records: [DataValue], template: ParsedDocumentTemplate, firstTitle: String?,
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

    /// Sets the records at `indices` (0-based, in order: all of them, or a `--shard`'s) into
    /// one PDF at `output` (written whole, or not at all): record 1 is `prepared.document`,
    /// the others are built as they come. The PDF's metadata is the first one set's. `progress` gets the PDF's page number and the fraction of all
    /// records done. Layout warnings are reported once each.
    func render(with prepared: PreparedDocument, only indices: [Int], settings: RenderSettings, to output: String,
                progress: ((_ page: Int, _ fractionDone: Double) -> Void)?) throws -> RenderReport {
        func built(_ index: Int) throws -> (document: BuiltDocument, title: String?) {
            index == 0 ? (prepared.document, firstTitle) : try self.document(at: index)
        }
        // The first record rendered gives the PDF its metadata.
        var first = try indices.first.map(built)
        let session = try RenderSession(template: prepared.template, styles: prepared.styles, defaults: prepared.defaults,
                                        settings: settings, metadata: (first?.document ?? prepared.document).metadata, to: output)
        var total = RenderReport(pages: 0, warnings: [], unplacedRange: nil)
        var seen = Set<String>()
        let count = Double(max(1, indices.count))
        do {
            for (n, index) in indices.enumerated() {
                let (document, title) = try first ?? built(index)
                first = nil
                let before = session.pageCount
                let report = try session.render(document, outlineTitle: Self.outlineTitle(title, index: index)) { page, done in
                    progress?(before + page, (Double(n) + done) / count)
                }
                total.pages += report.pages
                for warning in report.warnings where seen.insert("\(warning)").inserted { total.warnings.append(warning) }
                total.unplacedRange = total.unplacedRange ?? report.unplacedRange
            }
            try session.finish()
        } catch {
            session.cancel()
            throw error
        }
        return total
    }
}
