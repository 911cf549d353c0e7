/// The bytes Pango is given for a paragraph: the storage's, with what is not text made
/// harmless in place — each replacement the same length, so every offset still holds.
///
/// Control characters and noncharacters can come from any source (a template rule's
/// replacement, a data value, a field): Pango aborts on U+0000 and draws the others as
/// boxes reported as missing glyphs, and cairo refuses a noncharacter in a page's text.
enum ShapingText {
    /// `raw` with C0 controls (tab and line ends aside) and DEL as spaces, C1 controls as
    /// no-break spaces, and noncharacters (U+FDD0–U+FDEF, U+xFFFE, U+xFFFF) as U+FEFF,
    /// which sets nothing. The same array when there is nothing to replace.
    static func sanitized(_ raw: [UInt8]) -> [UInt8] {
        guard raw.withUnsafeBufferPointer({ bytes in
            var i = PrintableASCII.firstOther(in: bytes, from: 0)
            while i < bytes.count, !needsLook(bytes[i]) { i = PrintableASCII.firstOther(in: bytes, from: i + 1) }
            return i < bytes.count
        }) else { return raw }
        var text = raw
        var i = 0
        while i < text.count {
            let b = text[i]
            if b < 0x20 || b == 0x7F {
                if b != 0x09, b != 0x0A, b != 0x0D { text[i] = 0x20 }
                i += 1
            } else if b == 0xC2, i + 1 < text.count, (0x80...0x9F).contains(text[i + 1]) {
                text[i + 1] = 0xA0
                i += 2
            } else if b == 0xEF, i + 2 < text.count,
                      (text[i + 1] == 0xB7 && (0x90...0xAF).contains(text[i + 2])) || (text[i + 1] == 0xBF && text[i + 2] >= 0xBE) {
                text[i + 1] = 0xBB; text[i + 2] = 0xBF
                i += 3
            } else if b >= 0xF0, i + 3 < text.count, text[i + 1] & 0x0F == 0x0F, text[i + 2] == 0xBF, text[i + 3] >= 0xBE {
                // U+1FFFE … U+10FFFF's last two: a tag space (U+E0020), ignorable too.
                text[i] = 0xF3; text[i + 1] = 0xA0; text[i + 2] = 0x80; text[i + 3] = 0xA0
                i += 4
            } else {
                i += 1
            }
        }
        return text
    }

    private static func needsLook(_ b: UInt8) -> Bool {
        (b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D) || b == 0x7F || b == 0xC2 || b == 0xEF || b >= 0xF0
    }

    /// Calls `body` with each code point of UTF-8 `text` while it returns true; false when
    /// `body` stops it or the text holds a character past U+FFFF or malformed UTF-8 (the
    /// fast paths that walk text this way handle neither).
    @inline(__always)
    static func forEachBasicCodePoint(in text: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Bool) -> Bool {
        let n = text.count
        var i = 0
        while i < n {
            let b0 = Int(text[i])
            let cp: Int
            if b0 < 0x80 {
                cp = b0; i += 1
            } else if b0 & 0xE0 == 0xC0, i + 1 < n, text[i + 1] & 0xC0 == 0x80 {
                cp = (b0 & 0x1F) << 6 | Int(text[i + 1] & 0x3F); i += 2
            } else if b0 & 0xF0 == 0xE0, i + 2 < n, text[i + 1] & 0xC0 == 0x80, text[i + 2] & 0xC0 == 0x80 {
                cp = (b0 & 0x0F) << 12 | Int(text[i + 1] & 0x3F) << 6 | Int(text[i + 2] & 0x3F); i += 3
            } else {
                return false
            }
            guard body(cp) else { return false }
        }
        return true
    }
}
