import Foundation

/// A heading as the page layer needs it: where it starts, its level, its text and id.
public struct HeadingMark: Hashable, Sendable {
    /// Storage offset (UTF-8 bytes) where the heading's paragraph starts.
    public var offset: Int
    /// Heading level, 1–6 (`#` is 1); the title block's title is not a heading.
    public var level: Int
    /// The heading's plain text (no markup), for the outline and `{section}`.
    public var title: String
    /// The heading's id: its `{#id}` or a GitHub-style slug, unique in the document.
    public var id: String
    /// A heading at storage offset `offset` (UTF-8 bytes).
    public init(offset: Int, level: Int, title: String, id: String) {
        self.offset = offset; self.level = level; self.title = title; self.id = id
    }
}

/// A place links can point to (`[see](#id)`): a heading or a block with an `{#id}`.
public struct Anchor: Hashable, Sendable {
    /// Storage offset (UTF-8 bytes) of the start of the block the id names.
    public var offset: Int
    /// The id a link names as `#id`.
    public var id: String
    /// An anchor `id` at storage offset `offset` (UTF-8 bytes).
    public init(offset: Int, id: String) { self.offset = offset; self.id = id }
}

/// Text in the storage standing for the number of the page an anchor is on: `??` until
/// layout has found the page, then the page's number as its folio is written.
public struct PageReference: Hashable, Sendable {
    /// The storage range the number takes (UTF-8 bytes).
    public var range: Range<Int>
    /// The anchor's id.
    public var target: String
    /// A reference to anchor `target`, shown in `range`.
    public init(range: Range<Int>, target: String) { self.range = range; self.target = target }
}

/// A document made ready to set: the styled storage and what the page layer needs
/// beside it — headings for the outline and running heads, anchors for internal links,
/// sections that change the column count, metadata and field values.
public struct BuiltDocument {
    /// The styled text, every paragraph in a template style, ready for a layout manager.
    public var storage: TextStorage
    /// In document order.
    public var headings: [HeadingMark] = []
    /// In document order; every heading is also an anchor.
    public var anchors: [Anchor] = []
    /// Where the column count changes (`{columns=N}`, the title block), sorted by offset;
    /// empty when the whole document is set in the template's columns.
    public var sections: [SectionMark] = []
    /// Image files the document uses (for `--watch`).
    public var images: [String] = []
    /// Title, author, subject, keywords and language for the PDF's document information.
    public var metadata = PDFMetadata()
    /// The document's language (`lang`), which picks frames' localized texts and the
    /// form of `{date}`; nil when the document names none.
    public var language: String?
    /// Values of frame fields other than `page`, `pages` and `section`.
    public var variables: [String: String] = [:]
    /// Places that show the number of the page an anchor is on (a contents entry's, a
    /// `[…](#id){page}` reference's): filled in once the document is laid out
    /// (`PageReference`), in storage order.
    public var pageReferences: [PageReference] = []
    /// Things the reader should know that did not stop the build (a link to an unknown id).
    public var warnings: [String] = []

    /// The rest of the text, when the document is built a part at a time as its layout
    /// asks (`DocumentBuilder.streamPlainText`): hand it to the layout manager
    /// (`LayoutManager.textSupplier`), which appends each part to `storage` and lets go of
    /// the text of the pages written. Nil when `storage` holds the whole text. A document
    /// with a supplier is laid out once: its page count is not known ahead (`{pages}`) and
    /// its page references are not filled in.
    public var textSupplier: (() -> Bool)?
    /// How long the text will be (UTF-8 bytes, about) when `textSupplier` has appended all
    /// of it: what progress is measured against.
    public var expectedLength: Int?
    /// The headings, anchors and sections of a document built a part at a time
    /// (`DocumentBuilder.streamMarkdown`), as far as `textSupplier` has built it; nil when
    /// they are all in `headings`, `anchors` and `sections`.
    public var marksSoFar: GrowingMarks?
    /// For a document built a part at a time, once `textSupplier` has said it has no more:
    /// the fault that ended the build early, if any (the render must fail with it), and
    /// the build's warnings.
    public var buildOutcome: (() -> (error: (any Error)?, warnings: [String]))?

    /// Builds the rest of a document built a part at a time (`textSupplier`) into
    /// `storage` now, so that it is laid out as a whole one is: for an output that takes
    /// pages as they are written (a pipe), where a fault found in a late block must stop
    /// the render before its first page. Throws that fault.
    public mutating func completeText() throws {
        guard let supply = textSupplier else { return }
        while supply() {}
        textSupplier = nil
        if let marks = marksSoFar {
            headings = marks.headings
            anchors = marks.anchors
            sections = marks.sections
            marksSoFar = nil
        }
        if let error = buildOutcome?().error { throw error }
    }

    /// A document of `storage` with no headings, anchors, sections or metadata yet.
    public init(storage: TextStorage) { self.storage = storage }

    /// With footnotes numbered per page (`FootnoteNumbering.page`): the storage range of
    /// every footnote mark, in storage order, whose number `fillFootnoteNumbers` writes once
    /// layout has found the marks' pages; empty otherwise.
    public var footnoteMarks: [Range<Int>] = []

