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

    /// The body, read as it is parsed.
    private let source: MarkdownSource

    /// The body's length in bytes.
    package var bodyLength: Int { bodyBytes }

    /// Whether the body holds anything that needs the whole document built before its
    /// first page is set (`DocumentBuilder.streams`).
    package var bodyMayNeedWholeDocument: Bool { source.mayNeedWholeDocument }

    /// Blocks of `source`, parsed in parts of at least `minimumPartBytes`.
    init(source: MarkdownSource, minimumPartBytes: Int = 64 << 10) {
        bodyBytes = source.length
        self.source = source
        parser = BlockParser(tree: CmarkTree(source: source),
                             parts: MarkdownParts(source: source, minimumBytes: minimumPartBytes))
    }

    deinit { readAhead?.stop() }

    /// Whether a long pipe table (`TableSlices`) comes as it is read: its block with the
    /// first slice of rows and `TableContent.rowsFollow`, its further rows from
    /// `nextTableRows()`. Otherwise (the default) `next()` gives the whole table, its rows
    /// all held at once.
    package var streamsTableRows = false
    /// A piece read to see whether it was a table's rows, not yet given.
    private var peeked: BlockPiece?

    /// The next block, with a style line before it applied and a heading's id assigned;
    /// nil after the last.
    func next() throws -> Block? {
        while let piece = try nextPiece() {
            // Rows of a streamed table its reader stopped asking for are passed over.
            guard case .block(var block) = piece else { continue }
            if !streamsTableRows, case .table(var content) = block.kind, content.rowsFollow {
                while content.rowsFollow, let more = try nextTableRows() {
                    content.rows += more.rows
                    content.rowLocations += more.rowLocations
                    content.rowsFollow = more.rowsFollow
                }
                content.rowsFollow = false
                block.kind = .table(content)
            }
            return block
        }
        return nil
    }

    /// The next slice of the long table `next()` gave last (with `TableContent.rowsFollow`):
    /// its rows and their places, `rowsFollow` set on all but the last slice; nil when no
    /// rows come next.
    func nextTableRows() throws -> TableContent? {
        guard let piece = try nextPiece() else { return nil }
        guard case .rows(let rows) = piece else {
            peeked = piece
            return nil
        }
        return rows
    }

    private func nextPiece() throws -> BlockPiece? {
        if let piece = peeked {
            peeked = nil
            return piece
        }
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

    /// How many bytes of the body are held (for tests: call it only when not reading ahead).
    var sourceBytesHeld: Int { source.bytesHeld }
}

/// What the parser gives: a block, or a further slice of a long table's rows.
enum BlockPiece {
    case block(Block)
    case rows(TableContent)

    /// Its share of the read-ahead queue: a slice of rows holds as much as many blocks.
    var weight: Int {
        if case .rows = self { return 64 }
        return 1
    }
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

    /// A long pipe table being read slice by slice (`TableSlices`): its slices, the part
    /// after its first slice, and whether its block (with the first slice) was given.
    private var table: (slices: TableSlices, rest: Range<Int>, given: Bool)?
    /// Lines of the part after a sliced table.
    private var afterTable: Range<Int>?
    /// The first line of the part being read.
    private var partStart = 1

