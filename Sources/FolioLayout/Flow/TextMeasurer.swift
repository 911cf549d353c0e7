/// Measures attributed text without a container chain of one's own.
public enum TextMeasurer {
    /// The size `storage` takes when set `width` points wide: the widest line's used
    /// width (at most `width`) and the height down to the last line's bottom (paragraph spacing after
    /// the last paragraph not included). `shaping` lends the fonts (nil: a font map of
    /// its own, loaded afresh and freed after: slow when measuring often).
    public static func boundingSize(of storage: TextStorage, width: Double,
                                    defaults: LayoutDefaults = LayoutDefaults(), shaping: ShapingPool? = .shared) -> Size {
        let manager = LayoutManager(textStorage: storage, defaults: defaults, shaping: shaping)
        let container = TextContainer(size: Size(width: width, height: 1e7))
        manager.addTextContainer(container)
        manager.ensureLayout()
        defer { storage.removeObserver(manager) }
        var maxX = 0.0, maxY = 0.0
        for line in manager.lineFragments {
            maxX = max(maxX, line.usedRect.maxX)
            maxY = max(maxY, line.rect.maxY)
        }
        // Punctuation hanging into the margin (`TypesettingParameters.protrusion`) is
        // not width the text needs: set in a box this wide, it hangs out as it did here.
        return Size(width: min(maxX, width), height: maxY)
    }
}
