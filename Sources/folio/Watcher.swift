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
        var stamps: [String: Stamp?] = [:]
        while true {
            // Stamped before the render reads them: a save while it runs is seen afterwards.
            let before = Dictionary(uniqueKeysWithValues: Set(sources).map { ($0, Watcher.stamp($0)) })
            var started = timespec()
            clock_gettime(CLOCK_REALTIME, &started)
            // An error is reported and watching goes on: the next save may fix it — in the
            // document, its template, or a file it names that is not there yet.
            if let s = try? render() { sources = s } else { sources = Array(Set(sources + job.sourcesToWatchAfterFailure)) }
            stamps = Dictionary(uniqueKeysWithValues: Set(sources).map { path in
                if let known = before[path] { return (path, known) }
                // Found by this render (an image, a template file): it could have been
                // saved while the render read it, and then it is seen as changed.
                let now = Watcher.stamp(path)
                if let now, (now.seconds, now.nanoseconds) >= (Int(started.tv_sec), Int(started.tv_nsec)) {
                    return (path, Stamp?.some(Stamp(device: 0, inode: 0, size: -1, seconds: 0, nanoseconds: 0)))
                }
                return (path, now)
            })
            if !quiet { Messages.note("watching \(stamps.count) file\(stamps.count == 1 ? "" : "s"); press Ctrl-C to stop") }
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

    /// What tells one version of a file from the next: its size, its inode (an editor
    /// that saves by renaming a new file over the old gives a new one) and its modification
    /// time to the nanosecond. The time alone misses a change within one clock tick of the
    /// file system; a missing file has no stamp.
    struct Stamp: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }

    static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Stamp(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                     seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
    }
}
