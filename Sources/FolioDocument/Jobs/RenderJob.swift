import Foundation

#if canImport(Glibc)
/// glibc's `malloc_trim` (malloc.h is not in the Glibc module).
@_silgen_name("malloc_trim") private func mallocTrim(_ pad: Int) -> Int32
#endif

/// A document ready to render: the built storage, the template it is set with (after
/// overrides), its resolved styles, and every file it was made from.
public struct PreparedDocument {
    /// The styled storage with its headings, anchors, sections and metadata.
    public var document: BuiltDocument
    /// The template, with the command line's overrides applied.
    public var template: Template
    /// The template's styles, resolved.
    public var styles: StyleSheet
    /// The layout manager's defaults: the body font and the document's language.
    public var defaults: LayoutDefaults
    /// The document, the template's files and the images: what `--watch` watches.
    public var sources: [String]
    /// Warnings from filling the document with `RenderJob.dataPath`'s record (fields the
    /// data lacks), each `doc.md:LINE:COL: …`.
    public var dataWarnings: [String] = []
    /// With a list of records (`RenderJob.dataPath` holding an array, or CSV rows): every
    /// record, `document` being the first's; nil for one record or none.
    public var merge: MergeRecords?
    /// Every record of `RenderJob.dataPath` (one for a single object); empty without data.
    public var records = DataRecords([])
    /// The 0-based indices of the records to render, in order: those of
    /// `RenderJob.shard`, else all. Without data, `[0]` (the document); empty when the
    /// shard has no record.
    public var selected: [Int] = [0]
    /// The 0-based index of the record `document` was built from: the first selected (0
    /// without data, or when the shard has no record).
    public var documentIndex = 0
    /// Seconds spent reading and parsing the document, loading the template and
    /// resolving its styles, and building the styled storage (for `--verbose`).
    public var timings: (read: Double, template: Double, build: Double) = (0, 0, 0)
}

/// Everything `folio render` does between reading its arguments and writing the PDF:
/// read the document (Markdown or plain text), find its template (the option, else
/// the front matter's, else `default`), apply the command line's overrides, build the
/// storage, and render it.
public struct RenderJob {
    /// The document's path: Markdown, or plain text for `.txt`/`.text`; `-` or `/dev/stdin`
    /// reads Markdown from standard input.
    public var input: String
    /// Template name or folder; nil for the front matter's or `default`.
    public var templateName: String?
    /// `--paper`, `--columns`, `--set` and the other layout flags, applied to the template in
    /// `prepare()`.
    public var overrides = LayoutOverrides()
    /// Output settings that do not change the layout (PNG previews, parallel shaping).
    public var settings = RenderSettings()
    /// A data file (JSON, YAML or CSV; `-` for standard input) whose record fills the
    /// document, read as a Mustache template (`DocumentTemplate`) before its Markdown;
    /// nil for a document used as written. A list of records (an array, CSV rows) is a
    /// mail merge: the document once per record, all in one PDF (`MergeRecords`).
    public var dataPath: String?
    /// Fields the data lacks are errors (`TemplateFieldErrors`), not warnings.
    public var strict = false
    /// Only the records of this shard are rendered (`--shard I/N`); nil for all.
    public var shard: Shard?
    /// The folder the document may read images and a front-matter template from
    /// (`--root`); nil: the document's own folder. A template reads only from its folder.
    public var readRoot: ReadRoot?

    /// The document's text when it comes from memory, not a file (a request to the
    /// rendering service): `input` is then only its name in messages, and its folder the
    /// root images are read from unless `readRoot` says otherwise.
    public var inputText: String?
    /// Whether a document that needs nothing of its whole text before its first page is
    /// built a part at a time as its pages are set (`DocumentBuilder.streams`, plain text
    /// alike), so that memory does not grow with its length. The prepared document's
    /// storage is then empty until it is rendered, and fills, and lets go of its text, as
    /// it is set; build warnings come with the render's report, and a fault in a late block
    /// fails the render. Off by default: `prepare()` then builds the whole storage.
    public var streamsText = false
    /// The data when it comes from memory, not a file: used instead of reading `dataPath`,
    /// which is then only its name in messages.
    public var dataValue: DataValue?

    /// A job for the document at `input`, with the template it names and no overrides.
    public init(input: String) { self.input = input }

