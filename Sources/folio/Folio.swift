import ArgumentParser

@main
struct Folio: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folio",
        abstract: "Set text into paginated, multi-column PDF.",
        discussion: """
        Folio shapes text with Pango, breaks paragraphs into lines with the Knuth–Plass \
        total-fit algorithm (hyphenating from the system's hyphen-* dictionaries), flows \
        the lines through the columns of as many pages as it needs, and writes PDF with Cairo.

        Example:
          folio render novel.txt -o novel.pdf --paper a4 --columns 2 --gutter 1cm --margin 2cm
        """,
        version: "0.1.0",
        subcommands: [Render.self]
    )
}
