import Foundation

/// Names the hidden file an output is written to before it is renamed over its target:
/// `.<name>.tmp-<pid>-<n>` in the target's folder (same file system, so the rename is
/// atomic). The counter keeps two outputs of one process apart.
enum TemporaryPath {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var counter = 0

    static func next(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let n: Int = lock.withLock { counter += 1; return counter }
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())-\(n)").path
    }
}
