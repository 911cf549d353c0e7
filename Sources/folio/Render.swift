import ArgumentParser
import FolioDocument
import Foundation

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Typeset a Markdown or text file into a PDF.",
        discussion: """
        INPUT is Markdown (any name but .txt) or plain text (.txt: blank lines separate \
        paragraphs). It is set with a template: -t, else the front matter's `template:`, \
        else the built-in `default` (see `folio templates`). The layout options below \
        override the template; --set overrides anything else:
          --set title="Draft 2"     a field ({title}, {author}, any variable)
          --set body.size=11pt      a property of a template style
          --set scale=1.25          every style in proportion

        The PDF is written to a temporary file and renamed over OUTPUT only when complete, \
        so an existing OUTPUT is never left half-written; an error names the file, line \
        and column. Lengths take a unit: pt, mm, cm or in (e.g. 2cm, 15mm, 0.75in, 12pt).

        With --data, the document is a Mustache template filled from a record (a JSON or \
        YAML object) before it is read, front matter included: {{field}} (escaped: the value \
        prints exactly as written), {{{field}}} (inserted as Markdown), {{#list}}…{{/list}} \
        (once per element), {{^field}}…{{/field}} (when empty or false), and \
        {{number(x)}}, {{currency(x)}}, {{percent(x)}} in the front matter's `lang` \
        (default en-US) and `currency` (default USD), {{date(x)}} of an ISO 8601 date in \
        its `date-format` (short, medium, long — the default —, full or an ICU pattern; \
        also date-short(x) … date-full(x), time(x), datetime(x)), and {{> name}}, the \
        partial name.mustache (or .md) from the template's folder. A field the data lacks prints nothing \
        and is warned about at its line and column (an error with --strict). A list of \
        records (a JSON or YAML array, or CSV rows) is a mail merge: the document once per \
        record into one PDF, each record on new pages numbered afresh ({page} of {pages} \
        counts within the record), one outline entry per record.

        --each PATTERN writes one PDF per record instead, named by PATTERN, a Mustache \
        template over the record (--each 'out/{{id}}.pdf'; folders are created). Values go \
        in as written, but a value holding '/' or NUL or making a '..' component is an \
        error, as are two records with one path — before anything is written. --shard I/N \
        renders only the records whose 0-based index i has i mod N = I (with --each their \
        files; else one PDF of them, in order), so N processes or machines can split a run: \
        see docs/scale-out.md.

        Set SOURCE_DATE_EPOCH to get the same bytes from the same input.
        """
    )

    @Argument(help: "The Markdown or text file to set (- reads Markdown from standard input; then give -o).")
    var input: String

    @Option(name: .shortAndLong, help: "The PDF to write (default: INPUT with .pdf, beside it; - writes it to standard output).")
    var output: String?

    @Option(name: [.customShort("t"), .long], help: "Template: a built-in name or a folder holding template.yaml.")
    var template: String?

    @Option(name: .customLong("set"), parsing: .singleValue, help: ArgumentHelp("Override a field, a style property or the scale: KEY=VALUE (repeatable).", valueName: "key=value"))
    var settings: [String] = []

    @Option(help: ArgumentHelp("Fill the document from this data file: one record (an object), or a list of records (an array, CSV rows) for a mail merge into one PDF. JSON, YAML or CSV (- reads JSON or YAML from standard input).", valueName: "file"))
    var data: String?

    @Flag(help: "With --data, a field the data lacks is an error, not a warning (nothing is written).")
    var strict = false

    @Option(help: ArgumentHelp("With --data, write one PDF per record, at the path this Mustache template gives for it (e.g. 'out/{{id}}.pdf'), instead of one PDF. Not with -o.", valueName: "pattern"))
    var each: String?

    @Option(help: ArgumentHelp("With --data, render only the records whose 0-based index i has i mod N = I (0 <= I < N): one of N runs that split the work.", valueName: "I/N"))
    var shard: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --data, work on N threads (1 to 256; default: the number of cores): into one PDF, one draws while the others set the records to come; with --each, N records at once. The output is the same, byte for byte, for any N.", valueName: "N"))
    var jobs: Int?

    @Option(help: ArgumentHelp("The folder outside which the document reads nothing: its images, and a template its front matter names by path (default: the document's folder). A template reads only from its own folder.", valueName: "dir"))
    var root: String?

    @Option(help: "Paper: a3, a4, a5, letter, legal, tabloid, or WIDTHxHEIGHT such as 150mmx200mm.", transform: Paper.parse)
    var paper: Paper?

    @Option(parsing: .unconditional, help: "Margin on every side.")
    var margin: LengthOption?

    @Option(parsing: .unconditional, help: "Number of columns, 1 to 64.")
    var columns: Int?

    @Option(parsing: .unconditional, help: "Space between columns.")
    var gutter: LengthOption?

    @Option(help: "Body font family (a comma-separated list falls back in order).")
    var font: String?

    @Option(parsing: .unconditional, help: "Body font size in points; the template's other sizes follow in proportion.")
    var size: Double?

    @Option(parsing: .unconditional, help: "Body baseline-to-baseline distance in points.")
    var leading: Double?

    @Option(help: "Body alignment: justify, left, right or center.")
    var align: AlignmentOption?

    @Option(help: "Hyphenation language (e.g. en-US, de) or none.")
    var hyphenate: LayoutOverrides.Hyphenation?

    @Option(help: "Also write a PNG preview of every page (144 dpi) into this folder.")
    var png: String?

    @Flag(help: "Stay running and render again whenever the document, its template or an image it uses changes.")
    var watch = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Say which template and fonts are used, and how long each step took.")
    var verbose = false

    func validate() throws {
        var ranges = LayoutOverrides()
        (ranges.columns, ranges.size, ranges.leading, ranges.margin, ranges.gutter) = (columns, size, leading, margin?.points, gutter?.points)
        if let (option, problem) = ranges.outOfRange { throw ValidationError("--\(option) \(problem)") }
        for s in settings where !s.contains("=") || s.hasPrefix("=") {
            throw ValidationError("--set takes KEY=VALUE (got '\(s)')")
        }
        if strict && data == nil { throw ValidationError("--strict checks the fields of --data: give --data FILE") }
        if data == "-" && (input == "-" || input == "/dev/stdin") {
            throw ValidationError("--data - reads standard input, so the document cannot be - too: give its file")
        }
        if data == "-" && watch { throw ValidationError("--watch needs a data file to watch, not standard input (--data -)") }
        if let each {
            if data == nil { throw ValidationError("--each writes one PDF per record of --data: give --data FILE") }
            if output != nil { throw ValidationError("--each names each PDF with its pattern: -o cannot be used with it") }
            if watch { throw ValidationError("--watch cannot be used with --each") }
            if each.isEmpty { throw ValidationError("--each needs a pattern, such as 'out/{{id}}.pdf'") }
        }
        if let shard {
            if data == nil { throw ValidationError("--shard splits the records of --data: give --data FILE") }
            do { _ = try RenderJob.Shard(parsing: shard) } catch { throw ValidationError("\(error)") }
        }
        if let root {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--root must be a folder (got '\(root)')")
            }
        }
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be from 1 to 256 (got \(jobs))") }
        if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together") }
    }

    func makeJob() throws -> RenderJob {
        var job = RenderJob(input: input)
        // Built as it is set: a long book's memory does not grow with its length.
        job.streamsText = true
        job.templateName = template
        job.dataPath = data
        job.strict = strict
        job.readRoot = root.map { ReadRoot($0, role: "--root") }
        if let shard { job.shard = try? RenderJob.Shard(parsing: shard) }
        job.settings.jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        var o = LayoutOverrides()
        o.pageSize = paper?.size
        o.margin = margin?.points
        o.columns = columns
        o.gutter = gutter?.points
        if let font {
            let families = font.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if !families.isEmpty { o.fontFamilies = families }
        }
        o.size = size
        o.leading = leading
        o.alignment = align?.alignment
        if let language = hyphenate?.language, Hyphenator.dictionaryPath(for: language) == nil {
            let base = language.split(separator: "-").first.map { $0.lowercased() } ?? language
            throw Messages.error("no hyphenation dictionary for '\(language)' in \(Hyphenator.searchPaths.joined(separator: ", ")); install Debian's hyphen-\(base) package or pass --hyphenate none")
        }
        o.hyphenation = hyphenate
        o.settings = settings.map { s in
            let eq = s.firstIndex(of: "=")!
            return (String(s[..<eq]).trimmingCharacters(in: .whitespaces), String(s[s.index(after: eq)...]))
        }
        // The numbers were checked in validate(); `--set lang=…` is checked here.
        if let (option, problem) = o.outOfRange { throw Messages.error("--\(option) \(problem)") }
        job.overrides = o
        if let png {
            do { try FileManager.default.createDirectory(atPath: png, withIntermediateDirectories: true) }
            catch { throw Messages.error("cannot create the PNG folder \(png): \(error.localizedDescription)") }
            job.settings.pngDirectory = png
        }
        return job
    }

    func run() throws {
        // An interrupted render leaves no half-written temporary file behind.
        PDFDocument.removeTemporariesOnSignals()
        if let problem = PDFMetadata.sourceDateEpochProblem { throw Messages.error(problem) }
        let job = try makeJob()
        if input == "-" || Render.isStream(input) {
            // A pipe has no folder to put the PDF beside, nor anything to watch.
            guard output != nil else { throw Messages.error("reading the document from a pipe (\(input)): give the PDF's name with -o (or -o - for standard output)") }
            if watch { throw Messages.error("--watch needs a document file to watch, not a pipe (\(input))") }
        }
        if let each {
            let pattern: OutputPathPattern
            do { pattern = try OutputPathPattern(each) } catch { throw Messages.error("\(error)") }
            _ = try renderOnce(job, to: "", each: pattern)
            return
        }
        let out = output ?? job.defaultOutput
        if out == "-" {
            // The PDF is made whole in a temporary file first, as always, then copied out.
            // The file is in a folder of this run's own (a name no one can guess, open to
            // this user only), removed with everything in it afterwards.
            if watch { throw Messages.error("--watch writes a file each time: give -o a file name, not -") }
            let folder: String
            do { folder = try Render.makePrivateFolder() } catch { throw Messages.error("\(error)") }
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let temporary = URL(fileURLWithPath: folder).appendingPathComponent("stdout.pdf").path
            _ = try renderOnce(job, to: temporary, announce: false)
            guard let pdf = FileManager.default.contents(atPath: temporary) else { throw Messages.error("cannot read back \(temporary)") }
            FileHandle.standardOutput.write(pdf)
            return
        }
        if !watch {
            _ = try renderOnce(job, to: out)
            return
        }
        try Watcher(job: job, output: out, quiet: quiet) { try renderOnce(job, to: out) }.run()
    }

    /// One render; returns the files it was made from. Errors are printed and thrown
    /// as a non-zero exit.
    @discardableResult
    func renderOnce(_ job: RenderJob, to out: String, announce: Bool = true, each: OutputPathPattern? = nil) throws -> [String] {
        let started = Date()
        let prepared: PreparedDocument
        do { prepared = try job.prepare() } catch let e as TemplateFieldErrors {
            for error in e.errors.dropLast() { _ = Messages.error("\(error)") }
            throw Messages.error("\(e.errors.last!)")
        } catch { throw Messages.error("\(error)") }
        let built = Date()
        var eachPaths: [String] = []
        if let each {
            do { eachPaths = try job.eachPaths(prepared, pattern: each) } catch { throw Messages.error("\(error)") }
        }
        // Writing over the document or an image it uses would destroy what it is made from.
        let sources = Dictionary(prepared.sources.map { (URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path, $0) },
                                 uniquingKeysWith: { first, _ in first })
        for path in each == nil ? [out] : eachPaths where !path.isEmpty {   // "": not in this shard
            let target = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
            if let source = sources[target] {
                throw Messages.error("\(path): the output would replace \(source), which the PDF is made from; choose another \(each == nil ? "-o" : "--each pattern")")
            }
        }
        if prepared.selected.isEmpty, let shard = job.shard {
            // Nothing to do is not a failure: the other shards have the records.
            if !quiet {
                Messages.note("shard \(shard): no records to render (the data holds \(prepared.records.count) record\(prepared.records.count == 1 ? "" : "s")); nothing written")
            }
            return prepared.sources
        }
        if verbose {
            Messages.note("template '\(prepared.template.name)'\(prepared.template.sourcePath.isEmpty ? "" : " (\(prepared.template.sourcePath))")")
        }
        if !quiet { checkFonts(prepared) }
        if !quiet, let body = try? prepared.styles.paragraphStyle(named: "body", at: nil), body.paragraph.hyphenation,
           Hyphenator.dictionaryPath(for: Hyphenator.dictionaryLanguage(for: prepared.defaults.language)) == nil {
            // --hyphenate with such a language is an error; the front matter's `lang` only warns.
            let package = prepared.defaults.language.split(separator: "-").first.map { "hyphen-\($0.lowercased())" } ?? "hyphen-*"
            Messages.warn("\(input): no hyphenation dictionary for language '\(prepared.defaults.language)': the text is not hyphenated (Debian's \(package) package would add one)")
        }
        for w in prepared.dataWarnings where !quiet { Messages.warn(w) }
        // A mail merge's build warnings come after it, each once with its first record.
        let isMerge = prepared.merge != nil
        for w in prepared.document.warnings where !quiet && !isMerge { Messages.warn(w) }
        let bar = ProgressBar(enabled: !quiet)
        var report: RenderReport
        if each != nil {
            report = RenderReport(pages: 0, warnings: [], unplacedRange: nil)
            var seen = Set<String>()
            var recordWarnings: [String] = []
            do {
                recordWarnings = try job.renderEach(prepared, to: eachPaths, written: { path, fileReport in
                    bar.clear()
                    for w in fileReport.warnings where !quiet && w.kind != .fontSubstitution && seen.insert("\(w)").inserted {
                        Messages.warn("\(input): \(w)")
                    }
                    if let unplaced = fileReport.unplacedRange {
                        Messages.warn("\(path): \(unplaced.count) bytes of text from offset \(unplaced.lowerBound) could not be placed")
                    }
                    report.pages += fileReport.pages
                    if !quiet {
                        print("\(path): \(fileReport.pages) page\(fileReport.pages == 1 ? "" : "s")")
                        fflush(nil)
                    }
                }) { page, done in bar.update(page: page, fraction: done) }
            } catch {
                bar.clear()
                throw Messages.error("\(error)")
            }
            bar.clear()
            for w in recordWarnings where !quiet && isMerge { Messages.warn(w) }
        } else {
            do {
                report = try job.render(prepared, to: out) { page, done in bar.update(page: page, fraction: done) }
            } catch let error as DocumentError {
                // A fault in the document found as it was built while set: it names its place.
                bar.clear()
                throw Messages.error("\(error)")
            } catch {
                bar.clear()
                // An error writing the PDF already names it.
                let text = "\(error)"
                throw Messages.error(text.hasPrefix(out + ": ") ? text : "\(out): \(text)")
            }
            bar.clear()
            for w in report.documentWarnings where !quiet { Messages.warn(w) }
            // Fonts not installed were named above, with the styles asking for them.
            for w in report.warnings where !quiet && w.kind != .fontSubstitution { Messages.warn("\(input): \(w)") }
            if let unplaced = report.unplacedRange {
                Messages.warn("\(input): \(unplaced.count) bytes of text from offset \(unplaced.lowerBound) could not be placed")
            }
        }
        if verbose {
            let t = prepared.timings
            Messages.note(String(format: "read %.3f s, template %.3f s, styled %.3f s, set and written %.3f s (%.3f s in all)",
                                 t.read, t.template, t.build, Date().timeIntervalSince(built), Date().timeIntervalSince(started)))
        }
        if !quiet && announce && each == nil {
            print("\(out): \(report.pages) page\(report.pages == 1 ? "" : "s")")
            // In --watch this line reports each render as it happens, also into a pipe.
            fflush(nil)
        }
        return prepared.sources
    }

    /// A size as a person writes it, to 0.01 pt: 10.5, 16, 8.92 (not 8.924999999999999).
    static func points(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// A new, empty folder under `parent` (the system's temporary folder unless given)
    /// made by mkdtemp: a name no one can guess and mode 0700, so no other user can
    /// read what is written in it or plant a file or link where it will be written.
    static func makePrivateFolder(in parent: String = FileManager.default.temporaryDirectory.path) throws -> String {
        var template = Array(URL(fileURLWithPath: parent).appendingPathComponent("folio-XXXXXX").path.utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw TemporaryFolderError(description: "cannot create a temporary folder in \(parent): \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }

    struct TemporaryFolderError: Error, CustomStringConvertible {
        var description: String
    }

    /// Whether `path` exists and is not a regular file (a pipe, a device such as /dev/stdin).
    static func isStream(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & S_IFMT != S_IFREG && info.st_mode & S_IFMT != S_IFDIR
    }

    /// Warns about each font a style or the document asks for that is not installed,
    /// naming the font used instead and every style asking for it (once per request: a
    /// family list and the font it falls back to). With -v, notes every style's font:
    /// the family actually used, its weight and slant, its size — styles sharing a family
    /// differ in the rest, and each is worth knowing.
    private func checkFonts(_ prepared: PreparedDocument) {
        struct Request: Hashable { var families: [String]; var used: String }
        var requests: [Request] = []
        var askers: [Request: [String]] = [:]
        var checked = Set<[String]>()
        // The body first: a font it lacks is the one to name.
        for name in ["body"] + prepared.styles.names.filter({ $0 != "body" }) {
            guard let style = prepared.styles.style(name), let font = style.attributes.font, !font.families.isEmpty else { continue }
            let used = FontCatalog.resolvedFamily(for: font)
            checked.insert(font.families)
            if !font.families.contains(where: FontCatalog.isInstalled) {
                let request = Request(families: font.families, used: used)
                if askers[request] == nil { requests.append(request) }
                askers[request, default: []].append(name)
            }
            if verbose {
                Messages.note("style '\(name)': \(Render.describe(font, family: used))\(style.kind == .character ? " (on body text)" : "")")
            }
        }
        for request in requests {
            let styles = askers[request]!.map { "'\($0)'" }.joined(separator: ", ")
            Messages.warn("\(FontCatalog.notInstalled(request.families)); using '\(request.used)' instead (style\(askers[request]!.count == 1 ? "" : "s") \(styles))")
        }
        // Fonts the document names itself (`[text]{font="…"}`): the first place each
        // request no style makes is used.
        let storage = prepared.document.storage
        for run in storage.attributeRuns() {
            guard let font = run.attributes.font, !font.families.isEmpty, !checked.contains(font.families) else { continue }
            checked.insert(font.families)
            if !font.families.contains(where: FontCatalog.isInstalled) {
                let line = storage.substring(storage.paragraphContentRange(at: storage.paragraphIndex(containing: run.range.lowerBound)))
                Messages.warn("\(input): \(FontCatalog.notInstalled(font.families)); using '\(FontCatalog.resolvedFamily(for: font))' instead (for “\(line.prefix(40))\(line.count > 40 ? "…" : "")”)")
            }
        }
    }

    /// A font as a note names it: the family used, its weight and slant when not the
    /// regular upright, its size — "DejaVu Sans bold 16 pt".
    static func describe(_ font: FontDescriptor, family: String) -> String {
        let weights = [100: "thin", 200: "extra-light", 300: "light", 500: "medium", 600: "semibold", 700: "bold",
                       800: "extra-bold", 900: "heavy"]
        var words = [family]
        if font.weight != .regular { words.append(weights[font.weight.value] ?? "weight \(font.weight.value)") }
        if font.style != .normal { words.append(font.style.rawValue) }
        return words.joined(separator: " ") + " \(points(font.size)) pt"
    }
}
