import Yams

/// The `tables:` block of a template: table looks by name, each starting from the
/// look of that name it already has (a built-in, or the extended template's), or from
/// `extends:` another look.
///
/// ```yaml
/// tables:
///   default:               # every table unless it names another
///     header-rule: 0.6pt
///     zebra: "#f4f4f4"
///   ledger:                # {.ledger} on a table's attribute line
///     extends: grid
///     padding: 3pt 6pt
/// ```
extension TemplateYAML {
    func tables(_ node: Node, base: [String: TableLook]) throws -> [String: TableLook] {
        guard case .mapping(let m) = node else { throw error(node, "tables is a mapping of table looks by name (default:, grid:, …)") }
        var looks = base
        for (nameNode, lookNode) in m {
            let name = try string(nameNode)
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw error(nameNode, "a table look's name is letters, digits, - and _, not '\(name)'")
            }
            guard case .mapping(let settings) = lookNode else { throw error(lookNode, "table look '\(name)' is a mapping of settings") }
            try checkKeys(settings, TableLook.keys + ["extends"], "table look '\(name)'")
            var look = looks[name] ?? looks["default"] ?? TableLook()
            if let e = settings["extends"] {
                let parent = try string(e)
                guard let p = looks[parent] else {
                    throw error(e, "table look '\(name)' extends unknown '\(parent)' (known: \(looks.keys.sorted().joined(separator: ", ")))")
                }
                look = p
            }
            for (k, v) in settings {
                let key = try string(k)
                guard key != "extends" else { continue }
                do { look = try look.setting(key, to: try string(v)) }
                catch let e as TableLookError { throw error(v, "tables: \(name): \(e.description)") }
            }
            looks[name] = look
        }
        return looks
    }
}