    /// The document's text: `inputText`, or the file at `input`.
    private func documentText() throws -> String {
        if let inputText { return inputText }
        return try PlainTextReader.read(path: input)
    }

    /// Markdown unless the file is named `.txt` (or `.text`).
    public var isPlainText: Bool {
        let ext = URL(fileURLWithPath: input).pathExtension.lowercased()
        return ext == "txt" || ext == "text"
    }

    /// Reads, resolves and builds.
    ///
    /// With `dataPath`, the document's text is rendered with the data first and the result
    /// is what is read as Markdown: positions in Markdown errors then refer to the rendered
    /// text (the same as the document's wherever no value spans lines).
    public func prepare() throws -> PreparedDocument {
        let t0 = Date()
        // Fonts load while the document is read; the dictionary once its language is known.
        LayoutWarmUp.loadFontConfiguration()
        var markdown: MarkdownDocument
        // The body's blocks are converted and styled one at a time, below.
        var blocks: MarkdownBlocks?
        var dataWarnings: [String] = []
        var merging: (template: ParsedDocumentTemplate, records: DataRecords)?
        var allRecords = DataRecords([])
        var selected = [0]
        // The front matter that names the template: the first record's, even when a shard
        // builds another first.
        var templateFrontMatter: FrontMatter?
        let dataName = dataPath ?? (dataValue == nil ? nil : "data")
        if isPlainText {
            if let dataName { throw DocumentError(path: input, reason: "--data \(dataName) fills a Markdown document; this is plain text") }
            markdown = MarkdownDocument(file: input, frontMatter: FrontMatter(), blocks: [])
        } else if let dataPath = dataName {
            let (records, isList) = try dataValue.map { try self.records(in: $0, dataPath) } ?? loadRecords(dataPath)
            let source = try ParsedDocumentTemplate(documentText(), file: input,
                                                    dataFile: dataPath == "-" ? "standard input" : dataPath, template: templateName,
                                                    root: readRoot)
            allRecords = records
            selected = records.indices.filter { shard?.contains($0) ?? true }
            let problems = isList ? source.problems(with: records, only: selected)
                : selected.isEmpty ? [] : source.problems(with: records[0])
            if strict, !problems.isEmpty { throw TemplateFieldErrors(errors: problems) }
            dataWarnings = problems.map(\.description)
            let first = selected.first ?? 0
            if first != 0 {
                // A shard without record 1 reads its front matter only (for the template).
                templateFrontMatter = try MarkdownReader.open(source.render(records[0]), file: input).0.frontMatter
            }
            do {
                (markdown, blocks) = try MarkdownReader.open(source.render(records[first]), file: input)
            } catch let e as DocumentError where first != 0 {
                throw DocumentError(path: e.path, line: e.line, column: e.column, reason: "\(e.reason) (record \(first + 1))")
            }
            if isList { merging = (source, records) }
        } else if let inputText {
            (markdown, blocks) = try MarkdownReader.open(inputText, file: input)
        } else {
            (markdown, blocks) = try MarkdownReader.open(path: input)
        }
        let t1 = Date()
        var template: Template
        if let templateName {
            template = try TemplateResolver.resolve(templateName)
        } else if let name = (templateFrontMatter ?? markdown.frontMatter).template {
            // A path in the front matter is relative to the document, and inside its root.
            let location = (templateFrontMatter ?? markdown.frontMatter).locations["template"]
                ?? SourceLocation(file: input, line: 1, column: 1)
            do {
                template = try TemplateResolver.resolve(TemplateResolver.documentReference(name, documentFile: input, root: readRoot))
            } catch let e as DocumentError where e.line == nil {
                throw DocumentError(location, e.reason)
            }
        } else {
            template = try BuiltinTemplates.template(named: "default")
        }
        var variables: [String: String] = [:]
        try overrides.apply(to: &template, variables: &variables)
        let hyphenationLanguage = overrides.hyphenation?.language
        /// The command line's fields and language over the front matter's.
        func override(_ markdown: inout MarkdownDocument) {
            for (k, v) in variables {
                markdown.frontMatter.variables[k] = v
                switch k {
                case "title": markdown.frontMatter.title = v
                case "author": markdown.frontMatter.author = v
                case "subject": markdown.frontMatter.subject = v
                case "date": markdown.frontMatter.date = v
                case "lang": markdown.frontMatter.language = v
                default: break
                }
            }
            if let language = hyphenationLanguage { markdown.frontMatter.language = language }
        }
        override(&markdown)

        var styles = try StyleSheet(template: template)
        if let language = markdown.frontMatter.language { styles.adaptIndents(toLanguage: language) }
        let geometry = PageGeometry(pageSize: template.pageSize,
                                    margins: template.margins.insets(),
                                    columns: template.columns, gutter: template.gutter)
        let body = try styles.paragraphStyle(named: "body", at: nil)
        if body.paragraph.hyphenation {
            LayoutWarmUp.loadHyphenation(for: markdown.frontMatter.language ?? body.attributes.language ?? LayoutDefaults.defaultLanguage)
        }
        let bodySize = body.attributes.font?.size ?? FontDescriptor.defaultBodySize
        if let problem = geometry.problem(minimumColumnWidth: max(bodySize * 2, TextContainer(size: .zero).minimumFragmentWidth)) {
            throw DocumentError(path: template.sourcePath.isEmpty ? input : template.sourcePath,
                                reason: "impossible page geometry: \(problem)")
        }
        let t2 = Date()
        var builder = DocumentBuilder(template: template, styles: styles, columnWidth: geometry.columnWidth,
                                      columnHeight: geometry.textArea.height)
        builder.readRoot = readRoot
        let document: BuiltDocument
        if isPlainText, streamsText, builder.streamsPlainText, !template.needsPageCount {
            // Built a part at a time as the pages are set, the text of those written let
            // go: memory does not grow with the text's length.
            if inputText == nil, input != "-" {
                // Read as it is set, too: checked whole first (the errors name the place), then
                // read a megabyte at a time.
                let length = try PlainTextReader.validate(path: input)
                document = try builder.streamPlainText(PlainTextParagraphs(contentsOfFile: input, length: length), length: length, file: input,
                                                       language: markdown.frontMatter.language, variables: variables)
            } else {
                document = try builder.streamPlainText(documentText(), file: input,
                                                       language: markdown.frontMatter.language, variables: variables)
            }
        } else if isPlainText {
            document = try builder.buildPlainText(documentText(), file: input,
                                                  language: markdown.frontMatter.language, variables: variables)
        } else if streamsText, merging == nil, !template.needsPageCount, builder.streams(markdown, blocks: blocks!) {
            // Built a part at a time as the pages are set (nothing in it needs the whole
            // text first): layout starts at once, and the text of the pages written is let go.
            document = try builder.streamMarkdown(markdown, blocks: blocks!)
            blocks = nil
        } else {
            document = try builder.build(markdown, blocks: blocks!)
            // cmark's tree is gone; its root goes too, before the pages below are handed
            // back (freed after them, it would leave the heap full of holes).
            blocks = nil
        }
        try checkFrameFields(template, variables: document.variables)
        let language = markdown.frontMatter.language ?? body.attributes.language ?? LayoutDefaults.defaultLanguage
        var defaults = LayoutDefaults(font: body.attributes.font ?? FontDescriptor(), language: language)
        defaults.layoutOrientation = template.writingMode
        // Dynamic Type roles (`text-style`) are sized relative to the body: `body` at the
        // default `large` is the template's body size, the other roles in TextKit's proportions.
        defaults.contentSizeCategory = markdown.frontMatter.contentSize ?? .large
        defaults.textStyleScale = (body.attributes.font?.size ?? FontDescriptor.defaultBodySize)
            / TextStyle.body.pointSize(for: .large)
        var sources = (inputText == nil ? [input] : []) + document.images
        if let dataPath, dataPath != "-", dataValue == nil { sources.append(dataPath) }
        if let dir = template.directory, !template.sourcePath.isEmpty, !template.isBuiltIn { sources += TemplateFiles.list(in: dir) }
        #if canImport(Glibc)
        // The Markdown tree and the text's copies are gone; hand their pages back now, or
        // layout's large arrays (allocated apart from them) would add to them in the peak.
        _ = mallocTrim(0)
        #endif
        var prepared = PreparedDocument(document: document, template: template, styles: styles, defaults: defaults, sources: sources)
        prepared.dataWarnings = dataWarnings
        prepared.records = allRecords
        prepared.selected = selected
        prepared.documentIndex = dataName == nil ? 0 : selected.first ?? 0
        if let merging {
            let job = self
            prepared.merge = MergeRecords(records: merging.records, template: merging.template,
                                         firstTitle: markdown.frontMatter.title) { [template] markdown, blocks in
                var markdown = markdown
                override(&markdown)
                let built = try builder.build(markdown, blocks: blocks)
                try job.checkFrameFields(template, variables: built.variables)
                return (built, markdown.frontMatter.title)
            }
        }
        prepared.timings = (t1.timeIntervalSince(t0), t2.timeIntervalSince(t1), Date().timeIntervalSince(t2))
        return prepared
    }

