/// A point in PDF points (1/72 inch), y growing downwards as on a page.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal position in points, growing to the right.
    public var x: Double
    /// Vertical position in points, growing downwards.
    public var y: Double
    /// A point at `x`, `y` points.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)
    /// `(x, y)`, for logs and test messages.
    public var description: String { "(\(x), \(y))" }
}

/// A size in PDF points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// A size of `width` × `height` points.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// A size of 0 × 0 points.
    public static let zero = Size(width: 0, height: 0)
    /// `width×height`, for logs and test messages.
    public var description: String { "\(width)×\(height)" }
}

/// A rectangle in PDF points with its origin at the top-left corner.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner, in points.
    public var origin: Point
    /// Width and height in points; a negative or zero size makes the rectangle empty.
    public var size: Size

    /// A rectangle with its top-left corner at `origin`.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// A rectangle with its top-left corner at (`x`, `y`), all in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    /// The empty rectangle at the origin; `union` treats it as adding nothing.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Left edge in points.
    public var minX: Double { origin.x }
    /// Top edge in points (the smallest y: y grows downwards).
    public var minY: Double { origin.y }
    /// Right edge in points, `minX + width`.
    public var maxX: Double { origin.x + size.width }
    /// Bottom edge in points, `minY + height`.
    public var maxY: Double { origin.y + size.height }
    /// Width in points (`size.width`).
    public var width: Double { size.width }
    /// Height in points (`size.height`).
    public var height: Double { size.height }
    /// True when the width or the height is zero or negative.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }
    /// `[minX, minY, width×height]`, for logs and test messages.
    public var description: String { "[\(minX), \(minY), \(width)×\(height)]" }

    /// The smallest rectangle holding both; an empty rectangle adds nothing.
    public func union(_ other: Rect) -> Rect {
        if isEmpty && width == 0 && height == 0 { return other }
        if other.isEmpty && other.width == 0 && other.height == 0 { return self }
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// True when the two rectangles overlap in an area; touching edges do not count.
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// True when `other` lies inside this rectangle, within `tolerance` points.
    public func contains(_ other: Rect, tolerance: Double = 1e-6) -> Bool {
        other.minX >= minX - tolerance && other.maxX <= maxX + tolerance
            && other.minY >= minY - tolerance && other.maxY <= maxY + tolerance
    }

    /// True when `p` lies inside; the left and top edges are inside, the right and bottom edges outside.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// The rectangle shrunk by `dx` on the left and on the right and by `dy` at the top and at the
    /// bottom (negative values grow it); the result may be empty.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The same rectangle moved by `dx`, `dy` points.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }
}

/// Distances inset from each edge of a rectangle.
public struct EdgeInsets: Hashable, Sendable {
    /// Insets from the top, left, bottom and right edges, in points.
    public var top: Double, left: Double, bottom: Double, right: Double
    /// Insets in points, each edge given on its own (zero by default).
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// The same inset, in points, on all four edges.
    public init(all: Double) { self.init(top: all, left: all, bottom: all, right: all) }
    /// No inset on any edge.
    public static let zero = EdgeInsets()
}
