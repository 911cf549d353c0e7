import FolioTestSupport
import Foundation
import XCTest

/// `--jobs N` (records set on several threads), per-record anchors, every record's build
/// warnings, and shards that do not build record 1.
final class MergeJobsCommandTests: XCTestCase {
    /// Seven records; Bob's and Flo's run to two pages; Di's body has a link to its own
    /// heading and raw HTML the builder warns about.
    private var seven: String {
        let names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"]
        let items: [[String: Any]] = names.enumerated().map { i, name in
            let body = name == "Bob" || name == "Flo" ? MergeFixture.long(12)
                : name == "Di" ? "See [below](#hello-di), <blink>now</blink>." : "Short."
            return ["id": "r\(i + 1)", "name": name, "amount": i + 1, "body": body]
        }
        return MergeFixture.json(items)
    }

    private func setUp(_ doc: String = MergeFixture.letter, data: String) throws -> (dir: URL, doc: String, data: String) {
        let dir = try makeTemporaryDirectory()
        return (dir, try write(doc, "doc.md", in: dir), try write(data, "data.json", in: dir))
    }

    private func render(_ doc: String, _ data: String, _ extra: [String]) throws -> ProcessResult {
        try folio(["render", doc, "-t", "report", "--data", data] + extra, environment: fixedEpoch)
    }

    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    func testAMergeIsTheSameBytesWithOneTwoOrThreeJobs() throws {
        let (dir, doc, data) = try setUp(data: seven)
        var pdfs: [Data] = []
        for jobs in [1, 2, 3] {
            let pdf = dir.appendingPathComponent("jobs\(jobs).pdf").path
            let result = try render(doc, data, ["-o", pdf, "--jobs", "\(jobs)"])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stdout, "\(pdf): 9 pages\n")
            pdfs.append(try bytes(pdf))
        }
        XCTAssertEqual(pdfs[1], pdfs[0], "--jobs 2")
        XCTAssertEqual(pdfs[2], pdfs[0], "--jobs 3")
        let pdf = dir.appendingPathComponent("jobs2.pdf").path
        XCTAssertEqual(try qpdfCheck(pdf).status, 0)
        // Records in order, each numbering its own pages.
        let text = try (1...9).map { try pdfText(pdf, first: $0) }
        XCTAssertTrue(text[3].contains("Dear Cy, you owe 3.") && text[3].contains("Page 1 of 1"), text[3])
        XCTAssertTrue(text[8].contains("Dear Gus, you owe 7."), text[8])
        XCTAssertTrue(text[7].contains("Page 2 of 2") && !text[7].contains("Dear"), "Flo's second page: \(text[7])")
    }

    func testEachIsTheSameFilesWithOneOrTwoJobsAndSaysThemInOrder() throws {
        let (dir, doc, data) = try setUp(data: seven)
        var outputs: [[Data]] = []
        for jobs in [1, 2] {
            let out = dir.appendingPathComponent("out\(jobs)").path
            let result = try render(doc, data, ["--each", out + "/{{id}}.pdf", "--jobs", "\(jobs)"])
            XCTAssertEqual(result.status, 0, result.stderr)
            let pages = [1, 2, 1, 1, 1, 2, 1]
            XCTAssertEqual(result.stdout, (1...7).map { "\(out)/r\($0).pdf: \(pages[$0 - 1]) page\(pages[$0 - 1] == 1 ? "" : "s")\n" }.joined())
            outputs.append(try (1...7).map { try bytes("\(out)/r\($0).pdf") })
        }
        XCTAssertEqual(outputs[1], outputs[0])
    }

    func testALinkInARecordGoesToThatRecordsHeading() throws {
        // Every record links to its own "Details" heading, which is on its second page.
        let doc = """
        # Letter {{name}}

        See [the details](#details) below.

        {{{body}}}

        ## Details {#details}

        Details for {{name}}.

        """
        let items: [[String: Any]] = ["Ann", "Bob", "Cy"].map { ["name": $0, "body": MergeFixture.long(12)] }
        let (dir, path, data) = try setUp(doc, data: MergeFixture.json(items))
        for jobs in [1, 2] {
            let pdf = dir.appendingPathComponent("links\(jobs).pdf").path
            let result = try render(path, data, ["-o", pdf, "--jobs", "\(jobs)"])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(try pdfPageCount(pdf), 6)
            let links = try linkTargets(pdf)
            XCTAssertEqual(links.map(\.page), [1, 3, 5], "one link on each record's first page")
            XCTAssertEqual(links.map(\.target), [2, 4, 6], "each to its own record's heading")
            for (link, name) in zip(links, ["Ann", "Bob", "Cy"]) {
                XCTAssertTrue(try pdfText(pdf, first: link.target).contains("Details for \(name)."), name)
            }
        }
    }

    func testEveryRecordsBuildWarningsAreSaidOnceWithTheFirstRecordGivingThem() throws {
        let doc = "# {{name}}\n\n{{{body}}}\n"
        let data = "name,body\nAnn,\"Hi <blink>a</blink>\"\nBob,plain\nCy,\"Yo <blink>c</blink>\"\nDi,\"x <marquee>d</marquee>\"\n"
        let dir = try makeTemporaryDirectory()
        let path = try write(doc, "doc.md", in: dir), csv = try write(data, "data.csv", in: dir)
        let blink = "\(path):3:1: HTML <blink> is not set; the text around it is kept"
        let marquee = "\(path):3:1: HTML <marquee> is not set; the text around it is kept"
        for jobs in ["1", "2"] {
            let one = try folio(["render", path, "--data", csv, "-o", dir.appendingPathComponent("w.pdf").path, "--jobs", jobs],
                                environment: fixedEpoch)
            XCTAssertEqual(one.status, 0, one.stderr)
            XCTAssertEqual(one.stderr, "folio: warning: record 1: \(blink) (and 1 more record)\nfolio: warning: record 4: \(marquee)\n")
            let each = try folio(["render", path, "--data", csv, "--each", dir.path + "/each/{{name}}.pdf", "--jobs", jobs],
                                 environment: fixedEpoch)
            XCTAssertEqual(each.status, 0, each.stderr)
            XCTAssertEqual(each.stderr, one.stderr)
        }
        // A shard says its own records' warnings, numbered as in the whole list.
        let shard = try folio(["render", path, "--data", csv, "-o", dir.appendingPathComponent("s.pdf").path, "--shard", "1/2"],
                              environment: fixedEpoch)
        XCTAssertEqual(shard.stderr, "folio: warning: record 4: \(marquee)\n")
    }

    func testAShardWithoutRecordOneDoesNotBuildIt() throws {
        // Record 1 cannot be built (a bad colour); the shard of records 2 and 4 does not need it.
        let doc = "---\ntemplate: report\n---\n# {{name}}\n\n{{{body}}}\n"
        let data = "name,body\nAnn,\"[x]{color=zzz}\"\nBob,fine\nCy,fine\nDi,fine\n"
        let dir = try makeTemporaryDirectory()
        let path = try write(doc, "doc.md", in: dir), csv = try write(data, "data.csv", in: dir)
        let all = try folio(["render", path, "--data", csv, "-o", dir.appendingPathComponent("all.pdf").path], environment: fixedEpoch)
        XCTAssertEqual(all.status, 1)
        XCTAssertTrue(all.stderr.contains("'zzz' is not a colour"), all.stderr)
        let pdf = dir.appendingPathComponent("odd.pdf").path
        let odd = try folio(["render", path, "--data", csv, "-o", pdf, "--shard", "1/2"], environment: fixedEpoch)
        XCTAssertEqual(odd.status, 0, odd.stderr)
        XCTAssertEqual(try pdfPageCount(pdf), 2)
        let text = try pdfText(pdf)
        XCTAssertTrue(text.contains("Bob") && text.contains("Di") && !text.contains("Ann"), text)
        XCTAssertTrue(try pdfText(pdf, first: 1).contains("Page 1 of 1"), "set with the first record's template (report)")
        let even = try folio(["render", path, "--data", csv, "-o", pdf, "--shard", "0/2"], environment: fixedEpoch)
        XCTAssertEqual(even.status, 1)
        XCTAssertTrue(even.stderr.contains("'zzz' is not a colour"), even.stderr)
    }

    func testJobsMustBeAtLeastOne() throws {
        let (_, doc, data) = try setUp(data: seven)
        let result = try render(doc, data, ["-o", "/dev/null", "--jobs", "0"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("--jobs must be from 1 to 256 (got 0)"), result.stderr)
    }

    /// Every link annotation of the PDF: the page it is on and the page its named
    /// destination opens (both 1-based), in page order.
    private func linkTargets(_ pdf: String) throws -> [(page: Int, target: Int)] {
        let json = try JSONSerialization.jsonObject(with: Data(try tool("qpdf", ["--json", pdf]).stdout.utf8)) as! [String: Any]
        let objects = (json["qpdf"] as! [Any])[1] as! [String: Any]
        func object(_ ref: String) -> [String: Any] { (objects["obj:" + ref] as! [String: Any])["value"] as! [String: Any] }
        let pages = (json["pages"] as! [[String: Any]]).map { $0["object"] as! String }
        let catalog = objects.values.compactMap { ($0 as? [String: Any])?["value"] as? [String: Any] }.first { $0["/Type"] as? String == "/Catalog" }!
        let names = object(object(catalog["/Names"] as! String)["/Dests"] as! String)["/Names"] as! [Any]
        var destinations: [String: Int] = [:]
        for i in stride(from: 0, to: names.count, by: 2) {
            destinations[names[i] as! String] = pages.firstIndex(of: (names[i + 1] as! [Any])[0] as! String)! + 1
        }
        var links: [(page: Int, target: Int)] = []
        for (n, page) in pages.enumerated() {
            for annotation in object(page)["/Annots"] as? [String] ?? [] {
                guard let dest = object(annotation)["/Dest"] as? String else { continue }
                links.append((n + 1, try XCTUnwrap(destinations[dest], "no destination \(dest)")))
            }
        }
        return links
    }
}
