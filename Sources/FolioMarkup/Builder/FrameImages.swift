import Foundation

extension BuildState {
    /// Every image frame of the template that names a field (`image: "{logo}"`) gets that
    /// field's value checked and made an absolute path in `built.variables`, and the file
    /// added to `built.images` (watched by `--watch`).
    ///
    /// A value from the front matter is a path relative to the document's folder; one from
    /// the template's `variables` (a default) relative to the template's folder. An empty
    /// value means no image. A missing or unreadable file is an error at the front-matter
    /// key (or at the frame, for a template default); a field with no value at all is an
    /// error at the frame, as an unknown field in a frame's text is.
    mutating func resolveFrameImages(_ built: inout BuiltDocument) throws {
        let frontMatter = document.frontMatter
        var seen = Set<String>()
        for name in BuildState.masterOrder {
            for frame in builder.template.masters[name]?.frames ?? [] {
                guard let field = frame.imageField, seen.insert(field).inserted else { continue }
                let frameLocation = frame.location ?? SourceLocation(file: builder.template.sourcePath, line: 1, column: 1)
                guard let value = built.variables[field]?.trimmingCharacters(in: .whitespaces) else {
                    let known = built.variables.keys.sorted().map { "{\($0)}" }.joined(separator: ", ")
                    throw DocumentError(frameLocation, "unknown field {\(field)} in an image frame; give it in the front matter (or the template's variables); fields here are \(known)")
                }
                guard !value.isEmpty else { continue }
                let fromDocument = frontMatter.variables[field] != nil
                let base = fromDocument ? baseDirectory : builder.template.directory ?? baseDirectory
                let location = fromDocument ? frontMatter.locations[field] ?? currentLocation : frameLocation
                let confinement = fromDocument || builder.template.directory == nil ? root : ReadRoot(base, role: ReadRoot.templateRole)
                guard let path = confinement.confine(value, base: base) else {
                    throw DocumentError(location, "\(field): " + confinement.outsideReason("image '\(value)'"))
                }
                guard FileManager.default.fileExists(atPath: path) else {
                    throw DocumentError(location, "\(field): image '\(value)' not found (looked for \(path))")
                }
                do { _ = try ImageInfo.pixelSize(ofImageAt: path) }
                catch { throw DocumentError(location, "\(field): image '\(value)' \(error)") }
                built.variables[field] = path
                if !built.images.contains(path) { built.images.append(path) }
            }
        }
    }

    /// The masters in a fixed order, so the first error reported is always the same.
    static let masterOrder = ["first", "opening", "left", "right", "default"]
}
