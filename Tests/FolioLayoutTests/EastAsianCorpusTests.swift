import FolioLayout
import Foundation
import XCTest

/// Chinese technical prose (../shared/corpus/rust-book-zh.md, Han mixed with Latin names,
/// code and numbers) set as plain paragraphs in a justified column of a two-column A4
/// page, as the text has it and with its Han–Latin spaces taken out: the W3C clreq checks
/// on the glyph positions of every line.
final class EastAsianCorpusTests: XCTestCase {
    /// The corpus's prose paragraphs with the Markdown marks taken out.
    static func paragraphs(removingSpaces: Bool) throws -> [String] {
        let url = corpusFolder.appendingPathComponent("rust-book-zh.md")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { throw missingRequirement("the corpus (\(url.path))") }
        var out: [String] = [], fence = false, frontMatter = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if frontMatter < 2, line == "---" { frontMatter += 1; continue }
            if frontMatter < 2 { continue }
            if line.hasPrefix("```") { fence.toggle(); continue }
            guard !fence, !line.isEmpty, !"#>-*|!<[0123456789".contains(line.first!) else { continue }
            var p = line
            for (pattern, template) in [(#"\[([^\]]*)\]\([^)]*\)"#, "$1"), (#"\[([^\]]*)\]\[[^\]]*\]"#, "$1"),
                                        (#"[`*_]"#, "")] {
                p = p.replacingOccurrences(of: pattern, with: template, options: .regularExpression)
            }
            if removingSpaces {
                let han = #"[\x{4E00}-\x{9FFF}\x{3000}-\x{303F}\x{FF00}-\x{FFEF}]"#
                p = p.replacingOccurrences(of: "(?<=\(han)) (?=[A-Za-z0-9])", with: "", options: .regularExpression)
                p = p.replacingOccurrences(of: "(?<=[A-Za-z0-9]) (?=\(han))", with: "", options: .regularExpression)
            }
            out.append(p)
        }
        return out
    }

    struct Figures: CustomStringConvertible {
        var lines = 0, hanLines = 0, widestGap = 0.0, gapsOverHalfEm = 0
        var kinsoku: [String] = []
        var boundaries = 0, unspaced: [String] = []
        var description: String {
            "\(lines) justified lines (\(hanLines) mostly Han): widest gap between ideographs \(String(format: "%.3f", widestGap)) em, "
                + "\(gapsOverHalfEm) gaps over 0.5 em; \(kinsoku.count) kinsoku violations; \(boundaries) Han–Latin boundaries, "
                + "\(unspaced.count) unspaced"
        }
    }

    static func measure(_ paragraphs: [String]) throws -> Figures {
        var attributes = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10))
        attributes.language = "zh-Hans"
        let storage = TextStorage(paragraphs.joined(separator: "\n"), attributes: attributes,
                                  paragraphStyle: ParagraphStyle(alignment: .justified, hyphenation: true))
        let manager = LayoutManager(textStorage: storage)
        // A two-column A4 page: 2 cm margins, a 6 mm gutter.
        let width = (595.28 - 2 * 56.69 - 17) / 2
        manager.addTextContainer(TextContainer(size: Size(width: width, height: 1e7)))
        manager.ensureLayout()
        if let run = manager.lineFragments.flatMap(\.glyphRuns).first(where: { $0.text.contains("的") }),
           !run.font.familyName.contains("CJK") {
            throw missingRequirement("fonts-noto-cjk (Noto CJK fonts)")
        }
        let closing = Set("。，、：；！？）」』》")
        let opening = Set("（「『《")
        func isLatin(_ s: String) -> Bool { s.unicodeScalars.first.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains(Character($0))) } ?? false }
        var f = Figures()
        for line in manager.lineFragments {
            let text = storage.substring(line.characterRange).trimmingCharacters(in: .whitespacesAndNewlines)
            if let first = text.first, closing.contains(first) { f.kinsoku.append("starts: \(text)") }
            if let last = text.last, opening.contains(last) { f.kinsoku.append("ends: \(text)") }
            let clusters = placedClusters(line)
            for (a, b) in zip(clusters, clusters.dropFirst()) where (isHan(a.text) && isLatin(b.text)) || (isLatin(a.text) && isHan(b.text)) {
                f.boundaries += 1
                let end = isHan(a.text) ? a.x + a.run.font.size * (a.run.attributes.expansion ?? 1) : a.run.bounds.maxX
                if b.x - end < 0.15 * 10 { f.unspaced.append("\(a.text)|\(b.text) in \(text)") }
            }
            guard !line.isLastLineOfParagraph else { continue }
            f.lines += 1
            let han = clusters.filter { isHan($0.text) }.count
            guard han * 2 > clusters.count else { continue }
            f.hanLines += 1
            for (a, b) in zip(clusters, clusters.dropFirst()) where isHan(a.text) && isHan(b.text) {
                let em = a.run.font.size
                let gap = (b.x - a.x - em * (a.run.attributes.expansion ?? 1)) / em
                f.widestGap = max(f.widestGap, gap)
                if gap > 0.5 { f.gapsOverHalfEm += 1 }
            }
        }
        return f
    }

    func testChineseProseMeetsClreqAsWrittenAndWithoutSpaces() throws {
        for removing in [false, true] {
            let figures = try Self.measure(Self.paragraphs(removingSpaces: removing))
            print("rust-book-zh, \(removing ? "Han–Latin spaces removed" : "as written"): \(figures)")
            XCTAssertGreaterThan(figures.hanLines, 500)
            XCTAssertLessThanOrEqual(figures.widestGap, 0.6, "no gap between ideographs wider than 0.6 em")
            XCTAssertEqual(figures.kinsoku, [], "no closing mark starts a line, no opening mark ends one")
            if removing { XCTAssertGreaterThan(figures.boundaries, 1000) }
            XCTAssertEqual(Array(figures.unspaced.prefix(5)), [], "every Han–Latin boundary is spaced")
        }
    }
}
