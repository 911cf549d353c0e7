/// How deep Markdown may nest before Folio flattens it.
///
/// cmark accepts any depth, and a document a few thousand quotes, list levels or emphases
/// deep would overflow the stack of anything that walks the tree recursively. Past these
/// depths the content is kept — its text, at the deepest level — but the containers are not:
/// a quote inside the 32nd quote or list item becomes that level's paragraphs, an emphasis,
/// link or span inside 32 others becomes its text. Lists and quotes stop indenting long
/// before (at half the column), so nothing visible is lost but the deepest styling.
public enum MarkdownNesting {
    /// Quotes and list items inside one another.
    public static let blockDepth = 32
    /// Emphases, strong, links, strikethroughs and `[…]{…}` spans inside one another.
    public static let inlineDepth = 32
}
