import CPango

/// A PangoFontDescription made from a `FontDescriptor`; freed with the value.
final class PangoDescription {
    let pointer: OpaquePointer

    init(_ d: FontDescriptor) {
        pointer = pango_font_description_new()
        let families = d.families.isEmpty ? "serif" : d.families.joined(separator: ",")
        pango_font_description_set_family(pointer, families)
        pango_font_description_set_size(pointer, Int32((d.size * Double(PANGO_SCALE)).rounded()))
        pango_font_description_set_weight(pointer, PangoWeight(rawValue: UInt32(d.weight.value)))
        let style: PangoStyle
        switch d.style {
        case .normal: style = PANGO_STYLE_NORMAL
        case .italic: style = PANGO_STYLE_ITALIC
        case .oblique: style = PANGO_STYLE_OBLIQUE
        }
        pango_font_description_set_style(pointer, style)
        let stretch: PangoStretch
        switch d.stretch {
        case .ultraCondensed: stretch = PANGO_STRETCH_ULTRA_CONDENSED
        case .extraCondensed: stretch = PANGO_STRETCH_EXTRA_CONDENSED
        case .condensed: stretch = PANGO_STRETCH_CONDENSED
        case .semiCondensed: stretch = PANGO_STRETCH_SEMI_CONDENSED
        case .normal: stretch = PANGO_STRETCH_NORMAL
        case .semiExpanded: stretch = PANGO_STRETCH_SEMI_EXPANDED
        case .expanded: stretch = PANGO_STRETCH_EXPANDED
        case .extraExpanded: stretch = PANGO_STRETCH_EXTRA_EXPANDED
        case .ultraExpanded: stretch = PANGO_STRETCH_ULTRA_EXPANDED
        }
        pango_font_description_set_stretch(pointer, stretch)
    }

    deinit { pango_font_description_free(pointer) }
}
