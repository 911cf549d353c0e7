// Typesets a corpus book the way the brief measures peers and prints pages, wall time
// and peak memory. Run in release:
//   swift run -c release folio-bench [BOOK.md] [-o OUT.pdf] [--single-thread] [--repeat N]
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

let output = option("-o") ?? "/tmp/folio-bench.pdf"
let repeats = Int(option("--repeat") ?? "1") ?? 1
let singleThread = flag("--single-thread")
let candidates = ["../shared/corpus/little-women.md", "../../shared/corpus/little-women.md", "/work/shared/corpus/little-women.md"]
guard let book = arguments.first ?? candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
    FileHandle.standardError.write("folio-bench: no book given and ../shared/corpus/little-women.md not found\n".data(using: .utf8)!)
    exit(2)
}

var options = TypesetOptions()
options.geometry = PageGeometry(pageSize: PaperSize.named["a4"]!, margins: EdgeInsets(all: Length("2cm")!.points),
                                columns: 2, gutter: Length("1cm")!.points)
options.font = FontDescriptor(families: ["DejaVu Serif"], size: 10)
options.leading = 12
options.alignment = .justified
options.hyphenationLanguage = "en-US"
options.parallelShaping = !singleThread
if ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] == nil { setenv("SOURCE_DATE_EPOCH", "0", 1) }

func peakMemoryMB() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(0), &usage)  // RUSAGE_SELF
    return Double(usage.ru_maxrss) / 1024
}

print("book: \(book)")
print("setting: A4, 2 columns, 1 cm gutter, 2 cm margins, DejaVu Serif 10/12 pt, justified, hyphenated (en-US)\(singleThread ? ", one thread" : "")")
for run in 1...max(1, repeats) {
    let start = Date()
    let text = try PlainTextReader.read(path: book)
    let storage = PlainTextReader.storage(for: text, paragraphStyle: options.paragraphStyle)
    let report = try DocumentRenderer.render(storage, options: options, to: output)
    let seconds = Date().timeIntervalSince(start)
    print(String(format: "run %d: %d pages  %.2f s  %.1f pages/s  peak memory %.1f MB  -> %@",
                 run, report.pages, seconds, Double(report.pages) / seconds, peakMemoryMB(), output))
}