    /// Writes each reference's page number (from `pages`, by anchor id; a reference to an
    /// anchor not in it keeps its text) into the storage, moving the offsets of everything
    /// after a number whose length changed. Returns whether any text changed.
    @discardableResult
    public mutating func fillPageReferences(_ pages: [String: String]) -> Bool {
        var edits: [TextEdit] = []
        for reference in pageReferences {
            guard let number = pages[reference.target], storage.substring(reference.range) != number else { continue }
            edits.append(TextEdit(range: reference.range, text: number))
        }
        return apply(edits)
    }

    /// Numbers the footnote marks from 1 on each page, `pages[i]` being the page mark `i` is
    /// set on (any number that tells pages apart). A note takes its number where its first
    /// reference falls; a second reference shows the same. The numbers are written into the
    /// marks and the notes' texts (a note whose number changes becomes a new `Footnote`, set
    /// on all its marks), moving offsets as `fillPageReferences` does. Returns whether any
    /// text changed.
    @discardableResult
    public mutating func fillFootnoteNumbers(pages: [Int]) -> Bool {
        var numbered: [ObjectIdentifier: (number: Int, note: Footnote)] = [:]
        var onPage: [Int: Int] = [:]
        var edits: [TextEdit] = []
        for (k, range) in footnoteMarks.enumerated() where k < pages.count {
            var attributes = storage.attributes(at: range.lowerBound).attributes
            guard let note = attributes.footnote else { continue }
            let id = ObjectIdentifier(note)
            if numbered[id] == nil {
                let number = (onPage[pages[k]] ?? 0) + 1
                onPage[pages[k]] = number
                numbered[id] = (number, Self.note(note, numbered: number))
            }
            let (number, renumbered) = numbered[id]!
            guard storage.substring(range) != String(number) || renumbered !== note else { continue }
            attributes.footnote = renumbered
            edits.append(TextEdit(range: range, text: String(number), attributes: attributes))
        }
        return apply(edits)
    }

    /// `note` with `number` in place of the digits its text starts with (the builder's
    /// notes start with their number); `note` itself when it has that number already.
    static func note(_ note: Footnote, numbered number: Int) -> Footnote {
        let bytes = note.text.bytes
        var digits = 0
        while digits < bytes.count, bytes[digits] >= 0x30, bytes[digits] <= 0x39 { digits += 1 }
        let shown = String(number)
        guard digits > 0, !bytes[..<digits].elementsEqual(shown.utf8) else { return note }
        var text = AttributedText()
        text.append(shown, attributes: note.text.attributes(at: 0))
        text.append(note.text.attributedText(in: digits..<bytes.count))
        return Footnote(text)
    }

    /// A replacement of storage text; the new text takes `attributes`, else those of the
    /// first character it replaces.
    struct TextEdit {
        var range: Range<Int>
        var text: String
        var attributes: TextAttributes?
    }

    /// Makes `edits` in the storage, in one editing group, and moves the offsets of
    /// everything after an edit whose length changed. Returns whether there was any.
    private mutating func apply(_ edits: [TextEdit]) -> Bool {
        guard !edits.isEmpty else { return false }
        // In storage order, none overlapping: the references are gathered in the order the
        // builder met them, which is not the storage's when notes or a second contents
        // block come between (found by the render fuzzer: edits applied out of order
        // landed inside characters).
        var edits = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
        var end = 0
        edits = edits.filter { edit in
            defer { end = max(end, edit.range.upperBound) }
            return edit.range.lowerBound >= end
        }
        storage.beginEditing()
        for edit in edits.reversed() {
            let attributes = edit.attributes ?? storage.attributes(at: edit.range.lowerBound).attributes
            storage.replaceCharacters(in: edit.range, with: edit.text, attributes: attributes)
        }
        storage.endEditing()
        // Old offset → new: plus the change in length of every edit ending at or before it
        // (edits are in storage order: a binary search over their running total).
        let ends = edits.map(\.range.upperBound)
        var total = 0
        let running = edits.map { edit -> Int in total += edit.text.utf8.count - edit.range.count; return total }
        func moved(_ offset: Int) -> Int {
            var lo = 0, hi = ends.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if ends[mid] <= offset { lo = mid + 1 } else { hi = mid }
            }
            return lo == 0 ? offset : offset + running[lo - 1]
        }
        var edited: [Range<Int>: Int] = [:]
        for edit in edits { edited[edit.range] = edit.text.utf8.count }
        func moved(_ r: Range<Int>) -> Range<Int> {
            let lower = moved(r.lowerBound)
            return lower..<(lower + (edited[r] ?? r.count))
        }
        for k in headings.indices { headings[k].offset = moved(headings[k].offset) }
        for k in anchors.indices { anchors[k].offset = moved(anchors[k].offset) }
        for k in sections.indices { sections[k].offset = moved(sections[k].offset) }
        for k in pageReferences.indices { pageReferences[k].range = moved(pageReferences[k].range) }
        for k in footnoteMarks.indices { footnoteMarks[k] = moved(footnoteMarks[k]) }
        return true
    }
}
