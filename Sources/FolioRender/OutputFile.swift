import CCairo
import Foundation

/// Where a rendered file goes, written safely whatever is at its path.
///
/// - A regular file, or nothing: the output is written to a new temporary file in the same
///   folder, created exclusively (`mkstemp`: never through a planted symlink), and renamed
///   over the path only when complete, so an existing file is never left half-written.
/// - A symlink: followed to its target, which is then treated as here (a dangling link
///   is refused): the link stays a link.
/// - A device, FIFO or socket (`/dev/null`, `/dev/stdout`, a named pipe): written to
///   directly, never replaced by a regular file.
///
/// Temporary files of outputs still open are removed if the process is interrupted
/// (`OutputFile.removeTemporariesOnSignals()`).
final class OutputFile {
    /// The path as given (what errors name).
    let path: String
    /// Where the bytes finally go: the path, or the target of the symlink at it.
    let target: String
    private(set) var descriptor: Int32
    /// The temporary file renamed over `target` by `commit()`; nil when written directly.
    private let temporary: String?
    /// Whether the bytes go straight to the target (a device, FIFO or socket) as they are
    /// written, with no file to drop if the render fails.
    var writesDirectly: Bool { temporary == nil }

    /// Whether an output opened at `path` would be written to directly: something is there
    /// (itself or at the end of a symlink) that is neither a regular file nor a folder.
    static func writesDirectly(to path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
    }
    private var closed = false

    /// Opens the output for `path`; throws `PDFDocument.WriteError` naming the reason.
    init(path: String) throws {
        self.path = path
        var target = path
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            guard stat(path, &info) == 0 else {
                throw PDFDocument.WriteError(path: path, reason: "is a symbolic link to nothing (\(OutputFile.linkTarget(path))): not written")
            }
            // A link to a pipe (/dev/stdout in a pipeline) has no path to resolve: it is
            // opened as it is, below; a link to a file is replaced at its target.
            if let resolved = realpath(path, nil) {
                target = String(cString: resolved)
                free(resolved)
            }
        }
        self.target = target
        let dir = URL(fileURLWithPath: target).deletingLastPathComponent().path
        if stat(target, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                throw PDFDocument.WriteError(path: path, reason: "is a folder, not a file")
            case S_IFREG:
                break
            default:
                // A device, FIFO or socket: written to as it is, never replaced.
                let fd = open(target, O_WRONLY | O_CLOEXEC)
                guard fd >= 0 else {
                    throw PDFDocument.WriteError(path: path, reason: "cannot be written: \(String(cString: strerror(errno)))")
                }
                descriptor = fd
                temporary = nil
                return
            }
        }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
            throw PDFDocument.WriteError(path: path, reason: "the folder \(dir) does not exist")
        }
        let name = URL(fileURLWithPath: target).lastPathComponent
        var template = Array((dir + "/." + name + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw PDFDocument.WriteError(path: path, reason: "cannot be written in \(dir): \(String(cString: strerror(errno)))")
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        // The file a reader gets has the mode a new file would (or the old file's).
        let mode: mode_t = stat(target, &info) == 0 ? info.st_mode & 0o7777 : 0o666 & ~OutputFile.umaskValue
        fchmod(fd, mode)
        descriptor = fd
        temporary = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
        OutputFile.register(temporary!)
    }

    deinit { if !closed { discard() } }

    /// Writes `bytes`, all of them (short writes and interruptions retried).
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 { if errno == EINTR { continue }; return false }
            offset += n
        }
        return true
    }

    /// Completes the output: the temporary file (if any) replaces the target.
    func commit() throws {
        guard !closed else { return }
        closed = true
        close(descriptor)
        guard let temporary else { return }
        defer { OutputFile.unregister(temporary) }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw PDFDocument.WriteError(path: path, reason: "cannot be replaced: \(reason)")
        }
    }

    /// Abandons the output: the temporary file goes, the target is left as it was.
    func discard() {
        guard !closed else { return }
        closed = true
        close(descriptor)
        if let temporary { unlink(temporary); OutputFile.unregister(temporary) }
    }

    /// A cairo write function writing to `closure`, an unretained `OutputFile`.
    static let cairoWrite: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let file = Unmanaged<OutputFile>.fromOpaque(closure).takeUnretainedValue()
        return file.write(UnsafeRawBufferPointer(start: data, count: Int(length))) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
    }

    private static func linkTarget(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buffer, buffer.count - 1)
        return n > 0 ? String(cString: buffer) : "?"
    }

    private static var umaskValue: mode_t {
        let m = umask(0o022)
        umask(m)
        return m
    }

    // MARK: Interrupted processes

    private static let lock = NSLock()
    nonisolated(unsafe) private static var writing: Set<String> = []
    nonisolated(unsafe) private static var signalSources: [DispatchSourceSignal] = []

    private static func register(_ path: String) { lock.withLock { _ = writing.insert(path) } }
    private static func unregister(_ path: String) { lock.withLock { _ = writing.remove(path) } }

    /// On SIGINT, SIGTERM or SIGHUP, removes the temporary files of outputs still being
    /// written, then ends the process as the signal would (128 + its number).
    static func removeTemporariesOnSignals() {
        lock.withLock {
            guard signalSources.isEmpty else { return }
            for sig in [SIGINT, SIGTERM, SIGHUP] {
                signal(sig, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
                source.setEventHandler {
                    let paths = lock.withLock { writing }
                    for p in paths { unlink(p) }
                    exit(128 + sig)
                }
                source.resume()
                signalSources.append(source)
            }
        }
    }
}
