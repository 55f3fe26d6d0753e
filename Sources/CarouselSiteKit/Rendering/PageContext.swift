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
        let windowed = WindowedMode.applies(to: show.options, count: slides.count)
        var page: [String: MustacheValue] = [
            "lang": .string(site.language),
            "title": .string(show.title),
            "siteTitle": .string(site.title),
            "root": .string(root),
            "assets": assetsValue(windowed ? .windowed : .standard),
            "show": windowed ? windowedShowValue(show, slides: slides) : showValue(show, slides: slides),
            "description": Self.text(site.description),
            "canonical": .null,
            "socialImage": .null,
            "preload": slides.first.map { preloadValue($0.image, sizes: show.options.imageSizes) } ?? .null,
        ]
        if let base = site.baseURL {
            page["canonical"] = .string(URL(string: canonicalPath, relativeTo: base)?.absoluteString ?? base.absoluteString)
            if let first = slides.first, !first.image.src.hasPrefix("data:") {
                page["socialImage"] = .string(URL(string: first.image.src, relativeTo: base)?.absoluteString ?? "")
            }
        }
        return .object(MustacheObject(page.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
    }

    /// The carousel runtime a page loads.
    enum Runtime { case none, standard, windowed }

    /// The page's script and stylesheets: a windowed page gets the windowed runtime instead of
    /// the default one, and its extra stylesheet as `windowedStyle`; a page without a carousel
    /// (the index) gets no script. Absent ones are null.
    func assetsValue(_ runtime: Runtime) -> MustacheValue {
        let windowedAssets = runtime == .windowed ? assets.windowed : nil
        let script = switch runtime {
        case .none: nil as String?
        case .standard: assets.script
        case .windowed: windowedAssets?.script
        }
        return .object(MustacheObject([
            ("script", script.map { .string(root + $0) } ?? .null),
            ("style", .string(root + assets.style)),
            ("theme", .string(root + assets.theme)),
            ("windowedStyle", windowedAssets.map { .string(root + $0.style) } ?? .null),
        ]))
    }

    func showValue(_ show: ShowConfig, slides: [PageSlide]) -> MustacheValue {
        let values = slides.enumerated().map { slideValue($0.element, index: $0.offset, count: slides.count, sizes: show.options.imageSizes) }
        var fields: [(String, MustacheValue)] = [
            ("id", .string(show.id)),
            ("title", .string(show.title)),
            ("options", .string(optionsJSON(show.options))),
            ("count", .int(slides.count)),
            ("loops", .bool(slides.count > 1)),
            ("windowed", .bool(false)),
            ("slides", .array(values)),
            ("theme", Self.themeValue(show.options)),
        ]
        if let first = values.first, let last = values.last {
            fields.append(("cloneOfFirst", first))
            fields.append(("cloneOfLast", last))
        }
        return .object(MustacheObject(fields))
    }

    /// A long show for the windowed carousel: the same fields as `showValue`, but `slides` holds
    /// only the first two slides (the markup of the initial window), and `slidesJSON` all of
    /// them for the runtime. Building thousands of template objects nobody renders is avoided.
    func windowedShowValue(_ show: ShowConfig, slides: [PageSlide]) -> MustacheValue {
        let window = slides.prefix(2).enumerated().map { slideValue($0.element, index: $0.offset, count: slides.count, sizes: show.options.imageSizes) }
        return .object(MustacheObject([
            ("id", .string(show.id)),
            ("title", .string(show.title)),
            ("options", .string(optionsJSON(show.options))),
            ("count", .int(slides.count)),
            ("countText", .string(Self.grouped(slides.count, language: site.language))),
            ("loops", .bool(slides.count > 1)),
            ("windowed", .bool(true)),
            ("slides", .array(window)),
            ("window", .array(window)),
            ("slidesJSON", .string(WindowedSlideData(context: self).json(slides))),
            ("theme", Self.themeValue(show.options)),
        ]))
    }

    /// A count with the page language's digit grouping ("4,000" in English), as the runtime's
    /// `Intl.NumberFormat` writes the current slide's number beside it.
    static func grouped(_ count: Int, language: String) -> String {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: language)
        formatter.numberStyle = .decimal
        return formatter.string(from: NSNumber(value: count)) ?? String(count)
    }

    func slideValue(_ pageSlide: PageSlide, index: Int, count: Int, sizes: String) -> MustacheValue {
        let slide = pageSlide.slide
        let link = slide.link.flatMap(LinkPolicy.allowed)
        var fields: [(String, MustacheValue)] = [
            ("index", .int(index)),
            ("number", .int(index + 1)),
            ("count", .int(count)),
            ("label", .string("\(index + 1) of \(count)")),
            ("first", .bool(index == 0)),
            ("alt", .string(imageAlt(slide, number: index + 1, count: count, linked: link != nil))),
            ("image", imageValue(pageSlide.image, sizes: sizes)),
        ]
        // Absent values are present as null: Mustache looks a missing name up in the enclosing
        // contexts, and a slide without a title must not show the page's title.
        fields.append(("title", Self.text(slide.title)))
        fields.append(("caption", Self.text(slide.caption)))
        fields.append(("link", link.map(MustacheValue.string) ?? .null))
        fields.append(("external", .bool(link.map(LinkPolicy.isExternal) ?? false)))
        return .object(MustacheObject(fields))
    }

    /// - Parameter sizes: the `sizes` attribute: how wide the image is shown, so the browser can
    ///   pick from `srcset` before layout.
    func imageValue(_ image: PageImage, sizes: String) -> MustacheValue {
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
        fields.append(("sizes", image.candidates.isEmpty ? .null : .string(sizes)))
        fields.append(("placeholder", Self.text(image.placeholder)))
        return .object(MustacheObject(fields))
    }

    /// A `<link rel="preload">` for the first slide's image, so it starts loading before the
    /// stylesheets and script: the most compact format offered (with its type, so browsers that
    /// cannot show it skip the preload), else the fallback candidates.
    func preloadValue(_ image: PageImage, sizes: String) -> MustacheValue {
        if image.src.hasPrefix("data:") { return .null }
        let best = image.sources.first
        let candidates = best?.candidates ?? image.candidates
        var fields: [(String, MustacheValue)] = [("href", .string(relative(candidates.last?.url ?? image.src)))]
        fields.append(("type", best.map { .string($0.type) } ?? .null))
        fields.append(("srcset", candidates.isEmpty ? .null : .string(candidates.map { "\(relative($0.url)) \($0.width)w" }.joined(separator: ", "))))
        fields.append(("sizes", candidates.isEmpty ? .null : .string(sizes)))
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
    /// The default runtime, present only when some show uses it.
    var script: String?
    var style: String
    var theme: String
    /// The windowed runtime and its stylesheet, present only when some show is windowed.
    var windowed: (script: String, style: String)?
}
