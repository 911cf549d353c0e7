import FolioDocument
import Foundation

/// `--watch`: renders, then polls the document's sources and renders again when one
/// changes. Polling (four times a second) needs no platform API and sees a file that
/// an editor replaced rather than wrote in place.
struct Watcher {
    let job: RenderJob
    let output: String
    let quiet: Bool
    let render: () throws -> [String]

    init(job: RenderJob, output: String, quiet: Bool, render: @escaping () throws -> [String]) {
        self.job = job; self.output = output; self.quiet = quiet; self.render = render
    }

    func run() throws {
        var sources = [job.input]
        var stamps: [String: Date] = [:]
        while true {
            // An error is reported and watching goes on: the next save may fix it — in the
            // document, its template, or a file it names that is not there yet.
            if let s = try? render() { sources = s } else { sources += job.sourcesToWatchAfterFailure }
            stamps = Dictionary(uniqueKeysWithValues: Set(sources).map { ($0, Watcher.stamp($0)) })
            if !quiet { Messages.note("watching \(sources.count) file\(sources.count == 1 ? "" : "s"); press Ctrl-C to stop") }
            var changed: String? = nil
            while changed == nil {
                Thread.sleep(forTimeInterval: 0.25)
                changed = stamps.first { Watcher.stamp($0.key) != $0.value }?.key
            }
            // Let an editor finish writing.
            Thread.sleep(forTimeInterval: 0.1)
            if !quiet { Messages.note("\(changed!) changed; rendering again") }
        }
    }

    static func stamp(_ path: String) -> Date {
        (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
    }
}
