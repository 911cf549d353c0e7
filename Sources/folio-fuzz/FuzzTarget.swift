import Foundation

/// One entry point of Folio that reads untrusted bytes, fuzzed on its own so the fuzzer's
/// mutations reach its corners quickly. A target must never crash, hang or blow up on any
/// input: a thrown error (a clear message) is a pass.
struct FuzzTarget: Sendable {
    /// The name given on the command line (`folio-fuzz markdown …`) and the corpus folder's.
    let name: String
    /// What it exercises, for `folio-fuzz --list`.
    let summary: String
    /// Runs one input.
    let run: @Sendable ([UInt8]) -> Void

    static let all: [FuzzTarget] = [
        FuzzTarget(name: "markdown", summary: "a Markdown document (front matter, blocks, inlines, attributes) built into a styled storage",
                   run: { Fuzzing.prepare(document: $0) }),
        FuzzTarget(name: "markdown-file", summary: "a Markdown file read a few bytes at a time as it is parsed, against its text read whole: the same front matter, blocks, places and errors",
                   run: { Fuzzing.markdownFile($0) }),
        FuzzTarget(name: "render", summary: "a Markdown document laid out and written as PDF (give -max_len=4096)",
                   run: { Fuzzing.render(document: $0) }),
        FuzzTarget(name: "frontmatter", summary: "the YAML front matter of a document",
                   run: { Fuzzing.prepare(document: Array("---\n".utf8) + $0 + Array("\n---\nText.\n".utf8)) }),
        FuzzTarget(name: "style", summary: "a {…} attribute set on a span and on a block",
                   run: { Fuzzing.prepare(document: Array("A [span]{".utf8) + $0 + Array("} b.\n\n{".utf8) + $0 + Array("}\nBlock.\n".utf8)) }),
        FuzzTarget(name: "template", summary: "a template.yaml read, its styles resolved and a document built with it",
                   run: { Fuzzing.template(yaml: $0) }),
        FuzzTarget(name: "data", summary: "a data file as JSON, YAML and CSV, and a document filled from it",
                   run: { Fuzzing.data($0) }),
        FuzzTarget(name: "request", summary: "a folio serve request body (JSON: document, template, data, options) read and its document built",
                   run: { Fuzzing.request($0) }),
    ]
}
