import Foundation

/// Keeps the reader's locale out of font fallback.
///
/// fontconfig adds the environment's languages (`LC_ALL`, `LC_CTYPE`, `LANG`) to every font
/// request as weak preferences, and they choose the face a character missing from the
/// requested families falls back to: the same document took `①` from Noto Serif CJK JP
/// under `LC_ALL=ja_JP.UTF-8` and from DejaVu Sans under `C`. A document's output depends
/// on the document: its language reaches fontconfig through Pango (`ShapingContext.use`),
/// and fontconfig's own default is pinned to English, what it assumes with no locale.
/// `FC_LANG`, which fontconfig reads before the locale, is left as it is when set: that
/// one is asked for on purpose.
enum FontconfigLanguage {
    /// Pins the default; call before fontconfig's first font request (fontconfig reads the
    /// variables once per process).
    static func pin() { _ = pinned }

    private static let pinned: Void = { setenv("FC_LANG", "en", 0) }()
}
