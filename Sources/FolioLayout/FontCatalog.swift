import CPango
import Foundation

/// What fonts this machine has, through fontconfig, as Pango sees them.
public enum FontCatalog {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var shared: ShapingContext?

    private static func withContext<R>(_ body: (ShapingContext) -> R) -> R {
        lock.lock(); defer { lock.unlock() }
        if shared == nil { shared = ShapingContext() }
        return body(shared!)
    }

    /// Application fonts were added: the shared font map reloads fontconfig's list.
    static func fontsChanged() {
        lock.lock(); defer { lock.unlock() }
        shared = nil
        cachedFamilies = nil
    }

    /// The family fontconfig actually uses for `descriptor` (its first family when
    /// installed, else the nearest match it falls back to).
    public static func resolvedFamily(for descriptor: FontDescriptor) -> String {
        withContext { $0.loadFont(descriptor)?.familyName ?? "?" }
    }

    /// Whether `family` is installed under that name (case-insensitive), rather than
    /// being replaced by a fallback.
    public static func isInstalled(_ family: String) -> Bool {
        let generic = ["serif", "sans", "sans-serif", "monospace", "mono", "cursive", "fantasy", "system-ui"]
        if generic.contains(family.lowercased()) { return true }
        return families().contains { $0.caseInsensitiveCompare(family) == .orderedSame }
    }

    nonisolated(unsafe) private static var cachedFamilies: [String]?

    /// Every font family installed, sorted.
    public static func families() -> [String] {
        if let cached = withContext({ _ in cachedFamilies }) { return cached }
        let list = listFamilies()
        withContext { _ in cachedFamilies = list }
        return list
    }

    private static func listFamilies() -> [String] {
        withContext { ctx in
            var list: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>? = nil
            var count: Int32 = 0
            pango_font_map_list_families(ctx.fontMap, &list, &count)
            defer { g_free(list) }
            var names: [String] = []
            for i in 0..<Int(count) {
                if let f = list?[i], let name = pango_font_family_get_name(f) { names.append(String(cString: name)) }
            }
            return Array(Set(names)).sorted()
        }
    }
}
