/// What a run's font request got instead of what it asked for — a family that is not
/// installed, small capitals the face lacks — told as a layout warning (TextKit falls back
/// silently; the warning says what was used).
enum FontSubstitution {
    /// The warning for `descriptor` as `context` resolves it in its language, or nil when
    /// it gets what it asks for. Worked out once per request, language and context.
    static func message(for descriptor: FontDescriptor, in context: ShapingContext) -> String? {
        var key = ShapingContext.FontRequest(descriptor: descriptor, language: context.language)
        key.descriptor.size = 10
        if let known = context.fontSubstitutionMessages[key] { return known }
        var messages: [String] = []
        if !descriptor.families.isEmpty, !descriptor.families.contains(where: FontCatalog.isInstalled) {
            let used = context.loadFont(descriptor)?.familyName ?? "?"
            messages.append("\(FontCatalog.notInstalled(descriptor.families)); set in '\(used)' instead")
        }
        if descriptor.features.contains(where: { $0.tag == "smcp" && $0.value != 0 }),
           !FontCatalog.font(for: descriptor, hasFeature: "smcp") {
            let used = context.loadFont(descriptor)?.familyName ?? "?"
            messages.append("font '\(used)' has no small capitals (smcp), so its ordinary letters are set; "
                            + "AttributedText.appendSynthesizingSmallCaps(_:attributes:) sets smaller capitals instead")
        }
        let message = messages.isEmpty ? nil : messages.joined(separator: "; ")
        context.fontSubstitutionMessages[key] = message
        return message
    }
}
