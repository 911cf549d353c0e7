import CCmark
import FolioLayout

/// The body cut into parts that cmark parses alone exactly as it parses them together, so
/// that a long book is never held whole as cmark's tree (some ten bytes of nodes for each
/// byte of text): each part ends just before a top-level block, where cmark's own block
/// parse of the whole body says one starts.
///
/// That block parse is fed the body a piece at a time and frees each top-level block as
/// soon as a later one has closed it; it never builds the inline nodes (cmark makes them
/// only when the parse finishes), so it costs little memory and time. A part starting at a
/// top-level block starts the way a fresh parse starts: every block before it is closed.
///
/// The one thing cmark carries from one top-level block to another is the link reference
/// definitions, usable anywhere in the document: a body that may hold one is one part
/// (`MarkdownSource.parsesWhole`).
final class MarkdownParts {
    private let source: MarkdownSource
    private let minimumBytes: Int
    /// The block parse; nil when the body is one part or the parse has finished.
    private var parser: OpaquePointer?
    /// The hook that finds the block parse's document node (see `init`).
    private var hook: OpaquePointer?
    private let root = UnsafeMutablePointer<OpaquePointer?>.allocate(capacity: 1)
    /// The first line not yet fed to the block parse.
    private var fedLine = 1
    /// Lines where a top-level block starts, in order, from `nextStart` on not yet looked at.
    private var starts: [Int] = []
    private var nextStart = 0
    /// The first line of the next part.
    private var partLine = 1

    /// The parts of `source`, each (but the last) at least `minimumBytes` long.
    init(source: MarkdownSource, minimumBytes: Int) {
        self.source = source
        self.minimumBytes = minimumBytes
        root.initialize(to: nil)
        guard source.length > minimumBytes, !source.parsesWhole, let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return }
        guard let hook = cmark_syntax_extension_new("folio-root") else { cmark_parser_free(parser); return }
        // cmark gives no way to the document node before the parse finishes, but hands an
        // extension the container a line is in when no built-in block opens there (as on
        // a paragraph's lines): its root is the document.
        cmark_syntax_extension_set_private(hook, UnsafeMutableRawPointer(root), nil)
        cmark_syntax_extension_set_open_block_func(hook) { hook, _, _, container, _, _ in
            guard let slot = cmark_syntax_extension_get_private(hook)?.assumingMemoryBound(to: OpaquePointer?.self),
                  slot.pointee == nil, var node = container else { return nil }
            while let parent = cmark_node_parent(node) { node = parent }
            slot.pointee = node
            return nil
        }
        cmark_parser_attach_syntax_extension(parser, hook)
        self.parser = parser
        self.hook = hook
    }

    deinit {
        if let parser { cmark_parser_free(parser) }
        if let hook { cmark_syntax_extension_free(cmark_get_default_mem_allocator(), hook) }
        root.deallocate()
    }

    /// The next part's lines (1-based, a half-open range); nil after the last.
    func next() -> Range<Int>? {
        let lineCount = source.lineCount
        guard partLine <= lineCount else { return nil }
        let from = source.lineStart(partLine)
        while true {
            while nextStart < starts.count {
                let line = starts[nextStart]
                nextStart += 1
                // cmark drops a byte order mark that starts its input: never cut before one.
                let start = source.lineStart(line)
                let bom = source.parsedBytes(start..<(start + 3)).elementsEqual([0xEF, 0xBB, 0xBF])
                if line > partLine, start - from >= minimumBytes, !bom {
                    defer { partLine = line }
                    return partLine..<line
                }
            }
            starts.removeAll(keepingCapacity: true)
            nextStart = 0
            guard let parser else {
                defer { partLine = lineCount + 1 }
                return partLine..<(lineCount + 1)
            }
            read(parser)
        }
    }

    /// Feeds the block parse the next piece of the body (whole lines), or finishes it, and
    /// notes the top-level blocks it has started, freeing those it has closed.
    private func read(_ parser: OpaquePointer) {
        if fedLine <= source.lineCount {
            // Whole lines, through the one holding the piece's last byte.
            let from = source.lineStart(fedLine)
            let line = source.firstLine(after: fedLine, startingAtOrAfter: from + (64 << 10))
            source.parsedBytes(from..<source.lineStart(line)).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
                }
            }
            fedLine = line
            // Only the last top-level block can still be open.
            collect(keepingLast: true)
        } else {
            let document = CmarkTree.finish(parser)
            root.pointee = document
            collect(keepingLast: false)
            if let document { cmark_node_free(document) }
            root.pointee = nil
            cmark_parser_free(parser)
            self.parser = nil
        }
    }

    /// The last line noted as a top-level block's start.
    private var lastStart = 0

    private func collect(keepingLast: Bool) {
        guard let document = root.pointee else { return }
        var child = cmark_node_first_child(document)
        while let node = child {
            child = cmark_node_next(node)
            let line = Int(cmark_node_get_start_line(node))
            if line > lastStart {
                starts.append(line)
                lastStart = line
            }
            if child == nil && keepingLast { break }
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
    }

    /// How many top-level blocks the block parse holds (for tests); nil before it has
    /// found its document node and after it has finished.
    var blocksHeld: Int? {
        guard let document = root.pointee else { return nil }
        var count = 0
        var node = cmark_node_first_child(document)
        while let n = node { count += 1; node = cmark_node_next(n) }
        return count
    }
}
