import ArgumentParser
import FolioDocument

@main
struct Folio: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        // Every command names itself: ArgumentParser otherwise derives the name from the
        // type's through reflection, about 0.7 M instructions a command at every start.
        commandName: "folio",
        abstract: "Set Markdown or plain text into paginated, multi-column PDF.",
        discussion: """
        Folio reads Markdown (CommonMark with GitHub's strikethrough, autolinks and task \
        lists, YAML front matter, and {.style key=value} attributes) or plain text, styles \
        it with a template — page masters, columns, running heads, named styles — shapes it \
        with Pango, breaks paragraphs into lines with the Knuth–Plass total-fit algorithm \
        (hyphenating from the system's hyphen-* dictionaries), and writes PDF with Cairo: \
        with an outline from the headings, live links and page labels.

        Examples:
          folio render essay.md                      # essay.pdf, built-in default template
          folio render novel.md -t book -o novel.pdf
          folio render notes.md -t ./my-template --set title="Draft 3" --columns 2
          folio templates                            # the built-in templates
          folio template export book my-book         # a copy to edit
          folio fonts                                # font families you can name
          folio serve --port 8080                    # an HTTP rendering service
        """,
        version: "0.2.0",
        subcommands: [Render.self, ListTemplates.self, TemplateCommand.self, Fonts.self, Serve.self],
        defaultSubcommand: nil
    )

    /// Runs the command; a render starts loading fontconfig's configuration (about 10 ms)
    /// at once, beside the parsing of its command line, not once it is parsed.
    static func main() async {
        let command = CommandLine.arguments.dropFirst().first
        if command == "render" { LayoutWarmUp.loadFontConfiguration() }
        if command == "serve" { exit(withError: ServiceLauncher.exec(Array(CommandLine.arguments.dropFirst(2)))) }
        if command == "help", CommandLine.arguments.dropFirst(2).first == "serve" { exit(withError: ServiceLauncher.exec(["--help"])) }
        await main(nil)
    }
}
