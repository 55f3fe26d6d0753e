import Testing
@testable import CarouselSiteKit

@Suite struct LinkPolicyTests {
    @Test(arguments: ["https://example.com/a", "http://x.y", "mailto:a@b.c", "page.html", "../up/page.html", "/root", "?q=1:2", "#top", "HTTPS://EXAMPLE.COM"])
    func keepsSafeLinks(link: String) {
        #expect(LinkPolicy.allowed(link) == link)
    }

    @Test(arguments: ["javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,<script>", "vbscript:x", "file:///etc/passwd", "java\u{09}script:alert(1)", ""])
    func dropsDangerousLinks(link: String) {
        #expect(LinkPolicy.allowed(link) == nil)
    }
}
