import ArgumentParsing

/// The command-line interface as data: parsing, help and completions all come from this tree.
enum CommandTree {
    static let toolName = "carousel-site"
    static let version = "0.1.0"

    static let quiet = OptionSpec("quiet", short: "q", help: "Print nothing but errors and warnings.")
    static let verbose = OptionSpec("verbose", short: "v", help: "Print more detail about each stage.")
    static let color = OptionSpec("color", value: "when", help: "Colour diagnostics: auto, always or never (NO_COLOR is honoured).", choices: ["auto", "always", "never"])
    static let strict = OptionSpec("strict", help: "Treat warnings (broken images, unknown template variables) as errors.")
    static let offline = OptionSpec("offline", help: "Use only cached remote feeds and images; never touch the network.")
    static let refresh = OptionSpec("refresh", help: "Ignore the cache and download every remote file again.")
    static let output = OptionSpec("output", short: "o", value: "directory", help: "Write the site here instead of SITE/_site.", completion: .directory)
    static let feed = OptionSpec("feed", value: "file-or-url", help: "Use this feed instead of the one in carousel.json.", completion: .file)
    static let baseURL = OptionSpec("base-url", value: "url", help: "Publish URL for canonical links and social cards.")
    static let precompress = OptionSpec("precompress", help: "Also write gzip copies (.gz) of pages, scripts and stylesheets.")
    static let fragment = OptionSpec("fragment", help: "Write just the carousel's HTML (fragment.html) to embed in your own pages.")
    static let cacheTTL = OptionSpec("cache-ttl", value: "seconds", help: "Trust cached downloads this long before revalidating (default: 86400).", kind: .number(atLeast: 0))
    static let jobs = OptionSpec("jobs", short: "j", value: "n", help: "Download this many files at once (default: 16).", kind: .integer(atLeast: 1))
    static let site = ArgumentSpec("site", help: "The site folder (default: the current folder).")

    static let build = CommandSpec(
        name: "build", abstract: "Build the site into SITE/_site.",
        examples: [
            .init("carousel-site build site", "Build the example site into site/_site."),
            .init("carousel-site build --feed photos/slides.json --output public", "Build from another feed into public/."),
            .init("carousel-site build site --fragment --base-url https://cdn.example.org/show/", "Write an embeddable fragment with absolute URLs."),
        ],
        arguments: [site],
        options: [output, feed, baseURL, precompress, fragment, strict, offline, refresh, cacheTTL, jobs, quiet, verbose, color])

    static let check = CommandSpec(
        name: "check", abstract: "Validate config, feeds and templates without writing anything.",
        examples: [.init("carousel-site check site", "Report every problem in the example site.")],
        arguments: [site],
        options: [feed, strict, offline, quiet, verbose, color])

    static let serve = CommandSpec(
        name: "serve", abstract: "Build, serve on 127.0.0.1 and rebuild with live reload while you edit.",
        examples: [
            .init("carousel-site serve site", "Preview the example site at http://127.0.0.1:8000/."),
            .init("carousel-site serve --port 0 --open", "Pick a free port and open the page in the browser."),
        ],
        arguments: [site],
        options: [
            OptionSpec("port", short: "p", value: "port", help: "The port to listen on (default 8000; 0 picks a free one)."),
            OptionSpec("host", value: "address", help: "The address to listen on (default 127.0.0.1; others only when asked)."),
            OptionSpec("open", help: "Open the page in the browser ($BROWSER, else the desktop's default)."),
            output, feed, strict, offline, quiet, verbose, color,
        ])

    static let initCommand = CommandSpec(
        name: "init", abstract: "Create a new site that builds as it is.",
        examples: [
            .init("carousel-site init my-slides", "A site with sample images and a JSON feed."),
            .init("carousel-site init trip --from-folder ~/Pictures/trip", "A site whose feed lists your photos, captioned from their descriptions or names."),
            .init("carousel-site init --feed-format rss --theme", "Here, with an RSS feed and the default theme's templates to edit."),
        ],
        arguments: [ArgumentSpec("directory", help: "Where to create the site (default: the current folder).")],
        options: [
            OptionSpec("feed-format", value: "format", help: "The feed to write: json, plist or rss.", choices: ["json", "plist", "rss"]),
            OptionSpec("from-folder", value: "photos", help: "Make the feed from this folder of images.", completion: .directory),
            OptionSpec("title", value: "title", help: "The site's title."),
            OptionSpec("theme", help: "Copy the default theme into templates/ to edit it."),
            OptionSpec("force", help: "Overwrite files that already exist."),
            quiet, color,
        ])

    static let completions = CommandSpec(
        name: "completions", abstract: "Print a shell completion script.",
        examples: [
            .init("carousel-site completions bash > /etc/bash_completion.d/carousel-site", "Bash, for all users."),
            .init("carousel-site completions zsh > \"${fpath[1]}/_carousel-site\"", "Zsh."),
            .init("carousel-site completions fish > ~/.config/fish/completions/carousel-site.fish", "Fish."),
        ],
        arguments: [ArgumentSpec("shell", help: "bash, zsh or fish.", isOptional: false, completion: .choices(["bash", "zsh", "fish"]))])

    static let root = CommandSpec(
        name: toolName,
        abstract: "Generate a static website with an accessible, looping image carousel from a feed.",
        examples: [
            .init("carousel-site build site", "Build the example site."),
            .init("carousel-site build --help", "Show the options of 'build'."),
        ],
        subcommands: [build, serve, check, initCommand, completions])
}
