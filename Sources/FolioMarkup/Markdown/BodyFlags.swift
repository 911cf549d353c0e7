import FolioLayout

/// What the parse must know of a Markdown body before it reads the first part: counted in
/// one pass over its bytes, given whole or a piece at a time (`MarkdownFileScan`), pieces
/// cut anywhere.
struct BodyFlags {
    /// Line feeds (the body has one line more).
    private(set) var lineFeeds = 0
    /// A backslash before `[`, `]`, `{` or `}` (`MarkdownSource` protects those escapes).
    private(set) var hasEscapes = false
    /// One of the C1 controls U+0091–U+0094, which the protection uses (it is then off).
    private(set) var hasControls = false
    /// `]:`, which every link reference definition has.
    private(set) var mayDefineReferences = false
    /// A carriage return not followed by a line feed.
    private(set) var hasLoneCarriageReturn = false
    /// Whether to look for what needs the whole document built first (`wholeDocument`).
    var scansWholeDocument = true
    private(set) var wholeDocument = WholeDocumentScan()
    /// The last byte of the previous piece (0 before the first).
    private var previous: UInt8 = 0

    mutating func scan(_ piece: UnsafeBufferPointer<UInt8>) {
        guard let first = piece.first, let bytes = piece.baseAddress else { return }
        // Pairs cut by the previous piece's end.
        pair(previous, first)
        UTF8Bytes.forEach(0x0A, in: piece) { _ in lineFeeds += 1; return true }
        if !hasEscapes { hasEscapes = Self.find(0x5C, in: piece, before: Self.isProtectable) }
        if !hasControls { hasControls = Self.find(0xC2, in: piece) { (0x91...0x94).contains($0) } }
        if !mayDefineReferences {
            // `]:` sought by its colon: one in far fewer bytes than `]` in brackets.
            UTF8Bytes.forEach(0x3A, in: piece) { i in
                mayDefineReferences = i > 0 && bytes[i - 1] == 0x5D
                return !mayDefineReferences
            }
        }
        if !hasLoneCarriageReturn { hasLoneCarriageReturn = Self.find(0x0D, in: piece) { $0 != 0x0A } }
        if scansWholeDocument { wholeDocument.scan(piece) }
        previous = piece[piece.count - 1]
    }

    /// Ends the scan: a carriage return may end the body.
    mutating func finish() {
        if previous == 0x0D { hasLoneCarriageReturn = true }
    }

    private mutating func pair(_ a: UInt8, _ b: UInt8) {
        if a == 0x5C, Self.isProtectable(b) { hasEscapes = true }
        if a == 0xC2, (0x91...0x94).contains(b) { hasControls = true }
        if a == 0x5D, b == 0x3A { mayDefineReferences = true }
        if a == 0x0D, b != 0x0A { hasLoneCarriageReturn = true }
    }

    private static func isProtectable(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
    }

    /// Whether some `byte` in `piece` is followed by a byte that `matches` (one that ends the
    /// piece is paired with the next piece's first by `pair`).
    private static func find(_ byte: UInt8, in piece: UnsafeBufferPointer<UInt8>, before matches: (UInt8) -> Bool) -> Bool {
        var found = false
        UTF8Bytes.forEach(byte, in: piece) { i in
            found = i + 1 < piece.count && matches(piece[i + 1])
            return !found
        }
        return found
    }
}
