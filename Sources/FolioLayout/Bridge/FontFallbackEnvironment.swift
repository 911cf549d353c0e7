import Foundation

/// Keeps the reader's locale out of font fallback and glyph forms.
///
/// fontconfig adds the environment's languages (`LC_ALL`, `LC_CTYPE`, `LANG`) to every font
/// request as weak preferences, and they choose the face a character missing from the
/// requested families falls back to: the same document took `①` from Noto Serif CJK JP
/// under `LC_ALL=ja_JP.UTF-8` and from DejaVu Sans under `C`. Pango reads `LANGUAGE` for
/// the language of text in a script its paragraph's language is not written in: Cyrillic
/// in an English paragraph took Serbian letter forms under `LANGUAGE=sr`. A document's
/// output depends on the document: its language reaches fontconfig and HarfBuzz through
/// Pango (`ShapingContext.use(language:)`), fontconfig's own default is pinned to English
/// (what it assumes with no locale), and Pango is given no preferred languages.
/// `FC_LANG` and `PANGO_LANGUAGE`, which the two read before the locale, are left as they
/// are when set (an empty `FC_LANG`, which fontconfig passes over, is not): those are asked
/// for on purpose.
///
/// This sets variables of the whole process, and fontconfig and Pango read them once: it
/// holds where Folio is the first to use either, and `setenv` must not meet another
/// thread's `getenv`, so programs pin them before starting threads of their own
/// (`LayoutWarmUp.loadFontConfiguration()`, which `folio render` and the rendering
/// service call first thing).
enum FontFallbackEnvironment {
    /// Pins both; call before the first font request.
    static func pin() { _ = pinned }

    private static let pinned: Void = {
        if getenv("FC_LANG").map({ $0.pointee == 0 }) ?? true { setenv("FC_LANG", "en", 1) }
        setenv("PANGO_LANGUAGE", "", 0)   // empty: no preferred language
    }()
}
