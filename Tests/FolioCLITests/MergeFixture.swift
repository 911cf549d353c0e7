import Foundation

/// The letter and records the mail-merge tests render.
enum MergeFixture {
    /// A letter for the report template (its footer says "Page X of Y"); `{{{body}}}` makes
    /// a record as long as wanted.
    static let letter = """
    ---
    title: "Letter {{name}}"
    ---
    # Hello {{name}}

    Dear {{name}}, you owe {{amount}}.

    {{{body}}}

    """

    /// `paragraphs` paragraphs of 80 words each: more than a page from about ten on.
    static func long(_ paragraphs: Int) -> String {
        (0..<paragraphs).map { "Paragraph \($0) " + String(repeating: "word ", count: 80) }.joined(separator: "\n\n")
    }

    /// `items` as JSON, keys sorted.
    static func json(_ items: [[String: Any]]) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: items, options: [.sortedKeys]), as: UTF8.self)
    }
}
