import CCmark
import Dispatch
import Foundation

/// The top-level blocks of a Markdown body, converted from cmark's tree one at a time as
/// they are asked for. The body is parsed whole, once, by cmark-gfm (reference definitions
/// anywhere, fences and HTML in any container: the parser of record decides), and each
/// top-level node is unlinked and freed as soon as it is converted, so the C tree (some ten
/// bytes for each byte of text) shrinks while the styled storage grows instead of being
/// held beside it.
final class MarkdownBlocks {
    private let parser: BlockParser
    private var readAhead: ReadAhead?

    /// Blocks of `source`; it is parsed at the first `next()`.
    init(source: MarkdownSource) {
        parser = BlockParser(tree: CmarkTree(source: source))
    }

    deinit { readAhead?.stop() }

    /// The next block, with a style line before it applied and a heading's id assigned;
    /// nil after the last.
    func next() throws -> Block? {
        if let readAhead { return try readAhead.next() }
        return try parser.next()
    }

    /// From now on, the body is parsed and its blocks converted on a thread of their own, a
    /// few hundred ahead of the caller, who styles them meanwhile.
    func readAheadInBackground() {
        guard readAhead == nil else { return }
        readAhead = ReadAhead(parser)
    }

    /// How many top-level nodes of cmark's tree are still held (not yet converted and
    /// freed); nil before the parse and after the last block. For tests: call it only
    /// when not reading ahead.
    var nodesLeft: Int? { parser.nodesLeft }
}

/// cmark's parse of the body, and the conversion of its top-level nodes, each freed once
/// converted.
private final class BlockParser: @unchecked Sendable {
    private var tree: CmarkTree
    private var document: OpaquePointer?
    /// The body has been parsed (and maybe read to its end or to an error).
    private var parsed = false
    private var pending: CmarkTree.PendingStyle?

    init(tree: CmarkTree) { self.tree = tree }

    deinit { if let document { cmark_node_free(document) } }

    func next() throws -> Block? {
        if !parsed {
            parsed = true
            document = try tree.parseDocument()
        }
        guard let document else { return nil }
        do {
            while let node = cmark_node_first_child(document) {
                let block = try tree.take(node, pending: &pending)
                cmark_node_unlink(node)
                cmark_node_free(node)
                if let block { return block }
            }
            try tree.checkNothingPending(pending)
        } catch {
            finish()
            throw error
        }
        finish()
        return nil
    }

    /// Frees what is left of the tree: nothing follows the last block or an error.
    private func finish() {
        if let document { cmark_node_free(document) }
        document = nil
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
