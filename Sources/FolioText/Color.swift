/// An sRGB colour with alpha, each component in 0…1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Components in 0…1: sRGB red, green and blue, and alpha (0 transparent, 1 opaque).
    public var red: Double, green: Double, blue: Double, alpha: Double

    /// A colour from sRGB components in 0…1; opaque unless `alpha` says otherwise. Values are
    /// not clamped here.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa`; nil when the text is not such a colour.
    public init?(hex: String) {
        var s = Substring(hex)
        if s.hasPrefix("#") { s = s.dropFirst() }
        // ASCII only: `Character.isHexDigit` also accepts fullwidth forms, which
        // `Int(_:radix:)` rejects.
        guard s.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        func channel(_ t: Substring) -> Double { Double(Int(t, radix: 16)!) / (t.count == 1 ? 15 : 255) }
        let chars = Array(s)
        switch chars.count {
        case 3:
            self.init(red: channel(Substring(String(chars[0]))), green: channel(Substring(String(chars[1]))),
                      blue: channel(Substring(String(chars[2]))))
        case 6, 8:
            let part = { (i: Int) in Substring(String(chars[i..<(i + 2)])) }
            self.init(red: channel(part(0)), green: channel(part(2)), blue: channel(part(4)),
                      alpha: chars.count == 8 ? channel(part(6)) : 1)
        default:
            return nil
        }
    }

    /// Opaque black, #000000.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white, #ffffff.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// A dark red, #cc0000 (not pure red).
    public static let red = Color(red: 0.8, green: 0, blue: 0)
    /// A dark blue, #0033b3 (the colour of links in the built-in templates' examples).
    public static let blue = Color(red: 0, green: 0.2, blue: 0.7)
    /// Middle grey, #808080.
    public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
    /// Fully transparent (black with alpha 0).
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// `#rrggbb`, or `#rrggbbaa` when the colour is not opaque: the form `init(hex:)` reads.
    public var description: String {
        func h(_ v: Double) -> String {
            let s = String(Int((v * 255).rounded()), radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + h(red) + h(green) + h(blue) + (alpha < 1 ? h(alpha) : "")
    }
}
