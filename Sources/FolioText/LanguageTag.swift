/// Language tags as Folio takes them: BCP 47's shape (`en`, `en-GB`, `zh-Hans`, `sr-Latn-RS`,
/// also `de_CH`), ASCII letters and digits in subtags of one to eight separated by `-` or `_`,
/// the first subtag two to eight letters, 64 characters at most.
///
/// A tag reaches Foundation's `Locale`, libhyphen's dictionary file names and Pango, none of
/// which is meant for arbitrary text (Foundation's locale code crashed on a tag holding an
/// Arabic letter): every `lang` from a document, template, style, data or option is checked.
public enum LanguageTag {
    /// Whether `tag` has the shape of a language tag.
    public static func isWellFormed(_ tag: String) -> Bool {
        let bytes = Array(tag.utf8)
        guard !bytes.isEmpty, bytes.count <= 64 else { return false }
        var subtag = 0, length = 0, first = true
        for b in bytes {
            if b == UInt8(ascii: "-") || b == UInt8(ascii: "_") {
                guard length > 0, !(first && length < 2) else { return false }
                subtag += 1; length = 0; first = false
                continue
            }
            let letter = (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
            let digit = b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")
            guard letter || (digit && !first) else { return false }
            length += 1
            guard length <= 8 else { return false }
        }
        return length > 0 && !(first && length < 2)
    }

    /// What a `Locale` is made from: the tag with underscores, or `en_US_POSIX` for one
    /// that is not well formed.
    public static func localeIdentifier(_ tag: String) -> String {
        isWellFormed(tag) ? String(tag.map { $0 == "-" ? "_" : $0 }) : "en_US_POSIX"
    }

    /// The message for a value that is not a language tag.
    public static func problem(_ value: String) -> String {
        "must be a language tag such as en-GB or zh-Hans (got '\(value.prefix(40))')"
    }
}
