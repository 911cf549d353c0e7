import CSV
import FolioTestSupport
import FolioMarkup
import Foundation
import XCTest

/// Random mutations of valid JSON, YAML and CSV files — bytes inserted, deleted, repeated
/// and swapped, with the characters each format gives meaning to, invalid UTF-8, byte-order
/// marks and line ends — must each either load or throw a `DocumentError` with a line:
/// never crash, never hang. Seeded, so a failure repeats.
final class DataLoaderFuzzTests: XCTestCase {

    private static let seeds: [(DataFormat, String)] = [
        (.json, #"{"id": 7, "total": 12.50, "paid": true, "note": null, "lines": [{"item": "Zoë \u00e9", "qty": 2}, {"item": "😀 \ud83d\ude00", "qty": -1.5e3}]}"#),
        (.json, "[\r\n  {\"a\": [1, [2, [3, {\"b\": \"x\\\"y\"}]]]},\r\n  \"李雷\"\r\n]\r\n"),
        (.yaml, "name: Ann\nitems:\n  - {sku: A-1, price: 12.50, tags: [a, b]}\n  - sku: 'B 2'\n    price: ~\n    flag: true\nbase: &b\n  city: Zürich\nother: *b\ntext: |\n  two\n  lines\n"),
        (.yaml, "- [1, 2, [3, 4]]\n- \"q \\u00e9\"\n- ? plain\n- # comment\n  x: y\n"),
        (.yaml, "# list\n---\n- id: 1\n  name: 'Ann'\n  lines:\n    - {sku: A-1, qty: 2}\n    - sku: \"B\n      2\"\n# note\n- id: 2\n  text: |\n    a\n    - b\n- &k {id: 3, same: [x]}\n-\n  id: 4\n"),
        (.csv, "id,name,amount\r\n1,Ann,12.50\r\n2,\"Zoë, \"\"Z\"\"\",\"two\r\nlines\"\r\n\r\n3,李,\r\n"),
        (.csv, "\u{FEFF}a\n1\n\"\"\n\n\"x\ny\"\n"),
    ]

    private static let insertions: [[UInt8]] = [
        "{", "}", "[", "]", "\"", "'", ",", ":", "\n", "\r\n", "\r", "\\", "\\u", "\\ud83d", "*b", "&a ", "? ", "- ", "#",
        "  ", "\t", "0", "01", "-", "1e999", ".", "e", "true", "null", "~", "|", ">", "!!str ", "\u{FEFF}", "é", "😀", "\0",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80]]

    private func mutate(_ input: [UInt8], _ g: inout SplitMix64) -> [UInt8] {
        var b = input
        for _ in 0..<(1 + g.below(4)) {
            let at = g.below(b.count + 1)
            switch g.below(5) {
            case 0, 1: b.insert(contentsOf: g.pick(Self.insertions), at: at)
            case 2: if at < b.count { b.removeSubrange(at..<min(b.count, at + 1 + g.below(4))) }
            case 3:
                let end = min(b.count, at + 1 + g.below(12))
                if at < end { b.insert(contentsOf: Array(b[at..<end]), at: g.below(b.count + 1)) }
            default:
                let other = g.below(b.count)
                if at < b.count { b.swapAt(at, other) }
            }
        }
        return b
    }

