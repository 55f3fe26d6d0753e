/// The slides of a windowed show as the JSON array in its page's
/// `<script type="application/json">` block, which carousel-windowed.js reads.
///
/// Each slide is an object with `src`, `width` and `height`, and only those of `alt`, `title`,
/// `caption`, `link`, `external`, `srcset`, `sources` and `placeholder` it has: with thousands
/// of slides every absent key saved is page weight saved. `alt` follows the default carousel's
/// rule (`PageContext.imageAlt`) and is left out when empty, as it is for a captioned image
/// without a link. URLs are already relative to the page.
///
/// The text is safe inside a script element: `<`, `>` and `&` are written as `\u003c` and so
/// on, so no slide text can close the element (`</script>`) or open a comment (`<!--`).
struct WindowedSlideData {
    let context: PageContext

    func json(_ slides: [PageSlide]) -> String {
        var out = "["
        // About 200 bytes a slide with a title and a caption; reserving avoids regrowing.
        out.reserveCapacity(slides.count * 200)
        for (index, pageSlide) in slides.enumerated() {
            if index > 0 { out += ",\n" }
            append(pageSlide, index: index, count: slides.count, to: &out)
        }
        out += "]"
        return out
    }

    private func append(_ pageSlide: PageSlide, index: Int, count: Int, to out: inout String) {
        let slide = pageSlide.slide
        let image = pageSlide.image
        var members: [(String, String)] = [
            ("src", Self.string(context.relative(image.src))),
            ("width", String(image.width)),
            ("height", String(image.height)),
        ]
        let link = slide.link.flatMap(LinkPolicy.allowed)
        let alt = context.imageAlt(slide, number: index + 1, count: count, linked: link != nil)
        if !alt.isEmpty { members.append(("alt", Self.string(alt))) }
        if let title = slide.title, !title.isEmpty { members.append(("title", Self.string(title))) }
        if let caption = slide.caption, !caption.isEmpty { members.append(("caption", Self.string(caption))) }
        if let link {
            members.append(("link", Self.string(link)))
            if LinkPolicy.isExternal(link) { members.append(("external", "true")) }
        }
        if !image.candidates.isEmpty { members.append(("srcset", Self.string(srcset(image.candidates)))) }
        if !image.sources.isEmpty {
            let sources = image.sources.map { #"{"type":\#(Self.string($0.type)),"srcset":\#(Self.string(srcset($0.candidates)))}"# }
            members.append(("sources", "[" + sources.joined(separator: ",") + "]"))
        }
        if let placeholder = image.placeholder, !placeholder.isEmpty { members.append(("placeholder", Self.string(placeholder))) }
        out += "{"
        out += members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",")
        out += "}"
    }

    private func srcset(_ candidates: [PageImage.Candidate]) -> String {
        candidates.map { "\(context.relative($0.url)) \($0.width)w" }.joined(separator: ", ")
    }

    /// A JSON string literal that is also inert inside an HTML script element.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // HTML-significant characters, and the two line separators old JavaScript parsers
            // rejected in strings, as escapes.
            case "<", ">", "&", "\u{2028}", "\u{2029}": out += unicodeEscape(scalar.value)
            default:
                if scalar.value < 0x20 { out += unicodeEscape(scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
