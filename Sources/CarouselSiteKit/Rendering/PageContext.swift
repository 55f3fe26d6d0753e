import Foundation
import Mustache

/// Builds the typed data model that page templates receive (documented in the README's template
/// reference). Everything is plain text here; escaping is the template engine's job.
struct PageContext {
    let site: SiteConfig
    /// The relative path from the page to the site root: "" or "../".
    let root: String
    let assets: SiteAssets

    func page(for show: ShowConfig, slides: [PageSlide], canonicalPath: String) -> MustacheValue {
        var page: [String: MustacheValue] = [
            "lang": .string(site.language),
            "title": .string(show.title),
            "siteTitle": .string(site.title),
            "root": .string(root),
            "assets": assetsValue,
            "show": showValue(show, slides: slides),
            "description": Self.text(site.description),
            "canonical": .null,
            "socialImage": .null,
        ]
        if let base = site.baseURL {
            page["canonical"] = .string(URL(string: canonicalPath, relativeTo: base)?.absoluteString ?? base.absoluteString)
            if let first = slides.first, !first.image.src.hasPrefix("data:") {
                page["socialImage"] = .string(URL(string: first.image.src, relativeTo: base)?.absoluteString ?? "")
            }
        }
        return .object(MustacheObject(page.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
    }

    var assetsValue: MustacheValue {
        .object(MustacheObject([
            ("script", .string(root + assets.script)),
            ("style", .string(root + assets.style)),
            ("theme", .string(root + assets.theme)),
        ]))
    }

    func showValue(_ show: ShowConfig, slides: [PageSlide]) -> MustacheValue {
        let values = slides.enumerated().map { slideValue($0.element, index: $0.offset, count: slides.count) }
        var fields: [(String, MustacheValue)] = [
            ("id", .string(show.id)),
            ("title", .string(show.title)),
            ("options", .string(optionsJSON(show.options))),
            ("count", .int(slides.count)),
            ("loops", .bool(slides.count > 1)),
            ("slides", .array(values)),
            ("theme", Self.themeValue(show.options)),
        ]
        if let first = values.first, let last = values.last {
            fields.append(("cloneOfFirst", first))
            fields.append(("cloneOfLast", last))
        }
        return .object(MustacheObject(fields))
    }

    func slideValue(_ pageSlide: PageSlide, index: Int, count: Int) -> MustacheValue {
        let slide = pageSlide.slide
        let link = slide.link.flatMap(LinkPolicy.allowed)
        var fields: [(String, MustacheValue)] = [
            ("index", .int(index)),
            ("number", .int(index + 1)),
            ("count", .int(count)),
            ("label", .string("\(index + 1) of \(count)")),
            ("first", .bool(index == 0)),
            ("alt", .string(imageAlt(slide, number: index + 1, count: count, linked: link != nil))),
            ("image", imageValue(pageSlide.image)),
        ]
        // Absent values are present as null: Mustache looks a missing name up in the enclosing
        // contexts, and a slide without a title must not show the page's title.
        fields.append(("title", Self.text(slide.title)))
        fields.append(("caption", Self.text(slide.caption)))
        fields.append(("link", link.map(MustacheValue.string) ?? .null))
        fields.append(("external", .bool(link.map(LinkPolicy.isExternal) ?? false)))
        return .object(MustacheObject(fields))
    }

    func imageValue(_ image: PageImage) -> MustacheValue {
        func srcset(_ candidates: [PageImage.Candidate]) -> String {
            candidates.map { "\(relative($0.url)) \($0.width)w" }.joined(separator: ", ")
        }
        var fields: [(String, MustacheValue)] = [
            ("src", .string(relative(image.src))),
            ("width", .int(image.width)),
            ("height", .int(image.height)),
            ("sources", .array(image.sources.map { source in
                .object(MustacheObject([("type", .string(source.type)), ("srcset", .string(srcset(source.candidates)))]))
            })),
        ]
        fields.append(("srcset", image.candidates.isEmpty ? .null : .string(srcset(image.candidates))))
        fields.append(("sizes", image.candidates.isEmpty ? .null : .string("100vw")))
        fields.append(("placeholder", Self.text(image.placeholder)))
        return .object(MustacheObject(fields))
    }

    /// Text, or null when absent or empty.
    static func text(_ value: String?) -> MustacheValue {
        guard let value, !value.isEmpty else { return .null }
        return .string(value)
    }

    /// The `alt` of a slide's image. When the feed gives no alt text but the slide shows a title
    /// or caption, the image is described by that visible caption and its own alt is empty, so
    /// screen readers do not hear the text twice — unless the image is a link's only content,
    /// where the text must name the link.
    func imageAlt(_ slide: Slide, number: Int, count: Int, linked: Bool) -> String {
        if let alt = slide.alt?.trimmingCharacters(in: .whitespacesAndNewlines), !alt.isEmpty { return alt }
        let captioned = [slide.title, slide.caption].contains { !($0?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ?? true) }
        return captioned && !linked ? "" : altText(slide, number: number, count: count)
    }

    /// A URL relative to the site root, made relative to this page (inline `data:` URIs and
    /// absolute URLs stay as they are).
    func relative(_ url: String) -> String {
        url.hasPrefix("data:") || url.contains("://") ? url : root + url
    }

    /// Text for the image's `alt`: the feed's own alt text, else its title or caption, else the
    /// slide's position, so no image is ever announced as just "image".
    func altText(_ slide: Slide, number: Int, count: Int) -> String {
        for candidate in [slide.alt, slide.title, slide.caption] {
            if let text = candidate?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty { return text }
        }
        return "Image \(number) of \(count)"
    }

    /// The `data-carousel` options of the runtime, with keys in a fixed order for reproducibility.
    func optionsJSON(_ options: ShowOptions) -> String {
        #"{"interval":\#(options.interval),"autoplay":\#(options.autoplay),"select":\#(options.selectable)}"#
    }

    static func themeValue(_ options: ShowOptions) -> MustacheValue {
        .object(MustacheObject([
            ("dotColor", .string(options.dotColor)),
            ("dotCurrentColor", .string(options.dotCurrentColor)),
            ("captionPosition", .string(options.captionPosition.rawValue)),
            ("captionBelow", .bool(options.captionPosition == .below)),
            ("aspectRatio", .string(options.aspectRatio)),
            ("objectFit", .string(options.objectFit.rawValue)),
        ]))
    }
}

/// The hashed file names of the site-wide assets, relative to the site root.
struct SiteAssets: Sendable {
    var script: String
    var style: String
    var theme: String
}
