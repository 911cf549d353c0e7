import FolioMarkup
import FolioTestSupport
import Foundation
import XCTest

/// Data files for templates: JSON, YAML and CSV loaded into `DataValue`s, and every error
/// with its file, line and column.
final class DataLoaderTests: XCTestCase {
    private func load(_ text: String, _ format: DataFormat, file: String = "d") throws -> DataValue {
        try DataLoader.load(data: Data(text.utf8), format: format, file: file)
    }

    /// The message of the error loading `text` throws (`file:line:column: reason`).
    private func failure(_ text: String, _ format: DataFormat, file: String = "d",
                         line: UInt = #line) -> String {
        failure(Data(text.utf8), format, file: file, line: line)
    }

    private func failure(_ data: Data, _ format: DataFormat, file: String = "d", line: UInt = #line) -> String {
        do {
            let v = try DataLoader.load(data: data, format: format, file: file)
            XCTFail("loaded \(v)", line: line)
            return ""
        } catch let e as DocumentError {
            return e.description
        } catch {
            XCTFail("not a DocumentError: \(error)", line: line)
            return ""
        }
    }

    private func num(_ s: String) -> DataValue { .number(DataNumber(s)!) }
    private func obj(_ pairs: KeyValuePairs<String, DataValue>) -> DataValue {
        .object(DataObject(keys: pairs.map(\.key), values: pairs.map(\.value)))
    }

    // MARK: The value model

    func testLookupFollowsDottedNamesThroughObjectsAndArrays() {
        let v = obj(["customer": obj(["name": .string("Ann"), "lines": .array([obj(["qty": num("2")])])])])
        XCTAssertEqual(v.lookup(path: "customer.name"), .string("Ann"))
        XCTAssertEqual(v.lookup(path: "customer.lines.0.qty")?.numberValue?.double, 2)
        XCTAssertNil(v.lookup(path: "customer.lines.1"))
        XCTAssertNil(v.lookup(path: "customer.name.first"))
        XCTAssertNil(v.lookup(path: "nobody"))
        XCTAssertEqual(v.lookup(path: ""), v)
        XCTAssertEqual(v["customer"]?["lines"]?[0]?["qty"], num("2"))
    }

    func testNumbersKeepTheirTextAndLargeObjectsFindKeys() {
        XCTAssertEqual(DataNumber("12.50")?.text, "12.50")
        XCTAssertEqual(DataNumber("12.50")?.double, 12.5)
        XCTAssertNotEqual(DataNumber("1.0"), DataNumber("1"))
        XCTAssertNil(DataNumber("1e400"))
        XCTAssertNil(DataNumber("abc"))
        XCTAssertEqual(DataNumber("12.0")?.int, 12)
        XCTAssertNil(DataNumber("12.5")?.int)
        let keys = (0..<20).map { "k\($0)" }
        let o = DataObject(keys: keys, values: keys.map(DataValue.string))
        XCTAssertEqual(o["k17"], .string("k17"))
        XCTAssertNil(o["k20"])
        XCTAssertEqual(o.map(\.key), keys)
    }