    func next() throws -> BlockPiece? {
        guard !done else { return nil }
        do {
            while true {
                if document == nil {
                    if let held = table {
                        guard held.given else {
                            // The first slice did not end in a table after all: read the
                            // rest as it comes.
                            afterTable = held.rest
                            table = nil
                            continue
                        }
                        if let slice = table?.slices.next() {
                            let last = table?.slices.isAtEnd ?? true
                            return .rows(try rows(of: slice, prefix: held.slices.prefix, last: last))
                        }
                        table = nil
                    }
                    var lines: Range<Int>
                    if let rest = afterTable { lines = rest; afterTable = nil } else {
                        let next = parts.next()
                        // The file read to its end, where its length and line count are
                        // checked: a file that changed while it was read fails the parse.
                        if next == nil { tree.source.readToEnd() }
                        if let error = tree.source.readError { throw error }
                        guard let next else {
                            done = true
                            try tree.checkNothingPending(pending)
                            return nil
                        }
                        // The part before the last may still be looked at (a style line
                        // above a table's header); the lines before it are done with.
                        tree.source.release(before: partStart)
                        partStart = next.lowerBound
                        lines = next
                    }
                    if let slices = TableSlices(in: lines, source: tree.source) {
                        // The part holds a long table: parse it up to its first slice's end;
                        // the other slices follow, each parsed after the table's header.
                        table = (slices, slices.firstEnd..<lines.upperBound, false)
                        afterTable = slices.after
                        lines = lines.lowerBound..<slices.firstEnd
                    }
                    document = try tree.parseDocument(lines: lines)
                    if let error = tree.source.readError { throw error }
                }
                while let node = cmark_node_first_child(document) {
                    let converted = try tree.take(node, pending: &pending)
                    let last = cmark_node_next(node) == nil
                    cmark_node_unlink(node)
                    cmark_node_free(node)
                    guard var block = converted else { continue }
                    if last, table != nil, case .table(var content) = block.kind {
                        // The table's first slice: its other rows follow, a slice at a time.
                        table?.given = true
                        content.rowsFollow = true
                        content.announcedRowCount = table?.slices.rowCount
                        block.kind = .table(content)
                    }
                    return .block(block)
                }
                cmark_node_free(document)
                document = nil
            }
        } catch {
            done = true
            if let document { cmark_node_free(document) }
            document = nil
            // A fault in text cut short by a file that changed is that change's.
            throw tree.source.readError ?? error
        }
    }

    /// One slice of the long table's rows, parsed after the table's header rows.
    private func rows(of slice: Range<Int>, prefix: [Int], last: Bool) throws -> TableContent {
        let document = try tree.parseDocument(prefix: prefix, lines: slice)
        defer { cmark_node_free(document) }
        var none: CmarkTree.PendingStyle? = nil
        var content = TableContent(alignments: [], rows: [])
        if let node = cmark_node_first_child(document), let block = try tree.take(node, pending: &none),
           case .table(let read) = block.kind {
            content.rows = Array(read.rows.dropFirst())
            content.rowLocations = Array(read.rowLocations.dropFirst())
        }
        content.rowsFollow = !last
        return content
    }

    var nodesLeft: Int? {
        guard let document else { return nil }
        var count = 0
        var node = cmark_node_first_child(document)
        while let n = node { count += 1; node = cmark_node_next(n) }
        return count
    }
}

