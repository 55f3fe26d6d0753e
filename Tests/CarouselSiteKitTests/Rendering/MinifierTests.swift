import Testing
@testable import CarouselSiteKit

@Suite struct MinifierTests {
    @Test func scriptLosesCommentsAndIndentationButNotStrings() {
        let source = """
            /* header */
            (function () {
                // a comment
                var url = "http://example.com/*not a comment*/"; // trailing
                var s = '// kept';

                return url + s;
            })();
            """
        #expect(Minifier.minifyScript(source) == "(function () {\nvar url = \"http://example.com/*not a comment*/\";\nvar s = '// kept';\nreturn url + s;\n})();\n")
    }

    @Test func styleCollapsesWhitespaceAndKeepsDescendantPseudoSelectors() {
        let source = """
            /* theme */
            .carousel :focus-visible {
                outline: 2px solid  #fff;
            }
            .a > .b, .c { margin: calc(1px + 2px); }
            """
        #expect(Minifier.minifyStyle(source) == ".carousel :focus-visible{outline:2px solid #fff;}.a>.b,.c{margin:calc(1px + 2px);}\n")
    }
}
