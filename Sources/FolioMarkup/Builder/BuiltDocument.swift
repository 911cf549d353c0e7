import Foundation

/// A heading as the page layer needs it: where it starts, its level, its text and id.
public struct HeadingMark: Hashable, Sendable {
    public var offset: Int
    public var level: Int
    public var title: String
    public var id: String
    public init(offset: Int, level: Int, title: String, id: String) {
        self.offset = offset; self.level = level; self.title = title; self.id = id
    }
}

/// A place links can point to (`[see](#id)`): a heading or a block with an `{#id}`.
public struct Anchor: Hashable, Sendable {
    public var offset: Int
    public var id: String
    public init(offset: Int, id: String) { self.offset = offset; self.id = id }
}

/// A document made ready to set: the styled storage and what the page layer needs
/// beside it — headings for the outline and running heads, anchors for internal links,
/// sections that change the column count, metadata and field values.
public struct BuiltDocument {
    public var storage: TextStorage
    /// In document order.
    public var headings: [HeadingMark] = []
    /// In document order; every heading is also an anchor.
    public var anchors: [Anchor] = []
    public var sections: [SectionMark] = []
    /// Image files the document uses (for `--watch`).
    public var images: [String] = []
    public var metadata = PDFMetadata()
    /// Values of frame fields other than `page`, `pages` and `section`.
    public var variables: [String: String] = [:]
    /// Things the reader should know that did not stop the build (a link to an unknown id).
    public var warnings: [String] = []

    public init(storage: TextStorage) { self.storage = storage }
}
