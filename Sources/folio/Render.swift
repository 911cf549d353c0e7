import ArgumentParser
import FolioDocument
import Foundation

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Typeset a text file into a PDF.",
        discussion: """
        INPUT is UTF-8 text; blank lines separate paragraphs, and the lines of a paragraph \
        are joined. The PDF is written to a temporary file and renamed over OUTPUT only \
        when complete, so an existing OUTPUT is never left half-written.

        Lengths take a unit: pt, mm, cm or in (e.g. 2cm, 15mm, 0.75in, 12pt).

        Set SOURCE_DATE_EPOCH to get the same bytes from the same input.
        """
    )

    @Argument(help: "The text file to set.")
    var input: String

    @Option(name: .shortAndLong, help: "The PDF to write (default: INPUT with .pdf).")
    var output: String?

    @Option(help: "Paper: a3, a4, a5, letter, legal, tabloid, or WIDTHxHEIGHT such as 150mmx200mm.")
    var paper: Paper = Paper(argument: "a4")!

    @Option(help: "Margin on every side.")
    var margin = LengthOption(argument: "2cm")!

    @Option(help: "Number of columns.")
    var columns: Int = 1

    @Option(help: "Space between columns.")
    var gutter = LengthOption(argument: "1cm")!

    @Option(help: "Font family (a comma-separated list falls back in order).")
    var font: String = "DejaVu Serif"

    @Option(help: "Font size in points.")
    var size: Double = 10

    @Option(help: "Baseline-to-baseline distance in points (default: 1.2 × size).")
    var leading: Double?

    @Option(help: "Alignment: justify, left, right or center.")
    var align: AlignmentOption = .justify

    @Option(help: "Hyphenation language (e.g. en-US, de) or none.")
    var hyphenate: String = "en-US"

    @Option(help: "Also write a PNG preview of every page (144 dpi) into this folder.")
    var png: String?

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        guard columns >= 1 else { throw ValidationError("--columns must be at least 1 (got \(columns))") }
        guard size > 0, size < 1000 else { throw ValidationError("--size must be between 0 and 1000 points (got \(size))") }
        if let leading, leading <= 0 { throw ValidationError("--leading must be positive (got \(leading))") }
        guard margin.points >= 0 else { throw ValidationError("--margin cannot be negative") }
        guard gutter.points >= 0 else { throw ValidationError("--gutter cannot be negative") }
    }

    func run() throws {
        let families = font.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var options = TypesetOptions()
        options.font = FontDescriptor(families: families.isEmpty ? ["DejaVu Serif"] : families, size: size)
        options.leading = leading
        options.alignment = align.alignment
        options.geometry = PageGeometry(pageSize: paper.size, margins: EdgeInsets(all: margin.points),
                                        columns: columns, gutter: gutter.points)
        if hyphenate.lowercased() == "none" {
            options.hyphenationLanguage = nil
        } else {
            guard Hyphenator.dictionaryPath(for: hyphenate) != nil else {
                throw fail("no hyphenation dictionary for '\(hyphenate)' in \(Hyphenator.searchPaths.joined(separator: ", ")); install Debian's hyphen-\(hyphenate.split(separator: "-").first!.lowercased()) package or pass --hyphenate none")
            }
            options.hyphenationLanguage = hyphenate
        }
        // A column must take a few glyphs, and at least the narrowest line fragment a
        // container offers.
        if let problem = options.geometry.problem(minimumColumnWidth: max(size * 2, TextContainer(size: .zero).minimumFragmentWidth)) {
            throw fail("impossible page geometry: \(problem)")
        }
        if let first = families.first, !families.contains(where: FontCatalog.isInstalled) {
            let used = FontCatalog.resolvedFamily(for: options.font)
            warn("font '\(first)' is not installed; using '\(used)' instead")
        }
        if let png {
            do { try FileManager.default.createDirectory(atPath: png, withIntermediateDirectories: true) }
            catch { throw fail("cannot create the PNG folder \(png): \(error.localizedDescription)") }
            options.pngDirectory = png
        }
        let text: String
        do { text = try PlainTextReader.read(path: input) } catch let e as DocumentError { throw fail(e.description) }
        let out = output ?? (input.hasSuffix(".txt") || input.hasSuffix(".md") ? String(input[..<input.lastIndex(of: ".")!]) : input) + ".pdf"
        options.metadata.title = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent

        let storage = PlainTextReader.storage(for: text, paragraphStyle: options.paragraphStyle)
        let showProgress = !quiet && isatty(STDERR_FILENO) == 1
        let report: RenderReport
        do {
            report = try DocumentRenderer.render(storage, options: options, to: out) { page, done in
                if showProgress {
                    FileHandle.standardError.write("\r\u{1B}[Kfolio: page \(page), \(Int(done * 100))% of the text set".data(using: .utf8)!)
                }
            }
        } catch {
            throw fail("\(out): \(error)")
        }
        if showProgress { FileHandle.standardError.write("\r\u{1B}[K".data(using: .utf8)!) }
        for w in report.warnings where !quiet { warn("\(input): \(w)") }
        if let unplaced = report.unplacedRange {
            warn("\(input): \(unplaced.count) bytes of text from offset \(unplaced.lowerBound) could not be placed")
        }
        if !quiet { print("\(out): \(report.pages) page\(report.pages == 1 ? "" : "s")") }
    }

    private func fail(_ message: String) -> ExitCode {
        FileHandle.standardError.write("folio: error: \(message)\n".data(using: .utf8)!)
        return ExitCode(1)
    }

    private func warn(_ message: String) {
        FileHandle.standardError.write("folio: warning: \(message)\n".data(using: .utf8)!)
    }
}
