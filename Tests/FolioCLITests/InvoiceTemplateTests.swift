import FolioDocument
import FolioTestSupport
import Foundation
import XCTest

/// The built-in `invoice` template with its example: one invoice per record, each
/// numbering its own pages, line items with the header repeated and the subtotal carried
/// at each break, and totals that add up.
final class InvoiceTemplateTests: XCTestCase {
    private let documents = repositoryDirectory.appendingPathComponent("Examples/Documents")

    /// Pounds in a word such as "£1,234.50" (nil for other words).
    private func pounds(_ word: String) -> Double? {
        guard word.hasPrefix("£") else { return nil }
        return Double(word.dropFirst().replacingOccurrences(of: ",", with: ""))
    }

    func testTheExampleSetsEachInvoiceWithCarriedSubtotalsThatAddUp() throws {
        let dir = try makeTemporaryDirectory()
        let pdf = dir.appendingPathComponent("invoices.pdf").path
        let result = try folio(["render", documents.appendingPathComponent("invoice.md").path,
                                "--data", documents.appendingPathComponent("invoice.yaml").path, "-o", pdf], environment: fixedEpoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try qpdfCheck(pdf).status, 0)
        guard case .array(let data) = try DataLoader.load(path: documents.appendingPathComponent("invoice.yaml").path) else {
            return XCTFail("invoice.yaml is a list of invoices")
        }
        let pages = try pdfPageCount(pdf)
        var invoice = -1
        var itemsSeen = 0
        var expectedPages = 0
        for p in 1...pages {
            let words = try pdfWords(pdf, first: p)
            let text = words.map(\.text).joined(separator: " ")
            // The footer: "Page k of n" of the invoice's own pages.
            let page = try XCTUnwrap(text.range(of: #"Page (\d+) of (\d+)"#, options: .regularExpression).map { String(text[$0]) })
            let numbers = page.split(separator: " ").compactMap { Int($0) }
            if numbers[0] == 1 {
                invoice += 1
                itemsSeen = 0
                expectedPages = numbers[1]
                XCTAssertTrue(text.contains("Invoice \(data[invoice].lookup(path: "number")?.stringValue ?? "?")"), "page \(p) opens invoice \(invoice)")
            } else {
                XCTAssertEqual(numbers[1], expectedPages)
            }
            // Line items on this page, and the subtotal (or total) closing them.
            guard case .array(let items)? = data[invoice].lookup(path: "items") else { return XCTFail("invoice \(invoice) has items") }
            guard let subtotal = words.firstIndex(where: { $0.text == "Subtotal" }) else { continue }
            if numbers[0] > 1 { XCTAssertTrue(text.hasPrefix("Example Industries") && text.contains("Line items (continued)"), "page \(p)") }
            let amounts = items.map { $0.lookup(path: "amount")?.numberValue?.double ?? .nan }
            let count = words[..<subtotal].filter { w in w.xMin > 480 && pounds(w.text) != nil }.count
            itemsSeen += count
            let carried = try XCTUnwrap(words[subtotal...].lazy.compactMap { self.pounds($0.text) }.first)
            XCTAssertEqual(carried, amounts.prefix(itemsSeen).reduce(0, +), accuracy: 0.005, "page \(p): the subtotal of the items so far")
        }
        XCTAssertEqual(invoice, data.count - 1, "one invoice per record")
        XCTAssertGreaterThan(pages, data.count, "the long invoice runs over pages")
    }
}
