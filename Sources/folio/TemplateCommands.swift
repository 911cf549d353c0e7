import ArgumentParser
import FolioDocument
import Foundation

struct ListTemplates: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List the built-in templates, one a line.",
        discussion: "Use one with `folio render DOC.md -t NAME`, or `template: NAME` in the front matter.")

    func run() throws {
        for name in BuiltinTemplates.names {
            let summary = (try? BuiltinTemplates.template(named: name).summary) ?? ""
            print(name.padding(toLength: 13, withPad: " ", startingAt: 0) + summary)
        }
    }
}

struct TemplateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "template",
        abstract: "Work with templates.",
        subcommands: [Export.self])

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write a built-in template into a folder, to edit and use with -t DIR.",
            discussion: "DIR must not exist or be empty; nothing is overwritten.")

        @Argument(help: "The built-in template (see `folio templates`).")
        var name: String

        @Argument(help: "The folder to write it into.")
        var directory: String

        func run() throws {
            do { try BuiltinTemplates.export(name, to: directory) }
            catch { throw Messages.error("\(error)") }
            print("\(directory)/template.yaml")
        }
    }
}

struct Fonts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "List the font families installed, one a line (names to use in templates and --font).")

    @Option(name: [.short, .long], help: "Also load the fonts of this template (name or folder).")
    var template: String?

    func run() throws {
        if let template {
            do { _ = try TemplateResolver.resolve(template) } catch { throw Messages.error("\(error)") }
        }
        for family in FontCatalog.families() { print(family) }
    }
}
