import Foundation
import Mustache

/// A document parsed once as a Mustache template (see `DocumentTemplate`), to fill from
/// any number of records: a mail merge checks and renders every record with the one parse.
public struct ParsedDocumentTemplate {
    /// The document's path, as messages name it.
    public let file: String
    /// The data file's name, as messages name it.
    public let dataFile: String
    private let template: MustacheTemplate
    /// The partials' copies (`DocumentPartials`).
    private let library: MustacheLibrary
    private let check: TemplateFieldCheck
    /// The front matter's lines (up to its closing fence), for `lang`, `currency` and `date-format`.
    private let frontMatter: [Substring]?

    /// Parses `text` (the document at `file`); `dataFile` names the data in messages.
    /// Syntax errors are `DocumentError`s at the template's line and column.
    ///
    /// Partials (`{{> name}}`, see `DocumentPartials`) are read from the folder of the
    /// template `template` names (a name or path, as `-t` takes it), else of the front
    /// matter's `template:` (relative to the document), else of the built-in `default`.
    /// A path in the front matter must lie inside `root` (default: the document's folder).
    public init(_ text: String, file: String, dataFile: String, template templateName: String? = nil, root: ReadRoot? = nil) throws {
        DocumentTemplate.registerContentTypes()
        let scanner = try TemplateScanner(text, file: file)
        let fence = DocumentTemplate.frontMatterEnd(text)
        let lines = fence.map { Array(text.split(separator: "\n", omittingEmptySubsequences: false).prefix($0)) }
        var parsed: MustacheTemplate
        do {
            parsed = try MustacheTemplate(string: DocumentTemplate.withContentTypes(text, frontMatterEnd: fence,
                                                                                    delimiters: scanner.delimitersAfterLine))
        } catch let e as MustacheTemplate.ParserError {
            throw DocumentTemplate.syntaxError(e, file: file, scanner: scanner)
        }
        let partials = try DocumentPartials(text: text, scanner: scanner, file: file, frontMatterEnd: fence) {
            try DocumentTemplate.templateFolder(named: templateName, frontMatter: lines ?? [], file: file, root: root)
        }
        if !partials.isEmpty {
            // The same text with its partial tags naming their copies (checked above as written).
            parsed = try MustacheTemplate(string: DocumentTemplate.withContentTypes(partials.rootText, frontMatterEnd: fence,
                                                                                    delimiters: scanner.delimitersAfterLine))
        }
        template = parsed
        library = partials.library
        check = TemplateFieldCheck(tags: scanner.tags, dataFile: dataFile,
                                   partials: partials.partials.mapValues { ($0.file, $0.scanner.tags) })
        frontMatter = lines
        self.file = file
        self.dataFile = dataFile
        if let problem = dateFormatProblem(data: nil) { throw problem }
    }

    /// A `date-format` in the front matter that is neither a style nor an ICU pattern, as
    /// an error at its value: as written (`data` nil), or as rendered with `data` when it
    /// holds a tag.
    private func dateFormatProblem(data: DataValue?) -> DocumentError? {
        guard let frontMatter else { return nil }
        for (key, value, place) in DocumentTemplate.formatValues(frontMatter: frontMatter) where key == "date-format" {
            guard value.contains("{{") == (data != nil) else { continue }
            let format = data.map { DocumentTemplate.numberFormats(frontMatter: frontMatter, data: $0).dateFormat } ?? value
            if let why = DateFormats.problem(format: format) {
                return DocumentError(path: file, line: place.line, column: place.column, reason: "date-format: \(why)")
            }
        }
        return nil
    }

    /// The fields `data` lacks (and formatters that do not apply, and a `date-format` a
    /// tag makes wrong), in the order they are written, each at its line and column.
    public func problems(with data: DataValue) -> [DocumentError] {
        var check = self.check
        check.run(with: data)
        let problems = check.problems.map { DocumentError(path: $0.file ?? file, line: $0.line, column: $0.column, reason: $0.message) }
        return (dateFormatProblem(data: data).map { [$0] } ?? []) + problems
    }

    /// The problems of every record in `records`, each tag's once: a problem some records
    /// share names the first of them (1-based) and how many more there are.
    public func problems<Records: RandomAccessCollection<DataValue>>(with records: Records) -> [DocumentError] where Records.Index == Int {
        problems(with: records, only: records.indices)
    }

    /// The problems of the records at `indices` (0-based) of `records`, as
    /// `problems(with:)` gives them: numbered as in the whole list.
    public func problems<Records: RandomAccessCollection<DataValue>>(with records: Records, only indices: some Sequence<Int>) -> [DocumentError]
        where Records.Index == Int {
        var order: [DocumentError] = []
        var where_: [String: (first: Int, count: Int)] = [:]
        for index in indices {
            let record = records[index]
            for problem in problems(with: record) {
                let key = problem.description
                if let seen = where_[key] { where_[key] = (seen.first, seen.count + 1); continue }
                where_[key] = (index + 1, 1)
                order.append(problem)
            }
        }
        return order.map { problem in
            let (first, count) = where_[problem.description]!
            let records = count == 1 ? "record \(first)" : "record \(first) and \(count - 1) more"
            return DocumentError(path: problem.path, line: problem.line, column: problem.column, reason: "\(problem.reason) (\(records))")
        }
    }

    /// The document filled from `data`, numbers and dates formatted in the front matter's
    /// `lang`, `currency` and `date-format`.
    public func render(_ data: DataValue) -> String {
        let formats = frontMatter.map { DocumentTemplate.numberFormats(frontMatter: $0, data: data) } ?? .standard
        return NumberFormats.$current.withValue(formats) { template.render(data, library: library) }
    }
}