    /// The records in the data file at `path` (`-`: standard input, JSON when it starts
    /// with `{` or `[`, else YAML): one object, or a list (a JSON or YAML array, any CSV
    /// file) of at least one object. Anything else is an error.
    func loadRecords(_ path: String) throws -> (records: DataRecords, isList: Bool) {
        let contents: DataLoader.Contents
        if path == "-" {
            let bytes = FileHandle.standardInput.readDataToEndOfFile()
            let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) })
            let format: DataFormat = first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? .json : .yaml
            contents = try DataLoader.contents(data: bytes, format: format, file: path)
        } else {
            contents = try DataLoader.contents(path: path)
        }
        switch contents {
        // A list is read one record at a time, as each is set.
        case .records(let records): return try checked(records, path)
        case .value(let data): return try records(in: data, path)
        }
    }

    /// The records `data` holds: one object, or a list of at least one object.
    func records(in data: DataValue, _ path: String) throws -> (records: DataRecords, isList: Bool) {
        switch data {
        case .object: return (DataRecords([data]), false)
        case .array(let records):
            return try checked(DataRecords(records), path)
        default:
            throw DocumentError(path: path, reason: "the data must be one record (an object with fields), not \(data.isNull ? "empty" : "a single value")")
        }
    }
    /// `records` when it is a list of objects, at least one.
    private func checked(_ records: DataRecords, _ path: String) throws -> (records: DataRecords, isList: Bool) {
        if records.isEmpty { throw DocumentError(path: path, reason: "no records: the list is empty") }
        if let i = records.indices.first(where: { !records.isObject(at: $0) }) {
            throw DocumentError(path: path, reason: "record \(i + 1) is not an object with fields: every record of a mail merge must be one")
        }
        return (records, true)
    }


    /// Every `{field}` of every frame must have a value: an unknown one is an error at
    /// the frame, before any page is set.
    func checkFrameFields(_ template: Template, variables: [String: String]) throws {
        var known = variables
        for name in ["page", "pages", "section", "date", "title", "author"] { known[name] = known[name] ?? "" }
        for master in template.masters.values {
            for frame in master.frames {
                for text in frame.allTexts { _ = try PageFields.substitute(text, known, location: frame.location) }
            }
        }
    }

    /// Renders a prepared document to `output`; a mail merge (`prepared.merge`) renders
    /// every record, in order, into the one PDF, each record's document built as it comes
    /// (`progress` then gets the PDF's page and the fraction of all records done).
    public func render(_ prepared: PreparedDocument, to output: String,
                       progress: ((_ page: Int, _ fractionDone: Double) -> Void)? = nil) throws -> RenderReport {
        var settings = self.settings
        if settings.pngDirectory != nil { settings.inputs.formUnion(prepared.sources.map(RenderSettings.resolved)) }
        if let merge = prepared.merge {
            return try merge.render(with: prepared, only: prepared.selected, settings: settings, to: output, progress: progress)
        }
        return try DocumentRenderer.render(prepared.document, template: prepared.template, styles: prepared.styles,
                                    defaults: prepared.defaults, settings: settings, to: output, progress: progress)
    }

    /// `--each`: the path of every selected record of `prepared` (`""` for the others),
    /// checked before anything is written: a value unsafe in a path, or two records with
    /// one path, is an error — among all the records, whatever the shard, so every shard
    /// finds the same errors. Only a hash of each record's path is kept while checking, so
    /// a list of a million records costs megabytes, not its paths.
    public func eachPaths(_ prepared: PreparedDocument, pattern: OutputPathPattern) throws -> [String] {
        var paths = [String](repeating: "", count: prepared.records.count)
        let selected = Set(prepared.selected)
        func key(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
        // The first record of each hash; the few paths sharing a hash with another one
        // are compared as text.
        var firstWithHash: [Int: Int] = [:]
        var collided: [String: Int] = [:]
        func clash(_ first: Int, _ index: Int, _ path: String) -> DocumentError {
            DocumentError(path: "--each", reason: "records \(first + 1) and \(index + 1) would both be written to \(path) (pattern '\(pattern.pattern)'): nothing was written")
        }
        for (index, record) in prepared.records.enumerated() {
            let path = try pattern.path(for: record, index: index)
            let standard = key(path)
            if let first = firstWithHash[standard.hashValue] {
                if let earlier = collided[standard] { throw clash(earlier, index, path) }
                let firstKey = key(try pattern.path(for: prepared.records[first], index: first))
                if firstKey == standard { throw clash(first, index, path) }
                collided[firstKey] = collided[firstKey] ?? first
                collided[standard] = index
            } else {
                firstWithHash[standard.hashValue] = index
            }
            if selected.contains(index) { paths[index] = path }
        }
        return paths
    }

    /// `--each`: renders each selected record of `prepared` into its own PDF, `paths[i]`
    /// for record `i` (from `eachPaths`), each written whole through a temporary file;
    /// their folders are created. With `settings.jobs` above 1, that many records are built
    /// and set at once, each file the same as one at a time. `written` is called after each
    /// file, in record order, with its path and report; `progress` gets the file's page and
    /// the fraction of all done (in order too). On an error, the files of the records
    /// before it are written, and with several jobs some after it may be. Returns what
    /// building the records warned about, each once with its first record (as
    /// `RenderReport.documentWarnings`).
    @discardableResult
    public func renderEach(_ prepared: PreparedDocument, to paths: [String],
                           written: (_ path: String, _ report: RenderReport) -> Void,
                           progress: ((_ page: Int, _ fractionDone: Double) -> Void)? = nil) throws -> [String] {
        let selected = prepared.selected
        let count = Double(max(1, selected.count))
        var warnings = RecordWarnings()
        let work = EachRecord(prepared: prepared, paths: paths, settings: settings)
        if settings.jobs <= 1 || selected.count <= 1 {
            for (n, index) in selected.enumerated() {
                let (report, built) = try work.render(index) { page, done in progress?(page, (Double(n) + done) / count) }
                warnings.add(built, record: index)
                written(paths[index], report)
            }
            return warnings.messages
        }
        // Each record whole on a thread of its own; the caller hears of them in order.
        let streams = OrderedStreams<(report: RenderReport, warnings: [String])>(count: selected.count, jobs: settings.jobs) { n, emit in
            try emit(work.render(selected[n], progress: nil))
        }
        try streams.run { n, result in
            let index = selected[n]
            warnings.add(result.warnings, record: index)
            progress?(result.report.pages, Double(n + 1) / count)
            written(paths[index], result.report)
        }
        return warnings.messages
    }

    /// The default output: the input's path with `.pdf` for its extension.
    public var defaultOutput: String {
        let url = URL(fileURLWithPath: input)
        return url.pathExtension.isEmpty ? input + ".pdf"
            : url.deletingPathExtension().path.replacingOccurrences(of: FileManager.default.currentDirectoryPath + "/", with: "") + ".pdf"
    }
}

extension RenderJob {
    /// What to watch when a render failed before it knew its sources: the document, its
    /// folder (adding a missing image there changes the folder), and the files and folder
    /// of a template given as a path — each of which a fix may touch.
    public var sourcesToWatchAfterFailure: [String] {
        var paths = [input, URL(fileURLWithPath: input).deletingLastPathComponent().path]
        if let dataPath, dataPath != "-" { paths.append(dataPath) }
        var isDirectory: ObjCBool = false
        if let templateName, FileManager.default.fileExists(atPath: templateName, isDirectory: &isDirectory), isDirectory.boolValue {
            paths += [templateName] + TemplateFiles.list(in: templateName)
        }
        return paths
    }
}

/// The files of a template folder (for watching).
enum TemplateFiles {
    static func list(in directory: String) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: directory) else { return [] }
        var files: [String] = []
        while let f = e.nextObject() as? String {
            let path = URL(fileURLWithPath: directory).appendingPathComponent(f).path
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue { files.append(path) }
        }
        return files.sorted()
    }
}
