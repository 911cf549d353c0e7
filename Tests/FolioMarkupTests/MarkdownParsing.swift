import CCmark
import Foundation
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
    let document = try tree.parseDocument(lines: 1..<(source.lineCount + 1))
    defer { cmark_node_free(document) }
    return try tree.blocks(in: document)
}

/// What reading a document gives, as the two ways of reading it are compared.
struct ReadDocument: Equatable {
    var frontMatter: FrontMatter
    var blocks: [Block]
    /// `MarkdownBlocks.bodyMayNeedWholeDocument` and `bodyLength`.
    var mayNeedWholeDocument: Bool
    var bodyLength: Int

    init(_ document: MarkdownDocument, _ reader: MarkdownBlocks) throws {
        frontMatter = document.frontMatter
        mayNeedWholeDocument = reader.bodyMayNeedWholeDocument
        bodyLength = reader.bodyLength
        blocks = []
        while let block = try reader.next() { blocks.append(block) }
    }
}

/// `text` read as a string (`MarkdownReader.open(_:file:)`), parsed in parts of at least
/// `partBytes`.
func documentFromText(_ text: String, file: String, partBytes: Int = 64 << 10) throws -> ReadDocument {
    let (document, blocks) = try MarkdownReader.open(text, file: file, partBytes: partBytes)
    return try ReadDocument(document, blocks)
}

/// The same, `text` written to `file` and read from there: checked, then read `readSize`
/// bytes at a time as it is parsed in parts of at least `partBytes`.
func documentFromFile(_ text: String, file: String, readSize: Int, partBytes: Int = 64 << 10,
                      readAhead: Bool = false) throws -> ReadDocument {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    let (document, blocks) = try MarkdownReader.open(path: file, readSize: readSize, partBytes: partBytes)
    if readAhead { blocks.readAheadInBackground(minimumBytes: 0) }
    return try ReadDocument(document, blocks)
}
