import FolioLayout
import Foundation

/// Looks through a body's bytes, given whole or a piece at a time (pieces cut anywhere),
/// for anything that looks like it needs the whole document built before its first page is
/// set: a footnote, the contents, a page reference, an image, a floating block, a font
/// named in the text, a character reference or a link inside the document (see
/// `DocumentBuilder.streams`).
struct WholeDocumentScan {
    /// Whether something was found.
    private(set) var found = false
    /// The last bytes before the piece being scanned, for a marker cut by its start.
    private var tail: [UInt8] = []
    /// Before the piece being scanned: the last byte other than a space, tab or line end
    /// (0 before any), and how many line ends came after it.
    private var lastMark: UInt8 = 0
    private var lineEndsSince = 0

    // (A font named in the text, `{font=…}`, is looked for in the whole storage before the
    // render, to say whether it is installed.)
    private static let markers = ["[^", "^[", "{toc", "{page", "![", "font=", "float=", "wrap=", "&#", "&num", "\\#"]
        .map { Array($0.utf8) }
    /// Longer than any marker (and `<img`).
    private static let tailLength = 7
    /// What a `#` may follow to be a link's destination or an attribute's value: an opening
    /// parenthesis, `=`, a quote, a colon or `<`, with spaces and at most one line end
    /// between (a link's destination may start on the next line; a heading after a blank
    /// line is a heading).
    private static let openers: Set<UInt8> = [UInt8(ascii: "("), UInt8(ascii: "="), UInt8(ascii: "\""), UInt8(ascii: "'"),
                                              UInt8(ascii: ":"), UInt8(ascii: "<")]

    mutating func scan(_ piece: UnsafeBufferPointer<UInt8>) {
        guard !found, !piece.isEmpty else { return }
        if !tail.isEmpty {
            let join = tail + piece.prefix(Self.tailLength)
            if join.withUnsafeBufferPointer(Self.hasMarker) { found = true; return }
        }
        if Self.hasMarker(piece) || linksInside(piece) { found = true; return }
        // (Accumulated: a marker may span more than two short pieces.)
        tail = piece.count >= Self.tailLength ? Array(piece.suffix(Self.tailLength))
            : Array((tail + piece).suffix(Self.tailLength))
        // What the next piece's first `#` follows.
        var k = piece.count - 1, lineEnds = 0
        while k >= 0, Self.isSpace(piece[k]) {
            if piece[k] == 0x0A { lineEnds += 1 }
            k -= 1
        }
        if k >= 0 { lastMark = piece[k]; lineEndsSince = lineEnds } else { lineEndsSince += lineEnds }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// A marker, or an HTML image (`<img` in any case).
    private static func hasMarker(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var image = false
        UTF8Bytes.forEach(UInt8(ascii: "<"), in: bytes) { i in
            image = i + 3 < bytes.count && bytes[(i + 1)...(i + 3)].map { $0 | 0x20 }.elementsEqual("img".utf8)
            return !image
        }
        if image { return true }
        for needle in markers {
            var hit = false
            UTF8Bytes.forEach(needle[0], in: bytes) { i in
                hit = i + needle.count <= bytes.count && bytes[i..<(i + needle.count)].elementsEqual(needle)
                return !hit
            }
            if hit { return true }
        }
        return false
    }

    /// A `#` after an opener (see `openers`).
    private func linksInside(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var found = false
        UTF8Bytes.forEach(UInt8(ascii: "#"), in: bytes) { i in
            var k = i - 1, lineEnds = 0
            while k >= 0, Self.isSpace(bytes[k]) {
                if bytes[k] == 0x0A { lineEnds += 1 }
                if lineEnds > 1 { return true }
                k -= 1
            }
            if k >= 0 {
                found = Self.openers.contains(bytes[k])
            } else {
                found = lineEnds + lineEndsSince <= 1 && Self.openers.contains(lastMark)
            }
            return !found
        }
        return found
    }
}

extension DocumentBuilder {
    /// Whether `bytes` holds something that looks like a footnote, contents, a page
    /// reference, an image or a link inside the document (`WholeDocumentScan`).
    static func mayNeedWholeDocument(_ bytes: [UInt8]) -> Bool {
        var scan = WholeDocumentScan()
        bytes.withUnsafeBufferPointer { scan.scan($0) }
        return scan.found
    }
}
