import Foundation

/// Runs the system tool `name` (pdftotext, qpdf, pdfinfo, pdffonts…): skipped when it
/// is not installed, failed under CI.
public func tool(_ name: String, _ arguments: [String], timeout: TimeInterval = 120) throws -> ProcessResult {
    try runProcess(try requireTool(name), arguments, timeout: timeout)
}

/// A word `pdftotext -bbox` found: its text and box in points, origin at the page's top left.
public struct PDFWord: Sendable {
    public var text: String
    public var page: Int
    public var xMin: Double, yMin: Double, xMax: Double, yMax: Double
    public var width: Double { xMax - xMin }
    public var height: Double { yMax - yMin }
    public var midX: Double { (xMin + xMax) / 2 }
    public var midY: Double { (yMin + yMax) / 2 }
}

/// A line `pdftotext -bbox-layout` found: its box and its words.
public struct PDFLine: Sendable {
    public var page: Int
    public var xMin: Double, yMin: Double, xMax: Double, yMax: Double
    public var words: [PDFWord]
    public var text: String { words.map(\.text).joined(separator: " ") }
    public var midX: Double { (xMin + xMax) / 2 }
}

/// The PDF's text as `pdftotext` extracts it (pages `first`…`last`, `-layout` if asked).
public func pdfText(_ pdf: String, first: Int? = nil, last: Int? = nil, layout: Bool = false) throws -> String {
    var args = layout ? ["-layout"] : []
    if let first { args += ["-f", "\(first)"] }
    if let l = last ?? first { args += ["-l", "\(l)"] }
    let r = try tool("pdftotext", args + [pdf, "-"])
    guard r.status == 0 else { throw MissingRequirement(description: "pdftotext \(pdf) failed: \(r.stderr)") }
    return r.stdout
}

/// The PDF's text in one line: hyphenated line ends joined, every run of white space one space.
public func pdfFlatText(_ pdf: String) throws -> String {
    try pdfText(pdf).replacingOccurrences(of: "-\n", with: "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
}

private func attribute(_ name: String, in tag: Substring) -> Double {
    guard let r = tag.range(of: "\(name)=\"") else { return .nan }
    return Double(tag[r.upperBound...].prefix { $0 != "\"" }) ?? .nan
}

private func unescape(_ s: Substring) -> String {
    s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
        .replacingOccurrences(of: "&amp;", with: "&")
}

private func words(in chunk: Substring, page: Int) -> [PDFWord] {
    chunk.components(separatedBy: "<word ").dropFirst().compactMap { piece -> PDFWord? in
        let tag = Substring(piece)
        guard let close = tag.firstIndex(of: ">"), let end = tag.range(of: "</word>") else { return nil }
        return PDFWord(text: unescape(tag[tag.index(after: close)..<end.lowerBound]), page: page,
                       xMin: attribute("xMin", in: tag), yMin: attribute("yMin", in: tag),
                       xMax: attribute("xMax", in: tag), yMax: attribute("yMax", in: tag))
    }
}

/// Every word of the PDF (or of pages `first`…`last`) with its box, in reading order.
public func pdfWords(_ pdf: String, first: Int? = nil, last: Int? = nil) throws -> [PDFWord] {
    var args = ["-bbox"]
    if let first { args += ["-f", "\(first)"] }
    if let l = last ?? first { args += ["-l", "\(l)"] }
    let html = try tool("pdftotext", args + [pdf, "-"]).stdout
    return html.components(separatedBy: "<page ").dropFirst().enumerated().flatMap { index, page in
        words(in: Substring(page), page: (first ?? 1) + index)
    }
}

/// Every line of the PDF (or of pages `first`…`last`) as `pdftotext -bbox-layout` groups them.
public func pdfLines(_ pdf: String, first: Int? = nil, last: Int? = nil) throws -> [PDFLine] {
    var args = ["-bbox-layout"]
    if let first { args += ["-f", "\(first)"] }
    if let l = last ?? first { args += ["-l", "\(l)"] }
    let html = try tool("pdftotext", args + [pdf, "-"]).stdout
    return html.components(separatedBy: "<page ").dropFirst().enumerated().flatMap { index, page in
        page.components(separatedBy: "<line ").dropFirst().map { piece -> PDFLine in
            let tag = Substring(piece)
            let head = tag.prefix { $0 != ">" }
            return PDFLine(page: (first ?? 1) + index, xMin: attribute("xMin", in: head), yMin: attribute("yMin", in: head),
                           xMax: attribute("xMax", in: head), yMax: attribute("yMax", in: head),
                           words: words(in: tag, page: (first ?? 1) + index))
        }
    }
}

/// The PDF's page count (`pdfinfo`).
public func pdfPageCount(_ pdf: String) throws -> Int {
    let info = try tool("pdfinfo", [pdf]).stdout
    guard let line = info.split(separator: "\n").first(where: { $0.hasPrefix("Pages:") }),
          let n = Int(line.split(separator: " ").last ?? "") else {
        throw MissingRequirement(description: "pdfinfo gave no page count for \(pdf): \(info)")
    }
    return n
}

/// The names of the fonts the PDF uses (`pdffonts`), subset prefixes (`ABCDEF+`) removed.
public func pdfFontNames(_ pdf: String) throws -> [String] {
    try tool("pdffonts", [pdf]).stdout.split(separator: "\n").dropFirst(2).compactMap { line in
        line.split(separator: " ").first.map { name in
            name.firstIndex(of: "+").map { String(name[name.index(after: $0)...]) } ?? String(name)
        }
    }
}

/// `qpdf --check` on the PDF: status 0 and no warnings when it is sound.
public func qpdfCheck(_ pdf: String) throws -> ProcessResult {
    try tool("qpdf", ["--check", pdf])
}

/// The PDF rewritten by qpdf with streams uncompressed and no object streams (`--qdf`),
/// so its content streams can be searched as text.
public func qpdfUncompressed(_ pdf: String) throws -> String {
    let dir = try makeTemporaryDirectory("folio-qdf")
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("out.pdf").path
    let r = try tool("qpdf", ["--qdf", "--object-streams=disable", pdf, out])
    guard r.status == 0 || r.status == 3, let data = FileManager.default.contents(atPath: out) else {
        throw MissingRequirement(description: "qpdf --qdf \(pdf) failed: \(r.output)")
    }
    return String(decoding: data, as: UTF8.self)
}

/// The median of `values` (0 when empty): a word height or line gap robust to the odd
/// heading or folio among them.
public func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}