    func testMutatedDataFilesLoadOrFailWithALine() {
        var g = SplitMix64(seed: 0x5EED_DA7A_0010)
        var loaded = 0, failed = 0
        for round in 0..<1200 {
            let (format, seed) = g.pick(Self.seeds)
            let bytes = mutate(Array(seed.utf8), &g)
            let start = Date()
            do {
                _ = try DataLoader.load(data: Data(bytes), format: format, file: "fuzz")
                loaded += 1
            } catch let e as DocumentError {
                XCTAssertNotNil(e.line, "round \(round) (\(format)): \(e) for \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                XCTAssertEqual(e.path, "fuzz")
                failed += 1
            } catch {
                XCTFail("round \(round) (\(format)): not a DocumentError: \(error)")
            }
            XCTAssertLessThan(Date().timeIntervalSince(start), 2, "round \(round) (\(format)) took too long")
        }
        XCTAssertGreaterThan(loaded, 100, "mutations that still load")
        XCTAssertGreaterThan(failed, 100, "mutations that are errors")
    }

    /// The JSON reader's own grammar accepts what JSONSerialization accepts (which it
    /// replaced for valid files), apart from what Folio refuses on purpose: a key repeated
    /// in one object.
    func testTheJSONReaderAcceptsWhatJSONSerializationAccepts() {
        var g = SplitMix64(seed: 0x15_0B)
        var compared = 0
        for (format, seed) in Self.seeds where format == .json {
            for _ in 0..<1500 {
                let bytes = mutate(Array(seed.utf8), &g)
                let ours = (try? DataLoader.load(data: Data(bytes), format: .json, file: "f.json")) != nil
                let theirs = (try? JSONSerialization.jsonObject(with: Data(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes),
                                                               options: [.fragmentsAllowed])) != nil
                compared += 1
                if ours != theirs {
                    let text = String(decoding: bytes, as: UTF8.self)
                    if !ours, theirs, Self.repeatsAKey(bytes) { continue }   // refused on purpose
                    XCTFail("ours \(ours), JSONSerialization \(theirs): \(text.debugDescription)")
                }
            }
        }
        XCTAssertGreaterThan(compared, 2000)
    }

    /// A CSV file's rows, split one at a time from where the check found them, are the
    /// rows CSV.swift gives splitting the whole file (blank lines left out), and the
    /// records of every file the whole loader refuses are refused with the same error.
    func testCSVRowsSplitOneAtATimeAreTheWholeFilesRows() throws {
        var g = SplitMix64(seed: 0xC5F_0001)
        var compared = 0
        for (format, seed) in Self.seeds where format == .csv {
            for _ in 0..<1500 {
                let bytes = mutate(Array(seed.utf8), &g)
                var whole: DataValue?, wholeError = "", lazyError = ""
                do { whole = try DataLoader.load(data: Data(bytes), format: .csv, file: "f.csv") } catch { wholeError = "\(error)" }
                var lazy: DataRecords?
                do { lazy = try DataLoader.records(data: Data(bytes), format: .csv, file: "f.csv") } catch { lazyError = "\(error)" }
                XCTAssertEqual(wholeError, lazyError)
                guard case .array(let values)? = whole, let lazy else { continue }
                XCTAssertEqual(Array(lazy), values)
                let text = String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
                let reader = try CSVReader(string: text, hasHeaderRow: true)
                let header = try XCTUnwrap(reader.headerRow)
                guard header.count > 1 else { continue }   // one column: a blank line and `""` both split as [""]
                var rows: [[String]] = []
                while let row = reader.next() { if row != [""] { rows.append(row) } }
                let ours = values.map { value -> [String] in
                    guard case .object(let o) = value else { return [] }
                    return o.values.map { if case .string(let s) = $0 { return s } else { return "?" } }
                }
                XCTAssertEqual(ours, rows, text.debugDescription)
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 300)
    }

    /// A YAML list read one item at a time gives what reading it whole gives; a file
    /// read whole refuses is never split (its error comes from the whole read).
    func testYAMLItemsReadOneAtATimeAreTheWholeFilesItems() {
        var g = SplitMix64(seed: 0x9A31_0002)
        var split = 0, whole = 0
        for (format, seed) in Self.seeds where format == .yaml {
            for _ in 0..<1500 {
                let bytes = mutate(Array(seed.utf8), &g)
                let all = try? DataLoader.load(data: Data(bytes), format: .yaml, file: "f.yaml")
                let records = try? DataLoader.records(data: Data(bytes), format: .yaml, file: "f.yaml")
                guard let records = records ?? nil else { whole += 1; continue }
                split += 1
                guard case .array(let values)? = all else {
                    XCTFail("split, but the whole file reads as \(String(describing: all)): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                    continue
                }
                XCTAssertEqual(Array(records), values, String(decoding: bytes, as: UTF8.self).debugDescription)
            }
        }
        XCTAssertGreaterThan(split, 300)
        XCTAssertGreaterThan(whole, 300)
    }

    /// Whether the reader refused `bytes` for a key given twice in one object.
    private static func repeatsAKey(_ bytes: [UInt8]) -> Bool {
        do { _ = try DataLoader.load(data: Data(bytes), format: .json, file: "f.json"); return false }
        catch { return "\(error)".contains("is repeated") }
    }
}
