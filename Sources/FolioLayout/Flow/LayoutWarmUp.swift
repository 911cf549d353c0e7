import CPango
import Dispatch
import Foundation

/// Starts, on background threads, the loading a first layout would otherwise wait for:
/// fontconfig's configuration and font list (a quarter of a one-page document's work) and
/// the hyphenation dictionary (a fifth). A short document's start-up then overlaps them
/// with reading and styling its text; nothing else changes.
///
/// Both are safe to call any number of times, from any thread; layout that needs what is
/// still loading waits for it.
public enum LayoutWarmUp {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var fontsStarted = false
    private static let fontsLoaded = DispatchGroup()

    /// Loads fontconfig's configuration and font list in the background, once per process.
    /// First, on the calling thread, it keeps the locale out of font fallback by setting
    /// `FC_LANG` and `PANGO_LANGUAGE` where unset: a program calls it before it starts
    /// threads of its own (`setenv` must not meet another thread's `getenv`).
    public static func loadFontConfiguration() {
        FontFallbackEnvironment.pin()
        lock.lock(); defer { lock.unlock() }
        guard !fontsStarted else { return }
        fontsStarted = true
        fontsLoaded.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            _ = FcInit()
            fontsLoaded.leave()
        }
    }

    /// Loads the hyphenation dictionary for text in `language` in the background (see
    /// `Hyphenator.forLanguage(_:)`).
    public static func loadHyphenation(for language: String) {
        DispatchQueue.global(qos: .userInitiated).async {
            _ = Hyphenator.forLanguage(Hyphenator.dictionaryLanguage(for: language))
        }
    }

    /// Returns once a loading begun by `loadFontConfiguration()` is done, at once when none
    /// was begun. fontconfig loads its configuration once per process, but two threads
    /// starting at the same moment would each load it: whoever would start it waits here.
    static func waitForFontConfiguration() {
        FontFallbackEnvironment.pin()
        fontsLoaded.wait()
    }
}
