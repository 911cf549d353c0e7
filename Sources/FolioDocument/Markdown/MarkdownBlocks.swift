import CCmark
import Dispatch
import Foundation

/// The top-level blocks of a Markdown body, converted from cmark's tree one at a time as
/// they are asked for, each block's nodes freed once converted, and the body parsed a part
/// at a time (cut before headings): a long book is never held whole as a tree, in C or in
/// Swift. cmark's nodes take some ten bytes for each byte of text.
final class MarkdownBlocks {
    private let parser: BlockParser
    private var readAhead: ReadAhead?

    /// Blocks of `source`, parsed in parts of at least `minimumPartBytes`.
    init(source: MarkdownSource, minimumPartBytes: Int = 64 << 10) {
        parser = BlockParser(tree: CmarkTree(source: source),
                             parts: MarkdownBlocks.parts(of: source, minimumBytes: minimumPartBytes))
    }

    deinit { readAhead?.stop() }

    /// The next block, with a style line before it applied and a heading's id assigned;
    /// nil after the last.
    func next() throws -> Block? {
        if let readAhead { return try readAhead.next() }
        return try parser.next()
    }

    /// From now on, blocks are parsed and converted on a thread of their own, a few
    /// hundred ahead of the caller, who styles them meanwhile.
    func readAheadInBackground() {
        guard readAhead == nil else { return }
        readAhead = ReadAhead(parser)
    }

    /// The body's lines (1-based ranges) in parts that parse the same alone as together:
    /// a part ends before an ATX heading or a line starting with a letter or `_` at the
    /// margin, after a blank line and outside fenced code, once it holds `minimumBytes`.
    /// A body with link reference definitions (a link may use one from another part) or
    /// HTML blocks (some run past blank lines) is one part.
    static func parts(of source: MarkdownSource, minimumBytes: Int) -> [Range<Int>] {
        let bytes = source.parserInput, starts = source.lineStarts
        let lineCount = starts.count
        guard lineCount > 0 else { return [] }
        var parts: [Range<Int>] = []
        var partStart = 1
        var fence: (byte: UInt8, length: Int)? = nil
        var previousBlank = true
        for line in 1...lineCount {
            let lo = starts[line - 1], hi = line < lineCount ? starts[line] : bytes.count
            var i = lo
            while i < hi, i - lo < 4, bytes[i] == 0x20 { i += 1 }
            let indent = i - lo
            let first: UInt8? = i < hi && bytes[i] != 0x0A && bytes[i] != 0x0D ? bytes[i] : nil
            defer { previousBlank = first == nil || bytes[i..<hi].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } }
            guard let c = first, indent < 4 else { continue }
            var run = 0
            while i + run < hi, bytes[i + run] == c { run += 1 }
            if let open = fence {
                if c == open.byte, run >= open.length,
                   bytes[(i + run)..<hi].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { fence = nil }
                continue
            }
            if (c == UInt8(ascii: "`") || c == UInt8(ascii: "~")) && run >= 3 { fence = (c, run); continue }
            if c == UInt8(ascii: "<") { return [1..<(lineCount + 1)] }
            if c == UInt8(ascii: "["), bytes[i..<hi].firstRange(of: [0x5D, 0x3A]) != nil { return [1..<(lineCount + 1)] }
            let heading = c == UInt8(ascii: "#") && run <= 6 && (i + run >= hi || [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i + run]))
            // A paragraph starting at the margin after a blank line ends any list, quote or
            // indented code before it; a letter or `_` cannot start a list item.
            let paragraph = (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") || c == UInt8(ascii: "_")
            if heading || paragraph, indent == 0, previousBlank, lo - starts[partStart - 1] >= minimumBytes {
                parts.append(partStart..<line)
                partStart = line
            }
        }
        parts.append(partStart..<(lineCount + 1))
        return parts
    }
}

/// cmark's parse of the body, a part at a time, and the conversion of its top-level nodes.
private final class BlockParser: @unchecked Sendable {
    private var tree: CmarkTree
    private var parts: [Range<Int>]
    private var document: OpaquePointer?
    private var pending: CmarkTree.PendingStyle?

    init(tree: CmarkTree, parts: [Range<Int>]) {
        self.tree = tree
        self.parts = parts
    }

    deinit { if let document { cmark_node_free(document) } }

    func next() throws -> Block? {
        while true {
            if document == nil {
                guard !parts.isEmpty else {
                    try tree.checkNothingPending(pending)
                    return nil
                }
                document = try tree.parseDocument(lines: parts.removeFirst())
            }
            while let node = cmark_node_first_child(document) {
                let block = try tree.take(node, pending: &pending)
                cmark_node_unlink(node)
                cmark_node_free(node)
                if let block { return block }
            }
            cmark_node_free(document)
            document = nil
        }
    }
}

/// Runs a parser on its own thread, keeping at most `limit` converted blocks (or the error
/// that stopped it) waiting for the reader.
private final class ReadAhead: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [Result<Block?, Error>] = []
    private var head = 0
    private var stopped = false
    /// The parser has given its last block (or an error).
    private var finished = false
    private let limit = 256
    private let done = DispatchSemaphore(value: 0)

    init(_ parser: BlockParser) {
        let thread = Thread { [self] in
            defer { done.signal() }
            while true {
                condition.lock()
                while queue.count - head >= limit && !stopped { condition.wait() }
                let stop = stopped
                condition.unlock()
                if stop { return }
                let result = Result { try parser.next() }
                var more = false
                if case .success(.some) = result { more = true }
                condition.lock()
                queue.append(result)
                finished = !more
                condition.broadcast()
                condition.unlock()
                if !more { return }
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    func next() throws -> Block? {
        condition.lock()
        while head == queue.count && !finished { condition.wait() }
        guard head < queue.count else {
            condition.unlock()
            return nil
        }
        let result = queue[head]
        head += 1
        if head >= 64 {
            queue.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        condition.unlock()
        return try result.get()
    }

    /// Stops the thread (after the block it is on) and waits for it.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
        done.wait()
    }
}
