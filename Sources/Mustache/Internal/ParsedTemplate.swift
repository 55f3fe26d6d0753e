/// A template parsed once, kept with its source for the errors its rendering may report.
struct ParsedTemplate: Sendable {
    let source: TemplateSource
    let nodes: [Node]

    init(name: String, text: String) throws(MustacheError) {
        let source = TemplateSource(name: name, text: text)
        var tokenizer = Tokenizer(source: source)
        var builder = TreeBuilder(source: source, tokens: try tokenizer.tokens())
        self.source = source
        self.nodes = try builder.build()
    }
}
