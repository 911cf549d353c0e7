import CPango
import Foundation

/// PostScript names (`Arial-BoldMT`, `DejaVuSerif-BoldItalic`) — what TextKit code names
/// fonts by — resolved through fontconfig to the family and face they stand for, so that a
/// descriptor naming one gets that face instead of a fallback.
enum PostScriptNames {
    /// The family and face a PostScript name stands for.
    struct Face: Hashable, Sendable {
        var family: String
        var weight: FontWeight
        var style: FontStyle
        var stretch: FontStretch
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var known: [String: Face?] = [:]

    /// Application fonts were added: names are looked up again.
    static func fontsChanged() {
        lock.lock(); defer { lock.unlock() }
        known = [:]
    }

    /// The face `name` is the PostScript name of, or nil when `name` is a family name (or
    /// names nothing installed): family names are left to fontconfig's own matching.
    static func face(named name: String) -> Face? {
        lock.lock()
        if let cached = known[name] { lock.unlock(); return cached }
        lock.unlock()
        let face = lookUp(name)
        lock.lock(); known[name] = face; lock.unlock()
        return face
    }

    /// `descriptor` with each family that is a PostScript name replaced by its family, and
    /// the weight, style and width of the face it names where the descriptor asks for the
    /// regular upright normal-width default (an explicit bold or italic still wins).
    static func resolving(_ descriptor: FontDescriptor) -> FontDescriptor {
        // Most requests name families with spaces ("DejaVu Serif"): nothing to look up.
        guard descriptor.families.contains(where: mayBePostScriptName) else { return descriptor }
        var d = descriptor
        var faceTaken = false
        for (i, name) in descriptor.families.enumerated() where mayBePostScriptName(name) {
            guard let face = face(named: name) else { continue }
            d.families[i] = face.family
            if !faceTaken {
                faceTaken = true
                if d.weight == .regular { d.weight = face.weight }
                if d.style == .normal { d.style = face.style }
                if d.stretch == .normal { d.stretch = face.stretch }
            }
        }
        return d
    }

    /// PostScript names have no spaces and are not the generic families. Asked for every
    /// run shaped: bytes compared, nothing allocated.
    static func mayBePostScriptName(_ name: String) -> Bool {
        let utf8 = name.utf8
        return !utf8.isEmpty && !utf8.contains(0x20) && !isGenericFamily(name)
    }

    /// Whether `name` is one of fontconfig's generic families (`serif`, `monospace`, …), in
    /// any case.
    static func isGenericFamily(_ name: String) -> Bool {
        let utf8 = name.utf8
        return genericFamilies.contains { generic in
            generic.count == utf8.count && zip(generic, utf8).allSatisfy { $0 == ($1 >= 0x41 && $1 <= 0x5A ? $1 | 0x20 : $1) }
        }
    }

    private static let genericFamilies: [[UInt8]] = ["serif", "sans", "sans-serif", "monospace", "mono", "cursive", "fantasy",
                                                     "system-ui"].map { Array($0.utf8) }

    /// fontconfig's widths, percentages of normal: 50 ultra-condensed … 200 ultra-expanded.
    private static let widths: [(Int32, FontStretch)] = [
        (50, .ultraCondensed), (63, .extraCondensed), (75, .condensed), (87, .semiCondensed), (100, .normal),
        (113, .semiExpanded), (125, .expanded), (150, .extraExpanded), (200, .ultraExpanded),
    ]

    private static func lookUp(_ name: String) -> Face? {
        LayoutWarmUp.waitForFontConfiguration()
        guard FcInit() != 0 else { return nil }
        if list(FC_FAMILY, name, objects: [FC_FAMILY]).first != nil { return nil }
        return list(FC_POSTSCRIPT_NAME, name, objects: [FC_FAMILY, FC_WEIGHT, FC_SLANT, FC_WIDTH]).first
    }

    /// Faces whose `property` is `value` (fontconfig compares names ignoring case), read
    /// into `Face`s.
    private static func list(_ property: String, _ value: String, objects: [String]) -> [Face] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        _ = FcPatternAddString(pattern, property, value)
        guard let set = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(set) }
        for object in objects { _ = FcObjectSetAdd(set, object) }
        guard let fonts = FcFontList(nil, pattern, set) else { return [] }
        defer { FcFontSetDestroy(fonts) }
        var faces: [Face] = []
        for i in 0..<Int(fonts.pointee.nfont) {
            guard let font = fonts.pointee.fonts[i] else { continue }
            var family: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, FC_FAMILY, 0, &family) == FcResultMatch, let family else { continue }
            var weight: Int32 = Int32(FC_WEIGHT_REGULAR), slant: Int32 = Int32(FC_SLANT_ROMAN), width: Int32 = Int32(FC_WIDTH_NORMAL)
            _ = FcPatternGetInteger(font, FC_WEIGHT, 0, &weight)
            _ = FcPatternGetInteger(font, FC_SLANT, 0, &slant)
            _ = FcPatternGetInteger(font, FC_WIDTH, 0, &width)
            let stretch = widths.min { abs($0.0 - width) < abs($1.0 - width) }!.1
            let style: FontStyle = slant == Int32(FC_SLANT_ITALIC) ? .italic : slant == Int32(FC_SLANT_OBLIQUE) ? .oblique : .normal
            faces.append(Face(family: String(cString: family), weight: FontWeight(Int(FcWeightToOpenType(weight))), style: style, stretch: stretch))
        }
        return faces
    }
}
