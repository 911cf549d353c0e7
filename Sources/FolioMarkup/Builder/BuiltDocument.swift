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
    /// Things the reader should know that did not stop the build (a link to an unknown id).
    public var warnings: [String] = []

    /// A document of `storage` with no headings, anchors, sections or metadata yet.
    public init(storage: TextStorage) { self.storage = storage }
}
