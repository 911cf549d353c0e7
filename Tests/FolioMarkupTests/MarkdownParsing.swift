import CCmark
@testable import FolioMarkup

// The two ways of reading a Markdown body that tests compare.

/// The blocks as `MarkdownBlocks` streams them, each node freed once converted, the body
/// parsed in parts of at least `partBytes`.
func streamedBlocks(_ text: String, file: String = "doc.md", partBytes: Int = 64 << 10,
                    readAhead: Bool = false) throws -> [Block] {
    let reader = MarkdownBlocks(source: MarkdownSource(file: file, text: text), minimumPartBytes: partBytes)
    if readAhead { reader.readAheadInBackground(minimumBytes: 0) }
    var result: [Block] = []
    while let block = try reader.next() { result.append(block) }
    return result
}

/// The blocks of the whole tree converted at once, nothing freed until the end.
func wholeBlocks(_ text: String, file: String = "doc.md") throws -> [Block] {
    let source = MarkdownSource(file: file, text: text)
    var tree = CmarkTree(source: source)
    let document = try tree.parseDocument(lines: 1..<(source.lineStarts.count + 1), lineStarts: source.lineStarts)
    defer { cmark_node_free(document) }
    return try tree.blocks(in: document)
}
