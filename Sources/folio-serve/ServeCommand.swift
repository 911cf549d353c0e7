import ArgumentParser
import FolioServe
import Foundation

/// `folio serve`: the rendering service, a program of its own so that `folio`'s other
/// commands load none of its libraries (SwiftNIO, Hummingbird, archives, metrics). `folio
/// serve …` runs it with the same arguments (`ServiceLauncher` in the `folio` target).
@main
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folio serve",
        abstract: "Run Folio as an HTTP rendering service.",
        discussion: """
        POST /render with a JSON body answers the PDF (or, with ?format=png&page=N, one \
        page as PNG; with ?each=PATTERN and a list of records, a zip of one PDF per record):
          {"document": "# Hello\\n\\nMarkdown…", "template": "invoice",
           "data": {"number": 42, …} | [{…}, {…}], "strict": false,
           "options": {"paper": "a4", "columns": 2, "margin": "2cm", "size": 10,
                       "set": {"title": "Q3 report"}}}
        The document is Markdown, a Mustache template when data is given (an array is a \
        mail merge into one PDF); options take the render command's names. A \
        multipart/form-data request has the same parts, data as a JSON, YAML or CSV file, \
        and files: a zip or tar (.tar.gz, .tar.xz, …) of the images and template folders the \
        document reads. Errors answer \
        JSON {"error": "document.md:3:5: …"}: 400 for a malformed request, 422 for a \
        document, template or option that is wrong, 413 over --max-body, 429 (with \
        Retry-After) when --jobs renders run and --queue wait, 503 past --timeout.

        GET /templates and /fonts list what a request may name; /health answers while the \
        process runs, /ready while a render would be admitted, /metrics in Prometheus's \
        text format. A request reads none of the server's files: only the built-in \
        templates, those in --root, and the installed fonts. SIGTERM or SIGINT stops \
        accepting requests and lets those in flight finish, for at most --grace.
        """)

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(parsing: .unconditional, help: "The port to listen on (0: any free port, printed at start).")
    var port = 8080

    @Option(parsing: .unconditional, help: ArgumentHelp("Render threads, 1 to 256 (default: the number of cores).", valueName: "N"))
    var jobs: Int?

    @Option(name: .customLong("max-body"), help: ArgumentHelp("The largest request body: bytes, or with KB, MB or GB (powers of 1024).", valueName: "size"))
    var maxBody = "16MB"

    @Option(name: .customLong("max-unpacked"), help: ArgumentHelp("The most a request's archive of files may unpack to (its entries counted as written).", valueName: "size"))
    var maxUnpacked = "256MB"

    @Option(help: ArgumentHelp("How long a render may take, waiting included: 30s, 500ms, 2m.", valueName: "duration"))
    var timeout = "30s"

    @Option(parsing: .unconditional, help: ArgumentHelp("Renders that may wait for a thread before requests are refused with 429 (0 to 100000).", valueName: "N"))
    var queue = 64

    @Option(help: ArgumentHelp("How long in-flight renders may go on after SIGTERM.", valueName: "duration"))
    var grace = "30s"

    @Option(help: ArgumentHelp("A folder of template folders (each with a template.yaml) requests may name, besides the built-ins.", valueName: "dir"))
    var root: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port is from 0 to 65535 (got \(port))") }
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs is from 1 to 256 (got \(jobs))") }
        guard (0...100_000).contains(queue) else { throw ValidationError("--queue is from 0 to 100000 (got \(queue))") }
        _ = try Self.bytes(maxBody, flag: "--max-body")
        _ = try Self.bytes(maxUnpacked, flag: "--max-unpacked")
        _ = try Self.duration(timeout, flag: "--timeout")
        _ = try Self.duration(grace, flag: "--grace")
        if let root {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--root \(root): no such folder")
            }
        }
    }

    func run() async throws {
        var c = RenderService.Configuration()
        c.host = host
        c.port = port
        if let jobs { c.jobs = jobs }
        c.queue = queue
        c.maxBody = try Self.bytes(maxBody, flag: "--max-body")
        c.maxUnpacked = try Self.bytes(maxUnpacked, flag: "--max-unpacked")
        c.timeout = try Self.duration(timeout, flag: "--timeout")
        c.grace = try Self.duration(grace, flag: "--grace")
        c.templates = root
        let service = RenderService(configuration: c)
        let banner: @Sendable (Int) -> String = { [c] port in
            "folio serve: listening on http://\(c.host):\(port) (\(c.jobs) render thread\(c.jobs == 1 ? "" : "s"), queue \(c.queue))\n"
        }
        try await service.run { port in
            // Unbuffered: a supervisor or test reading the port sees it at once.
            FileHandle.standardOutput.write(banner(port).data(using: .utf8)!)
        }
        print("folio serve: stopped")
    }

    /// `16MB`, `512KB`, `1GB` or a number of bytes; from 1 KB to 4 GB.
    static func bytes(_ text: String, flag: String) throws -> Int {
        let units: [(String, Int)] = [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10), ("B", 1)]
        let upper = text.uppercased()
        var number = upper, scale = 1
        for (suffix, s) in units where upper.hasSuffix(suffix) { number = String(upper.dropLast(suffix.count)); scale = s; break }
        guard let n = Double(number.trimmingCharacters(in: .whitespaces)), n.isFinite, n * Double(scale) >= 1024,
              n * Double(scale) <= Double(1 << 32) else {
            throw ValidationError("\(flag) is a size from 1KB to 4GB, such as 16MB (got '\(text)')")
        }
        return Int(n * Double(scale))
    }

    /// `30s`, `500ms`, `2m`; from 1 ms to 24 h.
    static func duration(_ text: String, flag: String) throws -> Duration {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        for (suffix, seconds) in units where text.hasSuffix(suffix) {
            if let n = Double(text.dropLast(suffix.count)), n.isFinite, n * seconds >= 0.001, n * seconds <= 86_400 {
                return .milliseconds(Int64((n * seconds * 1000).rounded()))
            }
        }
        throw ValidationError("\(flag) is a duration from 1ms to 24h, such as 30s, 500ms or 2m (got '\(text)')")
    }
}
