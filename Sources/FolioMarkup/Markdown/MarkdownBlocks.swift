import CCmark
import Dispatch
import Foundation

/// The top-level blocks of a Markdown body, converted from cmark's tree one at a time as
/// they are asked for, each block's nodes freed once converted, and the body parsed a part
/// at a time where cmark's own block parse says a top-level block starts (`MarkdownParts`):
/// a long book is never held whole as a tree, in C or in Swift. cmark's nodes take some
/// ten bytes for each byte of text.
package final class MarkdownBlocks {
    private let parser: BlockParser
    private var readAhead: ReadAhead?
    /// The body's length in bytes.
    private let bodyBytes: Int
    /// A body shorter than this is read on the caller's thread even when asked to read
    /// ahead: starting a thread and handing it each block costs more than parsing it (a
    /// mail merge reads one short body per record).
    static let readAheadMinimumBytes = 16 << 10

    /// Blocks of `source`, parsed in parts of at least `minimumPartBytes`.
    init(source: MarkdownSource, minimumPartBytes: Int = 64 << 10) {
        bodyBytes = source.original.count
        parser = BlockParser(tree: CmarkTree(source: source),
                             parts: MarkdownParts(source: source, minimumBytes: minimumPartBytes))
    }

    deinit { readAhead?.stop() }

    /// The next block, with a style line before it applied and a heading's id assigned;
    /// nil after the last.
    func next() throws -> Block? {
        if let readAhead { return try readAhead.next() }
        return try parser.next()
    }

    /// From now on, the body is parsed and its blocks converted on a thread of their own, a
    /// few hundred ahead of the caller, who styles them meanwhile (unless the body is
    /// shorter than `minimumBytes`).
    func readAheadInBackground(minimumBytes: Int = MarkdownBlocks.readAheadMinimumBytes) {
        guard readAhead == nil, bodyBytes >= minimumBytes else { return }
        readAhead = ReadAhead(parser)
    }

    /// How many top-level nodes of the part being read are still held in cmark's tree
    /// (not yet converted and freed); nil between parts and after the last block. For
    /// tests: call it only when not reading ahead.
    var nodesLeft: Int? { parser.nodesLeft }
}

/// cmark's parse of the body, a part at a time, and the conversion of its top-level nodes,
/// each freed once converted.
private final class BlockParser: @unchecked Sendable {
    private var tree: CmarkTree
    private let parts: MarkdownParts
    private var document: OpaquePointer?
    private var pending: CmarkTree.PendingStyle?
    /// The last block was given, or an error: nothing follows.
    private var done = false

    init(tree: CmarkTree, parts: MarkdownParts) {
        self.tree = tree
        self.parts = parts
    }

    deinit { if let document { cmark_node_free(document) } }

    func next() throws -> Block? {
        guard !done else { return nil }
        do {
            while true {
                if document == nil {
                    guard let lines = parts.next() else {
                        done = true
                        try tree.checkNothingPending(pending)
                        return nil
                    }
                    document = try tree.parseDocument(lines: lines, lineStarts: parts.lineStarts)
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
        } catch {
            done = true
            if let document { cmark_node_free(document) }
            document = nil
            throw error
        }
    }

    var nodesLeft: Int? {
        guard let document else { return nil }
        var count = 0
        var node = cmark_node_first_child(document)
        while let n = node { count += 1; node = cmark_node_next(n) }
        return count
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
