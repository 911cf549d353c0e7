import Foundation

// Footnotes: GFM's `[^label]` with `[^label]: text`, and inline `^[text]`. Each reference
// becomes its number in the `footnote-mark` style; the note's text — the number again,
// then its paragraphs in the `footnote` style — is attached to the mark as a `Footnote`,
// which layout sets at the foot of the column the mark lands in.

/// What a footnote mark in the text refers to.
enum FootnoteSource: Hashable {
    /// GFM footnote `number` (cmark-gfm's numbering), defined later in the document.
    case definition(Int)
    /// The `index`-th inline note, built where it was written.
    case inline(Int)
}

/// The footnotes of one build: numbers given, marks placed, note texts built.
struct FootnoteState {
    /// The number the reader sees for each GFM footnote, given at its first reference.
    var numbers: [Int: Int] = [:]
    /// The last number given (numbering restarts per chapter when the template says so).
    var count = 0
    /// Each mark's range in the text, and its note.
    var marks: [(range: Range<Int>, source: FootnoteSource)] = []
    /// Inline notes' texts, by index.
    var inlineTexts: [AttributedText] = []
    /// GFM footnotes' texts, by cmark-gfm's number.
    var definitionTexts: [Int: AttributedText] = [:]
    /// How many notes' texts are being built around the text being built: a note in a
    /// note is not set at the foot (an inline one is kept inline, in parentheses).
    var depth = 0
}

extension BuildState {
    /// Sets the mark of GFM footnote `number` (the note's text comes with its definition).
    mutating func appendFootnoteReference(_ number: Int, base: TextAttributes) {
        if footnotes.depth > 0 {
            // In a note: the other note's number, as a mark that refers to nothing.
            if let shown = footnotes.numbers[number] { text.append(String(shown), attributes: styles.applying(characterStyle: "footnote-mark", to: base)) }
            return
        }
        let shown: Int
        if let known = footnotes.numbers[number] {
            shown = known
        } else {
            footnotes.count += 1
            shown = footnotes.count
            footnotes.numbers[number] = shown
        }
        appendFootnoteMark(shown, source: .definition(number), base: base)
    }

    /// Sets the mark of an inline note and builds its text.
    mutating func appendInlineNote(_ content: [Inline], base: TextAttributes) throws {
        if footnotes.depth > 0 {
            text.append(" (", attributes: base)
            try appendInlines(content, base: base)
            text.append(")", attributes: base)
            return
        }
        footnotes.count += 1
        let number = footnotes.count
        let index = footnotes.inlineTexts.count
        let style = try styles.paragraphStyle(named: "footnote", at: currentLocation)
        let note = try noteText(number: number) { state in
            try state.appendInlines(content, base: state.attributes(of: style))
            state.endParagraph(style.paragraph, style)
        }
        footnotes.inlineTexts.append(note)
        appendFootnoteMark(number, source: .inline(index), base: base)
    }

    private mutating func appendFootnoteMark(_ number: Int, source: FootnoteSource, base: TextAttributes) {
        let start = text.length
        var mark = styles.applying(characterStyle: "footnote-mark", to: base)
        // A mark is not a link, whatever it follows.
        mark.link = nil
        text.append(String(number), attributes: mark)
        footnotes.marks.append((start..<text.length, source))
    }

    /// Builds the text of GFM footnote `number` from its definition's blocks.
    mutating func buildFootnoteDefinition(_ number: Int, blocks: [Block]) throws {
        // Never referenced (cmark-gfm drops those) or defined twice: nothing to set.
        guard let shown = footnotes.numbers[number], footnotes.definitionTexts[number] == nil else { return }
        var context = BlockContext()
        context.inNote = true
        footnotes.definitionTexts[number] = try noteText(number: shown) { state in
            try state.build(blocks, context: context)
        }
    }

    /// A note's text: its number in the `footnote-mark` style and a space, then what
    /// `build` sets (into `text`, which is the note's meanwhile). What the note builds
    /// that belongs to the document — headings, ids, sections — is not kept.
    private mutating func noteText(number: Int, _ build: (inout BuildState) throws -> Void) throws -> AttributedText {
        footnotes.depth += 1
        defer { footnotes.depth -= 1 }
        var built = try capturing(build)
        built.removeFinalSeparator()
        let style = try styles.paragraphStyle(named: "footnote", at: currentLocation)
        var note = AttributedText()
        let base = attributes(of: style)
        note.append(String(number), attributes: styles.applying(characterStyle: "footnote-mark", to: base))
        note.append(" ", attributes: base)
        note.append(built)
        return note
    }

    /// Attaches each note to its mark and each floating block to its anchor, in one pass
    /// over the text.
    mutating func attachFootnotes() {
        guard !footnotes.marks.isEmpty || !floats.isEmpty else { return }
        // The text's final separator goes (`removeFinalSeparator`): a block anchored on it
        // takes the character before it instead.
        let bytes = text.bytes
        for k in floats.indices where floats[k].anchor.upperBound == bytes.count && floats[k].anchor.lowerBound > 0 {
            var start = floats[k].anchor.lowerBound - 1
            while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            floats[k].anchor = start..<floats[k].anchor.lowerBound
        }
        // Blocks one after another with no text between share an anchor: they float as one,
        // in order, placed as the first asks.
        var grouped: [(anchor: Range<Int>, block: FloatingBlock)] = []
        for float in floats {
            if let last = grouped.last, last.anchor == float.anchor {
                var text = last.block.text
                text.append(float.block.text)
                grouped[grouped.count - 1].block = FloatingBlock(text, placement: last.block.placement)
            } else {
                grouped.append(float)
            }
        }
        var spans: [(range: Range<Int>, attributes: TextAttributes)] = grouped.map { ($0.anchor, TextAttributes(floatingBlock: $0.block)) }
        var notes: [FootnoteSource: Footnote] = [:]
        for mark in footnotes.marks {
            let note: Footnote
            if let made = notes[mark.source] {
                note = made
            } else {
                let text: AttributedText?
                switch mark.source {
                case .definition(let n): text = footnotes.definitionTexts[n]
                case .inline(let i): text = footnotes.inlineTexts[i]
                }
                guard let text else { continue }
                note = Footnote(text)
                notes[mark.source] = note
            }
            spans.append((mark.range, TextAttributes(footnote: note)))
        }
        // Two blocks after one paragraph share its separator.
        spans.sort { $0.range.lowerBound < $1.range.lowerBound }
        var merged: [(range: Range<Int>, attributes: TextAttributes)] = []
        for span in spans {
            // A block anchored on a note's mark: both attributes.
            if let last = merged.last, last.range == span.range {
                merged[merged.count - 1].attributes = last.attributes.merging(span.attributes)
                continue
            }
            merged.append(span)
        }
        text.addAttributes(merged)
    }
}
