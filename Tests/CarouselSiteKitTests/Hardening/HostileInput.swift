import Foundation

/// Hostile inputs, generated rather than stored: each is a few lines of Swift here instead of
/// megabytes in the repository.
enum HostileInput {
    /// Nesting depth of the deep documents: far past every parser's limit (a few hundred levels)
    /// and deep enough that unbounded recursion would overflow a thread's 8 MB stack.
    static let depth = 100_000

    static func deepJSON() -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    static func deepRSS() -> String {
        "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel>\n"
            + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "\n</channel></rss>\n"
    }

    static func deepPlist() -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n"
            + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "\n</plist>\n"
    }

    /// An OpenStep (ASCII) property list, whose reader is a recursive-descent parser of its own.
    static func deepOpenStepPlist() -> String {
        String(repeating: "(", count: depth) + String(repeating: ")", count: depth) + "\n"
    }

    static func deepMustache() -> String {
        String(repeating: "{{#show}}", count: depth) + String(repeating: "{{/show}}", count: depth)
    }

    /// An RSS feed with one item whose title holds `title` (already XML) and whose image is the
    /// example site's first photo; `doctype` goes before the root element.
    static func rss(doctype: String = "", title: String) -> String {
        """
        <?xml version="1.0"?>
        \(doctype)
        <rss version="2.0"><channel><title>Feed</title>
        <item><title>\(title)</title><enclosure url="photos/0.jpg" type="image/jpeg" length="1"/></item>
        </channel></rss>

        """
    }

    /// The classic "billion laughs": ten levels of entities each referring to the previous one
    /// ten times, 10^9 copies of "lol" if expanded.
    static func billionLaughs() -> String {
        var declarations = "<!ENTITY lol0 \"lol\">"
        for level in 1...9 {
            declarations += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        return rss(doctype: "<!DOCTYPE rss [\(declarations)]>", title: "&lol9;")
    }

    /// The "quadratic blowup": one flat 100 KB entity referred to 100,000 times (10 GB expanded),
    /// which a nesting ban alone does not stop.
    static func quadraticBlowup() -> String {
        let entity = "<!ENTITY big \"" + String(repeating: "x", count: 100_000) + "\">"
        return rss(doctype: "<!DOCTYPE rss [\(entity)]>", title: String(repeating: "&big;", count: 100_000))
    }
}
