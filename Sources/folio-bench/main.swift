// Typesets a corpus book the way the brief measures peers and prints pages, wall time
// and peak memory. Run in release:
//   swift run -c release --static-swift-stdlib folio-bench [BOOK.md] [-o OUT.pdf] [--single-thread] [--plain] [--repeat N]
// With --edits, times edits to the laid-out book instead (see `EditBenchmark`).
import FolioDocument
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    let v = arguments[i + 1]
    arguments.removeSubrange(i...(i + 1))
    return v
}
@MainActor func flag(_ name: String) -> Bool {
    guard let i = arguments.firstIndex(of: name) else { return false }
    arguments.remove(at: i)
    return true
}

let usage = "usage: folio-bench [BOOK.md] [-o OUT.pdf] [--single-thread] [--plain] [--repeat N] [--edits]\n"
if flag("--help") || flag("-h") { print(usage, terminator: ""); exit(0) }
let output = option("-o") ?? "/tmp/folio-bench.pdf"
let repeats = Int(option("--repeat") ?? "1") ?? 1
let singleThread = flag("--single-thread")
let plain = flag("--plain")
let edits = flag("--edits")
if let unknown = arguments.first(where: { $0.hasPrefix("-") }) {
    FileHandle.standardError.write("folio-bench: unknown option \(unknown)\n\(usage)".data(using: .utf8)!)
    exit(2)
}
let candidates = ["../shared/corpus/little-women.md", "../../shared/corpus/little-women.md", "/work/shared/corpus/little-women.md"]
guard let book = arguments.first ?? candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
    FileHandle.standardError.write("folio-bench: no book given and ../shared/corpus/little-women.md not found\n".data(using: .utf8)!)
    exit(2)
}

if ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] == nil { setenv("SOURCE_DATE_EPOCH", "0", 1) }

/// The job `folio render BOOK --columns 2 --gutter 1cm --margin 2cm --size 10 --leading 12`
/// runs: the book read as Markdown (or, with --plain, as plain paragraphs) through the
/// document layer with the built-in default template.
@MainActor func makeJob() -> RenderJob {
    var input = book
    if plain {
        // A .txt copy: the same text read as plain paragraphs.
        input = NSTemporaryDirectory() + "/folio-bench-\(getpid()).txt"
        try? FileManager.default.removeItem(atPath: input)
        try! FileManager.default.copyItem(atPath: book, toPath: input)
    }
    var job = RenderJob(input: input)
    job.overrides.margin = Length("2cm")!.points
    job.overrides.columns = 2
    job.overrides.gutter = Length("1cm")!.points
    job.overrides.size = 10
    job.overrides.leading = 12
    job.settings.parallelShaping = !singleThread
    // As `folio render` builds it: a part at a time as the pages are set.
    job.streamsText = true
    return job
}

func peakMemoryMB() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(0), &usage)  // RUSAGE_SELF
    return Double(usage.ru_maxrss) / 1024
}

print("book: \(book)\(plain ? " (as plain text)" : " (Markdown)")")
print("setting: default template; A4, 2 columns, 1 cm gutter, 2 cm margins, body 10/12 pt, justified, hyphenated (en-US)\(singleThread ? ", one thread" : "")")
if edits {
    do { EditBenchmark.run(try makeJob().prepare(), repeats: repeats) } catch {
        FileHandle.standardError.write("folio-bench: \(error)\n".data(using: .utf8)!)
        exit(1)
    }
    exit(0)
}
for run in 1...max(1, repeats) {
    let start = Date()
    let job = makeJob()
    let prepared: PreparedDocument
    do { prepared = try job.prepare() } catch {
        FileHandle.standardError.write("folio-bench: \(error)\n".data(using: .utf8)!)
        exit(1)
    }
    let read = Date().timeIntervalSince(start)
    if ProcessInfo.processInfo.environment["FOLIO_BENCH_PHASES"] != nil { print(String(format: "prepared: peak memory %.1f MB", peakMemoryMB())) }
    let report: RenderReport
    do { report = try job.render(prepared, to: output) } catch {
        FileHandle.standardError.write("folio-bench: \(error)\n".data(using: .utf8)!)
        exit(1)
    }
    let seconds = Date().timeIntervalSince(start)
    print(String(format: "run %d: %d pages  %.2f s (read and styled %.3f s)  %.1f pages/s  peak memory %.1f MB  -> %@",
                 run, report.pages, seconds, read, Double(report.pages) / seconds, peakMemoryMB(), output))
}
