/// The room a paragraph's column gives its attachments: the width of its first line and
/// of its other lines (container width less padding and the paragraph's indents), in
/// points. Attachments sized by `AttachmentSizing` are fitted to it when the paragraph is
/// shaped; a paragraph shaped for one room and placed in another is shaped again.
struct AttachmentRoom: Equatable {
    var firstLineWidth: Double
    var lineWidth: Double

    /// The room in a plain column `width` wide with `padding` at each end, for `style`.
    init(columnWidth width: Double, padding: Double, style: ParagraphStyle) {
        func area(_ first: Bool) -> Double {
            LineSlot.textArea(rectWidth: width, contentWidth: width, padding: padding, style: style,
                              firstLine: first, opens: true, closes: true, rtl: false).width
        }
        firstLineWidth = area(true)
        lineWidth = area(false)
    }

    /// `attachment` with the size its `sizing` gives it here.
    func fit(_ attachment: TextAttachment) -> TextAttachment {
        var a = attachment
        let natural = attachment.bounds.size
        guard natural.width > 0, natural.height > 0 else { return a }
        var w = natural.width, h = natural.height
        switch attachment.sizing {
        case .fixed:
            return a
        case .fillWidth(let maximumHeight):
            w = max(firstLineWidth, 1)
            h = natural.height * w / natural.width
            if h > maximumHeight { w *= maximumHeight / h; h = maximumHeight }
        case .shrinkToFit(let maximumHeight):
            let room = max(lineWidth, 1)
            if w > room { h *= room / w; w = room }
            if h > maximumHeight { w *= maximumHeight / h; h = maximumHeight }
        }
        a.bounds.size = Size(width: w, height: h)
        return a
    }
}
