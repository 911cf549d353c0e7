import CPango
import Foundation

/// Fonts a program brings along (a template's `fonts/`), made known to fontconfig for
/// this process only, so styles name them like installed families.
public enum ApplicationFonts {
    /// Why a font file could not be added.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        /// What went wrong, naming the file (missing, unreadable, not a font).
        public var reason: String
        /// The reason, as printed.
        public var description: String { reason }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var added: Set<String> = []

    /// Adds the font file at `path` (TrueType, OpenType, Type 1 — what fontconfig
    /// reads). Layout managers made afterwards see it; adding a file twice is harmless.
    public static func add(fileAt path: String) throws {
        lock.lock(); defer { lock.unlock() }
        let full = URL(fileURLWithPath: path).standardizedFileURL.path
        if added.contains(full) { return }
        guard FileManager.default.fileExists(atPath: full) else { throw Problem(reason: "no such file: \(full)") }
        LayoutWarmUp.waitForFontConfiguration()
        guard FcInit() != 0, let config = FcConfigGetCurrent() else { throw Problem(reason: "fontconfig could not start") }
        // fontconfig accepts any file here and simply finds no font in one it cannot read.
        var count: Int32 = 0
        let probe = FcFreeTypeQuery(full, 0, nil, &count)
        guard let probe else { throw Problem(reason: "\(full) is not a font file fontconfig can read") }
        FcPatternDestroy(probe)
        guard FcConfigAppFontAddFile(config, full) != 0 else { throw Problem(reason: "fontconfig could not add \(full)") }
        added.insert(full)
        // New font maps see the font; existing ones reload fontconfig's list when they
        // next shape, each on its own thread.
        FontCatalog.fontsChanged()
        PostScriptNames.fontsChanged()
        ShapingContext.fontsChanged()
    }
}
