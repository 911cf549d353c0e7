import Foundation

/// Turns byte offsets in a line of Markdown into character counts, remembering how far
/// along the line it has counted: positions are asked for mostly in order, so a line of
/// thousands of spans is counted once, not once per span.
final class LineColumns: @unchecked Sendable {
    private let lock = NSLock()
    private var line = 0
    private var byte = 0
    private var counted = 0

    /// The number of characters (as `String.count` counts them) in the first `byteOffset`
    /// bytes of `line` (1-based) of `source`.
    func characters(before byteOffset: Int, line: Int, source: MarkdownSource) -> Int {
        let start = source.lineStart(line)
        let end = source.lineStart(line + 1)
        let target = min(max(byteOffset, 0), end - start)
        return lock.withLock {
            if self.line != line || target < byte { self.line = line; byte = 0; counted = 0 }
            let slice = source.writtenBytes((start + byte)..<(start + target))
            counted += slice.contains(where: { $0 >= 0x80 }) ? String(decoding: slice, as: UTF8.self).count : slice.count
            byte = target
            return counted
        }
    }
}
