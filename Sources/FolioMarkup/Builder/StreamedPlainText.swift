// Plain text built a part at a time while it is laid out, so that a text of any length
// is never held whole, styled, in memory.

extension DocumentBuilder {
    /// How many bytes of text each part holds, about: a few pages.
    static let partBytes = 16 << 10

    /// Whether `streamPlainText` can build with this builder's template: its rules match
    /// over the text as a whole, so a template with rules builds it whole.
    public var streamsPlainText: Bool { template.rules.isEmpty }

    /// Plain text as `buildPlainText` builds it, but with none of its paragraphs in the
    /// storage yet: `textSupplier` appends them a part at a time as layout asks for them
    /// (`LayoutManager.textSupplier`). Build this way only when `streamsPlainText`, and the
    /// pages do not need the page count ahead (`BuiltDocument.textSupplier`).
    public func streamPlainText(_ text: String, file: String, language: String?,
                                variables: [String: String] = [:]) throws -> BuiltDocument {
        try streamPlainText(PlainTextParagraphs(text), length: text.utf8.count, file: file, language: language, variables: variables)
    }

    /// Plain text from `paragraphs` (a string's or a file's, `length` bytes long) as
    /// `streamPlainText(_:file:language:variables:)` builds it.
    public func streamPlainText(_ paragraphs: PlainTextParagraphs, length: Int, file: String, language: String?,
                                variables: [String: String] = [:]) throws -> BuiltDocument {
        precondition(streamsPlainText, "streamPlainText with a template that has rules")
        var built = try buildPlainText("", file: file, language: language, variables: variables)
        let body = try styles.paragraphStyle(named: "body", at: nil)
        // The separator takes the body's attributes, as `BuildState.endParagraph` gives it.
        let attributes = plainTextState(file: file, language: language).attributes(of: body)
        let paragraph = body.paragraph
        let source = PlainTextSource(paragraphs)
        let storage = built.storage
        built.textSupplier = { [storage] in
            var part = AttributedText()
            while part.length < Self.partBytes, let next = source.next() {
                part.append(next, attributes: attributes)
                part.endParagraph(paragraph, attributes: attributes)
            }
            let more = source.hasMore
            if !more { part.removeFinalSeparator() }
            storage.append(part)
            return more
        }
        built.expectedLength = length
        built.buildOutcome = { (source.readError, []) }
        return built
    }
}

/// The paragraphs still to set, one ahead: whether a part is the last is known when it
/// ends.
private final class PlainTextSource {
    private var paragraphs: PlainTextParagraphs
    private var ahead: String?

    init(_ paragraphs: PlainTextParagraphs) {
        self.paragraphs = paragraphs
        ahead = self.paragraphs.next()
    }

    var hasMore: Bool { ahead != nil }

    /// Why the paragraphs ended early, if they did (`PlainTextParagraphs.readError`).
    var readError: DocumentError? { paragraphs.readError }

    func next() -> String? {
        defer { if ahead != nil { ahead = paragraphs.next() } }
        return ahead
    }
}