/// Runs a parser on its own thread, keeping converted pieces of at most `limit` weight (or
/// the error that stopped it) waiting for the reader.
private final class ReadAhead: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [Result<BlockPiece?, Error>] = []
    private var head = 0
    /// The weight of the pieces waiting (`BlockPiece.weight`).
    private var waiting = 0
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
                // Full, it waits until the reader has taken half: woken for each piece
                // taken, the two threads would trade the core a block at a time.
                if waiting >= limit { while waiting > limit / 2 && !stopped { condition.wait() } }
                let stop = stopped
                condition.unlock()
                if stop { return }
                let result = Result { try parser.next() }
                var more = false
                if case .success(.some) = result { more = true }
                condition.lock()
                queue.append(result)
                if case .success(let piece?) = result { waiting += piece.weight }
                finished = !more
                condition.broadcast()
                condition.unlock()
                if !more { return }
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    func next() throws -> BlockPiece? {
        condition.lock()
        while head == queue.count && !finished { condition.wait() }
        guard head < queue.count else {
            condition.unlock()
            return nil
        }
        let result = queue[head]
        head += 1
        let before = waiting
        if case .success(let piece?) = result { waiting -= piece.weight }
        if head >= 64 {
            queue.removeFirst(head)
            head = 0
        }
        // The parser, if it waits, waits for the queue to be half empty.
        if before > limit / 2 && waiting <= limit / 2 { condition.broadcast() }
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

/// A long pipe table in a part, cut into slices of rows: cmark's tree of a table takes some
/// forty bytes for each byte of its text, so a table of many thousand rows is parsed a
/// slice at a time, each slice after the table's header and delimiter rows (and read back
/// into the one table).
struct TableSlices {
    /// Rows a slice holds.
    static let rowsPerSlice = 512
    /// The header and delimiter rows' lines.
    let prefix: [Int]
    /// The table's rows, the header included.
    let rowCount: Int
    /// Where the first slice (the part up to it) ends.
    let firstEnd: Int
    /// The lines of the part after the table, if any.
    let after: Range<Int>?
    private var slices: [Range<Int>]
    private var index = 0

    /// The slices of the first long table at the top level of `lines`; nil when there is none.
    init?(in lines: Range<Int>, source: MarkdownSource, minimumRows: Int = 2 * TableSlices.rowsPerSlice) {
        func text(_ line: Int) -> ArraySlice<UInt8> { source.lineBytes(line, parsed: true) }
        func isRow(_ line: Int) -> Bool {
            let t = text(line)
            return t.first == UInt8(ascii: "|") && t.contains(UInt8(ascii: "|"))
        }
        func isBlank(_ line: Int) -> Bool { text(line).allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } }
        func isStyleLine(_ line: Int) -> Bool {
            let t = text(line).filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
            return t.first == UInt8(ascii: "{") && t.last == UInt8(ascii: "}")
        }
        /// A line opening or closing a code fence (``` or ~~~, indented at most 3 spaces).
        func fence(_ line: Int) -> UInt8? {
            let t = text(line).drop { $0 == 0x20 }
            guard t.count >= 3, text(line).count - t.count <= 3, let c = t.first, c == 0x60 || c == 0x7E,
                  t.prefix(3).allSatisfy({ $0 == c }) else { return nil }
            return c
        }
        // Only worth looking in a part long enough to hold such a table.
        guard lines.count > minimumRows else { return nil }
        var openFence: UInt8?
        var line = lines.lowerBound
        while line < lines.upperBound {
            if let f = fence(line) {
                if openFence == nil { openFence = f } else if openFence == f { openFence = nil }
                line += 1
                continue
            }
            // Sliced only where the block structure is plain: a table at the top level, out
            // of code, after a blank line (or a style line after one), ending at a blank
            // line or the part's end. Anything else is parsed whole, as before.
            let header = line
            let above = header - 1
            let startsBlock = header == lines.lowerBound || isBlank(above)
                || (isStyleLine(above) && (above == lines.lowerBound || isBlank(above - 1)))
            if openFence == nil, header + 1 < lines.upperBound, isRow(header), source.isTableDelimiterRow(header + 1), startsBlock {
                let delimiter = header + 1
                var end = delimiter + 1
                while end < lines.upperBound, isRow(end) { end += 1 }
                let closes = end == lines.upperBound || isBlank(end)
                if closes, end - delimiter - 1 >= minimumRows {
                    let line = delimiter
                    prefix = [line - 1, line]
                    rowCount = end - delimiter
                    firstEnd = line + 1 + Self.rowsPerSlice
                    var slices: [Range<Int>] = []
                    var start = firstEnd
                    while start < end {
                        slices.append(start..<min(end, start + Self.rowsPerSlice))
                        start += Self.rowsPerSlice
                    }
                    self.slices = slices
                    after = end < lines.upperBound ? end..<lines.upperBound : nil
                    return
                }
                line = end
                continue
            }
            line += 1
        }
        return nil
    }

    /// Whether every slice was given.
    var isAtEnd: Bool { index >= slices.count }

    /// The next slice's lines; nil after the last.
    mutating func next() -> Range<Int>? {
        guard index < slices.count else { return nil }
        defer { index += 1 }
        return slices[index]
    }
}