    func testFormatComesFromTheExtension() throws {
        XCTAssertEqual(DataFormat(path: "a/b.JSON"), .json)
        XCTAssertEqual(DataFormat(path: "b.yml"), .yaml)
        XCTAssertEqual(DataFormat(path: "b.yaml"), .yaml)
        XCTAssertEqual(DataFormat(path: "x.d/b.csv"), .csv)
        XCTAssertNil(DataFormat(path: "b.txt"))
        XCTAssertNil(DataFormat(path: ".json"))
        let dir = try makeTemporaryDirectory("folio-data")
        defer { try? FileManager.default.removeItem(at: dir) }
        let txt = dir.appendingPathComponent("d.txt").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: txt))
        XCTAssertThrowsError(try DataLoader.load(path: txt)) {
            XCTAssertEqual("\($0)", "\(txt): '.txt' is not a data format: use .json, .yaml, .yml or .csv")
        }
        let missing = dir.appendingPathComponent("none.json").path
        XCTAssertThrowsError(try DataLoader.load(path: missing)) { XCTAssertEqual("\($0)", "\(missing): no such data file") }
        let good = dir.appendingPathComponent("ok.json").path
        try Data(#"{"a": [1, 2]}"#.utf8).write(to: URL(fileURLWithPath: good))
        XCTAssertEqual(try DataLoader.load(path: good), obj(["a": .array([num("1"), num("2")])]))
    }

    func testFilesOverTheSizeLimitAreRefusedBeforeReading() throws {
        let dir = try makeTemporaryDirectory("folio-data")
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = dir.appendingPathComponent("big.json")
        // A sparse file: its size says too large, and nothing is read.
        FileManager.default.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(DataLimits.maximumFileBytes) + 1)
        try handle.close()
        XCTAssertThrowsError(try DataLoader.load(path: big.path)) {
            XCTAssertEqual("\($0)", "\(big.path): larger than 512 MB, the most a data file may be")
        }
    }

    // MARK: JSON

    func testJSONKeepsKeyOrderNumbersAsWrittenAndBooleansApartFromNumbers() throws {
        let v = try load(#"{"z": 1, "a": 12.50, "m": true, "n": null, "o": 0, "f": false, "e": -1.5e3, "s": "x"}"#, .json)
        XCTAssertEqual(v.objectValue?.keys, ["z", "a", "m", "n", "o", "f", "e", "s"])
        XCTAssertEqual(v["a"], num("12.50"))
        XCTAssertEqual(v["a"]?.numberValue?.text, "12.50")
        XCTAssertEqual(v["m"], .bool(true))
        XCTAssertEqual(v["o"], num("0"))
        XCTAssertEqual(v["f"], .bool(false))
        XCTAssertEqual(v["n"], .null)
        XCTAssertEqual(v["e"]?.numberValue?.double, -1500)
    }

    func testJSONArraysOfNestedRecordsUnicodeAndSurrogatePairs() throws {
        let text = """
        [
          {"id": 1, "customer": {"name": "Zoë \\u00e9\\u20ac", "tags": ["a", "b"]}, "emoji": "\\ud83d\\ude00"},
          {"id": 2, "customer": {"name": "李雷", "tags": []}, "emoji": "😀", "esc": "q\\"\\\\\\/\\n\\t"}
        ]
        """
        let v = try load(text, .json)
        XCTAssertEqual(v.arrayValue?.count, 2)
        XCTAssertEqual(v.lookup(path: "0.customer.name"), .string("Zoë é€"))
        XCTAssertEqual(v.lookup(path: "0.customer.tags.1"), .string("b"))
        XCTAssertEqual(v.lookup(path: "0.emoji"), .string("😀"))
        XCTAssertEqual(v.lookup(path: "1.emoji"), .string("😀"))
        XCTAssertEqual(v.lookup(path: "1.customer.name"), .string("李雷"))
        XCTAssertEqual(v.lookup(path: "1.customer.tags"), .array([]))
        XCTAssertEqual(v.lookup(path: "1.esc"), .string("q\"\\/\n\t"))
    }

    func testJSONWithCRLFAndABOM() throws {
        let v = try load("\u{FEFF}{\r\n  \"a\": [1,\r\n 2]\r\n}\r\n", .json)
        XCTAssertEqual(v, obj(["a": .array([num("1"), num("2")])]))
        XCTAssertEqual(failure("\u{FEFF}{\r\n  \"a\": [1,\r\n x]\r\n}", .json, file: "c.json"),
                       "c.json:3:2: not valid JSON: invalid value")
        XCTAssertEqual(try load("  7 ", .json), num("7"))
    }

    func testJSONErrorsHaveLineAndColumn() {
        // The byte offset (17, past two 2- and 3-byte characters) becomes line 3, column 3.
        XCTAssertEqual(failure("{\n  \"é€\": 1\n  \"b\": 2\n}", .json, file: "d.json"), "d.json:3:3: not valid JSON: invalid value")
        XCTAssertEqual(failure("[\"a\tb\"]", .json), "d:1:4: not valid JSON: unescaped control character")
        XCTAssertEqual(failure("[1,\n  01]", .json), "d:2:4: not valid JSON: number with leading zero")
        XCTAssertEqual(failure("[1e400]", .json), "d:1:2: not valid JSON: the number 1e400 is out of range")
        XCTAssertEqual(failure("[1,\n2", .json), "d:2:2: not valid JSON: unexpected end of file during JSON parse")
        XCTAssertEqual(failure("", .json), "d:1:1: not valid JSON: unexpected end of file during JSON parse")
        XCTAssertEqual(failure("{\"a\": 1,\n \"b\": 2, \"a\": 3}", .json), "d:2:10: key 'a' is repeated in this object")
    }

    func testJSONNestingDeeperThanTheLimitIsRefused() throws {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        XCTAssertNoThrow(try load(ok, .json))
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        XCTAssertEqual(failure(deep, .json), "d:1:65: nested deeper than 64 levels")
        let deeper = String(repeating: "{\"a\":", count: 600) + "1" + String(repeating: "}", count: 600)
        XCTAssertEqual(failure(deeper, .json), "d:1:\(5 * 64 + 1): nested deeper than 64 levels")
        let beyondFoundation = String(repeating: "[", count: 20000)
        XCTAssertTrue(failure(beyondFoundation, .json).hasSuffix("nested deeper than 64 levels"))
    }

    func testInvalidUTF8IsAnErrorAtItsByte() {
        var bytes = Data("{\"a\":\n \"x".utf8)
        bytes.append(0xFF)
        bytes.append(contentsOf: Array("\"}".utf8))
        XCTAssertEqual(failure(bytes, .json), "d:2:4: not valid UTF-8 (byte 9 of the file, counting from 0); data files must be UTF-8")
        var csv = Data("a,b\n1,".utf8)
        csv.append(contentsOf: [0xC3, 0x28])
        XCTAssertEqual(failure(csv, .csv), "d:2:3: not valid UTF-8 (byte 6 of the file, counting from 0); data files must be UTF-8")
        // Past the first megabyte (the check goes a megabyte at a time): a character
        // across the cut is whole, a bad byte later is found at its offset.
        // (3 + 6 × 174 762 bytes: the megabyte ends inside an é.)
        let lines = 200_000
        var big = Data("vv\n".utf8)
        big.append(contentsOf: Array(repeating: Array("é李\n".utf8), count: lines).joined())
        XCTAssertEqual(big[1 << 20] & 0xC0, 0x80, "the first megabyte ends inside a character")
        big.append(contentsOf: Array("é李😀\n".utf8))
        XCTAssertEqual(try DataLoader.records(data: big, format: .csv, file: "d")?.count, lines + 1)
        let bad = big.count - 2
        big.append(contentsOf: [0x78, 0xE6, 0x9D, 0x0A])
        XCTAssertEqual(failure(big, .csv), "d:\(lines + 3):2: not valid UTF-8 (byte \(bad + 3) of the file, counting from 0); data files must be UTF-8")
    }

    // MARK: YAML

    func testYAMLScalarsAreTypedByTheDocumentedRule() throws {
        let text = """
        a: true
        b: False
        c: ~
        d: null
        e:
        f: 12.50
        g: -3
        h: "12"
        i: 0x1F
        j: .inf
        k: yes
        l: 1e3
        m: !!str 7
        n: 'true'
        o: +.5
        """
        let v = try load(text, .yaml)
        XCTAssertEqual(v.objectValue?.keys, ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o"])
        XCTAssertEqual(v["a"], .bool(true))
        XCTAssertEqual(v["b"], .bool(false))
        XCTAssertEqual(v["c"], .null)
        XCTAssertEqual(v["d"], .null)
        XCTAssertEqual(v["e"], .null)
        XCTAssertEqual(v["f"]?.numberValue?.text, "12.50")
        XCTAssertEqual(v["g"], num("-3"))
        XCTAssertEqual(v["h"], .string("12"))
        XCTAssertEqual(v["i"], .string("0x1F"))
        XCTAssertEqual(v["j"], .string(".inf"))
        XCTAssertEqual(v["k"], .string("yes"))
        XCTAssertEqual(v["l"]?.numberValue?.double, 1000)
        XCTAssertEqual(v["m"], .string("7"))
        XCTAssertEqual(v["n"], .string("true"))
        XCTAssertEqual(v["o"]?.numberValue?.double, 0.5)
    }

    func testYAMLRecordsAnchorsUnicodeCRLFAndBOM() throws {
        let text = "\u{FEFF}base: &b\r\n  city: Zürich\r\nitems:\r\n  - {name: \"😀 \\u00e9\", qty: 2}\r\n  - name: 李\r\n    at: *b\r\n"
        let v = try load(text, .yaml)
        XCTAssertEqual(v.lookup(path: "items.0.name"), .string("😀 é"))
        XCTAssertEqual(v.lookup(path: "items.0.qty"), num("2"))
        XCTAssertEqual(v.lookup(path: "items.1.at.city"), .string("Zürich"))
        XCTAssertEqual(v.lookup(path: "items.1.name"), .string("李"))
        XCTAssertEqual(try load("", .yaml), .null)
        // YAML has \U for characters beyond the BMP; JSON's surrogate pairs are not YAML.
        XCTAssertEqual(failure("a: \"\\ud83d\\ude00\"\n", .yaml),
                       "d:1:7: not valid YAML: found invalid Unicode character escape code (while parsing a quoted scalar)")
        XCTAssertEqual(try load("a: \"\\U0001F600\"\n", .yaml)["a"], .string("😀"))
    }

    func testYAMLErrorsHaveLineAndColumn() {
        XCTAssertTrue(failure("a: 1\nb: [1, 2\nc: 3\n", .yaml, file: "d.yaml").hasPrefix("d.yaml:3:"), failure("a: 1\nb: [1, 2\nc: 3\n", .yaml))
        XCTAssertEqual(failure("a: 1\nb: 2\na: 3\n", .yaml), "d:1:1: 'a' set more than once")
        XCTAssertEqual(failure("a:\n  [1, 2]: x\n", .yaml), "d:2:3: a key must be a plain name, not a list or mapping")
        XCTAssertEqual(failure("a: *nope\n", .yaml), "d:1:4: not valid YAML: found undefined alias")
    }

    func testYAMLNestingAndBillionLaughsAreBounded() throws {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for i in 1...9 { lines.append("a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]") }
        let start = Date()
        let message = failure(lines.joined(separator: "\n") + "\n", .yaml)
        XCTAssertTrue(message.hasSuffix("more than 1000000 values once aliases are expanded"), message)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
        // Aliases as keys would make Yams compare expanded keys: refused before parsing.
        XCTAssertEqual(failure("a: &a [1, 2]\nb:\n  *a : 1\n", .yaml), "d:3:3: an alias (*name) or a complex key (? …) may not be used as a key in data files")
        XCTAssertEqual(failure("a: &a [1]\n? *a\n: 1\n", .yaml), "d:2:1: an alias (*name) or a complex key (? …) may not be used as a key in data files")
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        XCTAssertNoThrow(try load(ok, .yaml))
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        XCTAssertEqual(failure(deep, .yaml), "d:1:65: nested deeper than 64 levels")
        let beyondLibYAML = String(repeating: "[", count: 20000)
        XCTAssertTrue(failure(beyondLibYAML, .yaml).hasSuffix(": nested deeper than 64 levels"))
        XCTAssertEqual(failure("a: &a [1]\nb: {[*a]: 1}\n", .yaml), "d:2:8: an alias (*name) or a complex key (? …) may not be used as a key in data files")
    }

    // MARK: CSV

    func testCSVRowsAreObjectsOfStrings() throws {
        let v = try load("id,name,amount\n1,Ann,12.50\n2,\"Zoë, \"\"Z\"\"\",  7 \n", .csv)
        XCTAssertEqual(v, .array([
            obj(["id": .string("1"), "name": .string("Ann"), "amount": .string("12.50")]),
            obj(["id": .string("2"), "name": .string("Zoë, \"Z\""), "amount": .string("  7 ")]),
        ]))
        XCTAssertEqual(try load("a,b\n", .csv), .array([]))
        XCTAssertEqual(try load("a,b\n1,", .csv), .array([obj(["a": .string("1"), "b": .string("")])]))
    }

    func testCSVBOMCRLFBlankLinesAndQuotedNewlinesKeepLineNumbers() throws {
        let v = try load("\u{FEFF}id,note\r\n1,\"two\r\nlines\"\r\n\r\n2,李\r\n", .csv)
        XCTAssertEqual(v, .array([
            obj(["id": .string("1"), "note": .string("two\r\nlines")]),
            obj(["id": .string("2"), "note": .string("李")]),
        ]))
        // Line 6 is the bad row, after a field with two line breaks (LF, CR LF) and a blank line.
        XCTAssertEqual(failure("id,note\n1,\"a\nb\r\nc\"\n\n2\n", .csv, file: "d.csv"), "d.csv:6: this row has 1 field, the header row 2")
        XCTAssertEqual(failure("id,note\r1,\"a\rb\"\r2,x,y\r", .csv), "d:4: this row has 3 fields, the header row 2")
        // One column: an empty line is skipped, a quoted empty field is a value.
        XCTAssertEqual(try load("a\n\n\"\"\nx\n", .csv), .array([obj(["a": .string("")]), obj(["a": .string("x")])]))
    }

    func testCSVErrorsHaveLineAndColumn() {
        XCTAssertEqual(failure("id,,name\n", .csv), "d:1:4: field 2 of the header row has no name")
        XCTAssertEqual(failure("id,name,\n", .csv), "d:1:9: field 3 of the header row has no name")
        XCTAssertEqual(failure("id,李,\"李\"\n", .csv), "d:1:6: field name '李' is used twice in the header row (fields 2 and 3)")
        XCTAssertEqual(failure("", .csv), "d:1:1: an empty CSV file: the first row must name the fields")
        XCTAssertEqual(failure("a,b\n1,x\"y\n", .csv),
                       "d:2:4: a quote inside an unquoted field: quote the whole field and double the quote (\"a \"\"b\"\"\")")
        XCTAssertEqual(failure("a,b\n1,\"ab\"cd\n", .csv),
                       "d:2:7: text after a closing quote: a quote inside a quoted field is written twice (\"\")")
        XCTAssertEqual(failure("a,b\n1,x\n2,\"open\n3,y\n", .csv), "d:3:3: this quoted field is never closed")
    }

    func testAYAMLListIsReadOneItemAtATimeAsTheWholeIs() throws {
        let list = """
            # customers
            ---
            - id: 1
              name: "Ann \\u00e9
                two lines"
              note: |
                kept
                - as written
            # between items
            - &x {id: 2, tags: [a, b], again: *x-no}
            -
              id: 3
              base: &b {city: Zürich}
              same: *b
            - plain text
            - [1, 2]
            """.replacingOccurrences(of: "*x-no", with: "'*x'") + "\r\n- id: 6\r\n  n: 2.50\r\n"
        let whole = try DataLoader.load(data: Data(list.utf8), format: .yaml, file: "list.yaml")
        let records = try XCTUnwrap(try DataLoader.records(data: Data(list.utf8), format: .yaml, file: "list.yaml"))
        guard case .array(let values) = whole else { return XCTFail("\(whole)") }
        XCTAssertEqual(values.count, 6)
        XCTAssertEqual(Array(records), values)
        XCTAssertEqual((0..<records.count).map(records.isObject(at:)), [true, true, true, false, false, true])
        // Read whole: an alias to another item's anchor, a flow list, text at the left
        // edge, a second document; and a file that is not valid (its error comes from `load`).
        for other in ["- &a {n: 1}\n- *a\n", "[{n: 1}, {n: 2}]\n", "- n: 1\nx: 2\n", "- n: 1\n...\n", "- n: [1\n- n: 2]\n"] {
            XCTAssertNil(try DataLoader.records(data: Data(other.utf8), format: .yaml, file: "o.yaml"), other)
        }
        XCTAssertEqual(try DataLoader.load(data: Data("- &a {n: 1}\n- *a\n".utf8), format: .yaml, file: "o.yaml"),
                       .array([obj(["n": num("1")]), obj(["n": num("1")])]))
    }

    func testAJSONListIsReadOneRecordAtATimeAsTheWholeIs() throws {
        let text = "[ {\"n\": 1, \"items\": [{\"a\": \"x\"}, 2.50]}, {\"n\": 2, \"note\": \"\\u00e9 \\ud83d\\ude00\"},\r\n {\"n\": 3} , \"text\", [1, 2] ]"
        let whole = try DataLoader.load(data: Data(text.utf8), format: .json, file: "list.json")
        let records = try XCTUnwrap(try DataLoader.records(data: Data(text.utf8), format: .json, file: "list.json"))
        guard case .array(let values) = whole else { return XCTFail("\(whole)") }
        XCTAssertEqual(Array(records), values)
        XCTAssertEqual((0..<records.count).map(records.isObject(at:)), [true, true, true, false, false])
        XCTAssertNil(try DataLoader.records(data: Data(#"{"n": 1}"#.utf8), format: .json, file: "one.json"), "one record is no list")
        XCTAssertNil(try DataLoader.records(data: Data("a: 1\n".utf8), format: .yaml, file: "one.yaml"), "one record is no list")
        // A bad file is refused as the whole reader refuses it, at the same place.
        for bad in [#"[{"a": 1}, {"a": 2,, "b": 3}]"#, #"[{"a": 1, "a": 2}]"#, "[1, 2", #"[{"a": tru}]"#] {
            var a = "", b = ""
            do { _ = try DataLoader.load(data: Data(bad.utf8), format: .json, file: "bad.json") } catch { a = "\(error)" }
            do { _ = try DataLoader.records(data: Data(bad.utf8), format: .json, file: "bad.json") } catch { b = "\(error)" }
            XCTAssertFalse(a.isEmpty, bad)
            XCTAssertEqual(a, b, bad)
        }
    }
}
