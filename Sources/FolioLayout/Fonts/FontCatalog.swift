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

    /// The font layout sets `descriptor` in (the first family installed, a PostScript name's
    /// face, or fontconfig's nearest match), with its metrics: ascent, descent, cap height,
    /// x-height, line gap, line height (what TextKit's `UIFont`/`NSFont` answer).
    public static func font(for descriptor: FontDescriptor) -> Font? {
        withContext { $0.loadFont(descriptor) }
    }

    /// The family fontconfig actually uses for `descriptor` (its first family when
    /// installed, else the nearest match it falls back to).
    public static func resolvedFamily(for descriptor: FontDescriptor) -> String {
        withContext { $0.loadFont(descriptor)?.familyName ?? "?" }
    }

    /// Whether the font `descriptor` resolves to has the OpenType feature `tag` (e.g.
    /// `smcp`) in its substitution table — if not, asking for it changes nothing.
    public static func font(for descriptor: FontDescriptor, hasFeature tag: String) -> Bool {
        let key = "\(descriptor.families)|\(descriptor.weight.value)|\(descriptor.style)|\(tag)"
        if let known = withContext({ _ in featureCache[key] }) { return known }
        let found: Bool = withContext { ctx in
            var d = descriptor
            d.features = []
            guard let font = ctx.loadFont(d), let hb = pango_font_get_hb_font(font.pangoFont) else { return false }
            let face = hb_font_get_face(hb)
            let gsub: hb_tag_t = 0x4753_5542  // 'GSUB'
            let wanted = tag.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            var tags = [hb_tag_t](repeating: 0, count: 128)
            var start: UInt32 = 0
            while true {
                var count = UInt32(tags.count)
                let total = hb_ot_layout_table_get_feature_tags(face, gsub, start, &count, &tags)
                if tags[0..<Int(count)].contains(wanted) { return true }
                start += count
                if count == 0 || start >= total { return false }
            }
        }
        withContext { _ in featureCache[key] = found }
        return found
    }

    nonisolated(unsafe) private static var featureCache: [String: Bool] = [:]

    /// Whether `family` is installed under that name (ignoring case and spaces) or is the PostScript
    /// name of an installed face (`DejaVuSerif-Bold`), rather than being replaced by a fallback.
    public static func isInstalled(_ family: String) -> Bool {
        if PostScriptNames.isGenericFamily(family) { return true }
        // As fontconfig matches families: ignoring case and spaces ("dejavuserif").
        let wanted = family.lowercased().filter { $0 != " " }
        return families().contains { $0.lowercased().filter { $0 != " " } == wanted }
            || (PostScriptNames.mayBePostScriptName(family) && PostScriptNames.face(named: family) != nil)
    }

    /// "font 'A' is not installed", or for a list none of which is, "fonts 'A', 'B' are
    /// not installed": how warnings say it.
    public static func notInstalled(_ families: [String]) -> String {
        families.count == 1 ? "font '\(families[0])' is not installed"
            : "fonts \(families.map { "'\($0)'" }.joined(separator: ", ")) are not installed"
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
