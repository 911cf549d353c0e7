/// The free fragments of one band of lines, left to right (`TextContainer.lineFragmentRects`).
///
/// Nearly every band is a whole column, one fragment: that one is held inline, so the flow
/// cursor moving to a new line (and each probe copying the cursor) makes no array.
struct LineBand: Equatable, ExpressibleByArrayLiteral {
    private enum Fragments: Equatable {
        case one(Rect)
        case many([Rect])
    }

    private var fragments: Fragments

    init(_ rects: [Rect]) {
        fragments = rects.count == 1 ? .one(rects[0]) : .many(rects)
    }

    init(arrayLiteral rects: Rect...) { self.init(rects) }

    /// A band of one fragment.
    init(_ rect: Rect) { fragments = .one(rect) }

    var count: Int {
        switch fragments {
        case .one: 1
        case .many(let rects): rects.count
        }
    }

    var isEmpty: Bool { count == 0 }

    subscript(index: Int) -> Rect {
        switch fragments {
        case .one(let rect):
            precondition(index == 0, "LineBand index out of range")
            return rect
        case .many(let rects): return rects[index]
        }
    }

    /// The fragments as an array.
    var rects: [Rect] {
        switch fragments {
        case .one(let rect): [rect]
        case .many(let rects): rects
        }
    }
}
