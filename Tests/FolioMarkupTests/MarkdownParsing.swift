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

/// The front matter and blocks of `text` read as a string (`MarkdownReader.open(_:file:)`),
/// parsed in parts of at least `partBytes`.
func documentFromText(_ text: String, file: String, partBytes: Int = 64 << 10) throws -> (FrontMatter, [Block]) {
    let (document, blocks) = try MarkdownReader.open(text, file: file, partBytes: partBytes)
    var result: [Block] = []
    while let block = try blocks.next() { result.append(block) }
    return (document.frontMatter, result)
}

/// The same, `text` written to `file` and read from there: checked, then read `readSize`
/// bytes at a time as it is parsed in parts of at least `partBytes`.
func documentFromFile(_ text: String, file: String, readSize: Int, partBytes: Int = 64 << 10,
                      readAhead: Bool = false) throws -> (FrontMatter, [Block]) {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    let (document, blocks) = try MarkdownReader.open(path: file, readSize: readSize, partBytes: partBytes)
    if readAhead { blocks.readAheadInBackground(minimumBytes: 0) }
    var result: [Block] = []
    while let block = try blocks.next() { result.append(block) }
    return (document.frontMatter, result)
}
