import Testing
@testable import CarouselSiteKit

/// Titles and captions from feeds are reduced to plain text.
@Suite struct HTMLTextTests {
    @Test(arguments: [
        ("<p>Hello <b>world</b></p>", "Hello world"),
        ("Fish &amp; chips &mdash; &pound;5 &eacute;t&eacute;", "Fish & chips \u{2014} \u{00A3}5 été"),
        ("&#65;&#x42;&#X43; &#128512;", "ABC \u{1F600}"),
        ("line<br>break<br/>here", "line break here"),
        ("<script>alert('x')</script>Safe<style>p{}</style>", "Safe"),
        ("1 < 2 and 3 > 2", "1 < 2 and 3 > 2"),
        ("&lt;script&gt;alert(1)&lt;/script&gt;", "<script>alert(1)</script>"),
        ("<a href=\"x\" title='a > b'>link</a> text", "link text"),
        ("<!-- hidden -->shown", "shown"),
        ("  spaced \n\t out  ", "spaced out"),
        ("&unknown; &amp", "&unknown; &amp"),
        ("&#0;", "\u{FFFD}"),
        ("<img src=x onerror=alert(1)>caption", "caption"),
    ])
    func plainText(html: String, expected: String) {
        #expect(HTMLText.plainText(html) == expected)
    }

    @Test(arguments: [
        ("<p><img alt=\"a\" src=\"one.jpg\"><img src=\"two.jpg\"></p>", "one.jpg"),
        ("<IMG SRC='x.png?a=1&amp;b=2'>", "x.png?a=1&b=2"),
        ("<img src=bare.gif width=3>", "bare.gif"),
        ("<p>no images</p>", nil),
    ])
    func firstImage(html: String, expected: String?) {
        #expect(HTMLText.firstImageSource(html) == expected)
    }
}
