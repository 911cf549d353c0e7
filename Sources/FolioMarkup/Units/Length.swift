import Foundation

/// A length written with a unit — `2cm`, `15mm`, `0.5in`, `12pt` — read as PDF points.
public struct Length: Hashable, Sendable, CustomStringConvertible {
    /// The length in PDF points (1/72 inch).
    public var points: Double

    /// A length of `points` points.
    public init(points: Double) { self.points = points }

    /// Parses a number followed by `pt`, `mm`, `cm` or `in` (a bare number is points).
    public init?(_ text: String) {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Double)] = [("pt", 1), ("mm", 72 / 25.4), ("cm", 72 / 2.54), ("in", 72)]
        var factor = 1.0
        var number = Substring(t)
        for (suffix, f) in units where t.hasSuffix(suffix) {
            factor = f
            number = number.dropLast(suffix.count)
            break
        }
        guard let value = Double(number.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        points = value * factor
    }

    /// The longest length Folio takes, in points: 14 400 pt (200 in, 5.08 m), the largest
    /// page side PDF viewers must show (PDF 1.7, annex C). Anything longer — `1e30pt` —
    /// cannot be drawn, and would overflow the integers layout and the PDF writer use.
    public static let largest = 14_400.0

    /// Whether `points` is a length Folio takes: finite and within ±`largest`.
    public static func isInRange(_ points: Double) -> Bool { points.isFinite && abs(points) <= largest }

    /// Why a length is out of range, naming `what` and the range `range` (points).
    public static func rangeError(_ what: String, _ points: Double, _ range: ClosedRange<Double>) -> String {
        "\(what) must be from \(format(range.lowerBound)) to \(format(range.upperBound)) (got \(format(points)))"
    }

    /// `12pt`, `-14400pt`, `1e+30pt`: a length in points as messages show it.
    public static func format(_ points: Double) -> String {
        if points.isFinite, points == points.rounded(), abs(points) < 1e15 { return "\(Int(points))pt" }
        if points.isFinite, abs(points) < 1e6 { return String(format: "%.2fpt", points) }
        return "\(points)pt"
    }

    /// The length in points with a `pt` unit (`2cm` prints as `56.69…pt`).
    public var description: String { "\(points)pt" }
}

/// Named paper sizes, portrait, in points.
public enum PaperSize {
    /// ISO A4, 210 × 297 mm: the paper of a template or page geometry that names none.
    public static let a4 = Size(width: 595.28, height: 841.89)
    /// A3, A4, A5, US letter, legal and tabloid, portrait, in points, by lowercase name.
    public static let named: [String: Size] = [
        "a3": Size(width: 841.89, height: 1190.55),
        "a4": a4,
        "a5": Size(width: 419.53, height: 595.28),
        "letter": Size(width: 612, height: 792),
        "legal": Size(width: 612, height: 1008),
        "tabloid": Size(width: 792, height: 1224),
    ]

    /// A name (`a4`, `letter`, …) or `WIDTHxHEIGHT` with units (`150mmx200mm`), each side
    /// above 0 and at most `Length.largest`; nil for anything else.
    public static func parse(_ text: String) -> Size? {
        if let s = named[text.lowercased()] { return s }
        let parts = text.lowercased().split(separator: "x", maxSplits: 1)
        guard parts.count == 2, let w = Length(String(parts[0])), let h = Length(String(parts[1])),
              w.points > 0, h.points > 0, w.points <= Length.largest, h.points <= Length.largest else { return nil }
        return Size(width: w.points, height: h.points)
    }
}
