import CCmark
import Dispatch
import Foundation

/// The top-level blocks of a Markdown body, converted from cmark's tree one at a time as
/// they are asked for, each block's nodes freed once converted, and the body parsed a part
/// at a time (cut before headings): a long book is never held whole as a tree, in C or in
/// Swift. cmark's nodes take some ten bytes for each byte of text.
package final class MarkdownBlocks {
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
    ///
    /// Where this line-by-line look could be wrong the body is one part: a link reference
    /// definition may be used from another part (any line with `]:` counts), and a fence or
    /// HTML inside a list item or quote hides what is code from a scan that does not
    /// follow containers.
    static func parts(of source: MarkdownSource, minimumBytes: Int) -> [Range<Int>] {
        let bytes = source.parserInput, starts = source.lineStarts
        let lineCount = starts.count
        guard lineCount > 0 else { return [] }
        let whole = [1..<(lineCount + 1)]
        var parts: [Range<Int>] = []
        var partStart = 1
        var fence: (byte: UInt8, length: Int)? = nil
        var previousBlank = true
        for line in 1...lineCount {
            let lo = starts[line - 1], hi = line < lineCount ? starts[line] : bytes.count
            if bytes[lo..<hi].firstRange(of: [0x5D, 0x3A]) != nil { return whole }
            var i = lo
            while i < hi, i - lo < 4, bytes[i] == 0x20 { i += 1 }
            let indent = i - lo
            let first: UInt8? = i < hi && bytes[i] != 0x0A && bytes[i] != 0x0D ? bytes[i] : nil
            defer { previousBlank = first == nil || bytes[i..<hi].allSatisfy(isSpace) }
            guard let c = first, indent < 4 else { continue }
            var run = 0
            while i + run < hi, bytes[i + run] == c { run += 1 }
            if let open = fence {
                if c == open.byte, run >= open.length, bytes[(i + run)..<hi].allSatisfy(isSpace) { fence = nil }
                continue
            }
            if (c == UInt8(ascii: "`") || c == UInt8(ascii: "~")) && run >= 3 {
                // A backtick fence's info string holds no backtick; else it is no fence.
                if c == UInt8(ascii: "~") || !bytes[(i + run)..<hi].contains(c) { fence = (c, run) }
                continue
            }
            if c == UInt8(ascii: "<") { return whole }
            if MarkdownBlocks.startsFenceOrHTMLInContainer(bytes, from: i, to: hi) { return whole }
            let heading = c == UInt8(ascii: "#") && run <= 6 && (i + run >= hi || isSpace(bytes[i + run]))
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

    /// Space, tab or a line end.
    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// Whether the line from `i` opens quotes or list items (`>`, `-`, `*`, `+`, `1.`,
    /// `1)`) and then a fence or HTML.
    private static func startsFenceOrHTMLInContainer(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        var i = start, markers = 0
        func isBlank(_ k: Int) -> Bool { k >= end || isSpace(bytes[k]) }
        while i < end {
            while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
            guard i < end else { return false }
            let b = bytes[i]
            if b == UInt8(ascii: ">") {
                i += 1; markers += 1
            } else if b == UInt8(ascii: "-") || b == UInt8(ascii: "*") || b == UInt8(ascii: "+"), isBlank(i + 1) {
                i += 1; markers += 1
            } else if b >= 0x30 && b <= 0x39 {
                var k = i
                while k < end, k - i < 9, bytes[k] >= 0x30 && bytes[k] <= 0x39 { k += 1 }
                guard k < end, bytes[k] == UInt8(ascii: ".") || bytes[k] == UInt8(ascii: ")"), isBlank(k + 1) else { return false }
                i = k + 1; markers += 1
            } else {
                guard markers > 0 else { return false }
                if b == UInt8(ascii: "<") { return true }
                guard b == UInt8(ascii: "`") || b == UInt8(ascii: "~") else { return false }
                var run = 0
                while i + run < end, bytes[i + run] == b { run += 1 }
                return run >= 3
            }
        }
        return false
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
