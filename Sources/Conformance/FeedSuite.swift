import CarouselSiteKit
import Foundation

/// Every well-formed feed in `feeds/` yields the entries its MANIFEST.json records (from
/// feedparser or the JSON Feed reference summary): the entry count, and for the first entries
/// their titles, links and image. Feeds the manifest marks as not well-formed XML must be handled
/// without a crash: entries or a diagnostic with a line and column are both fine.
///
/// Comparison rules, because the manifest reflects feedparser's choices rather than ours:
/// titles match either exactly or after reducing feedparser's sanitised HTML to text; an entry's
/// image must be one of the image media feedparser lists (thumbnails, image enclosures, media
/// contents of an image type, iTunes images), or absent when it lists none.
enum FeedSuite: ConformanceSuite {
    static let name = "feeds"

    static func run(corpora: URL) throws -> SuiteReport {
        let folder = corpora.appendingPathComponent("feeds")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("MANIFEST.json"))) as? [[String: Any]] ?? []
        var report = SuiteReport()
        for entry in manifest {
            guard let file = entry["file"] as? String else { continue }
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            let document = FeedDocument(source: SourceText(name: file, data: data))
            let result = Result { () throws(Diagnostic) -> [FeedItem] in try FeedReader().items(in: document, log: DiagnosticLog()) }
            if let summary = entry["jsonfeed_summary"] as? [String: Any] {
                check(result, file: file, count: summary["n_items"] as? Int, expected: jsonFeedItems(summary), report: &report)
            } else if let parsed = entry["feedparser_6_0_14"] as? [String: Any] {
                let wellFormed = entry["xml_wellformed_expat"] as? Bool == true && entry["xml_wellformed_libxml2"] as? Bool == true
                guard wellFormed else {
                    // Entries or a located diagnostic are both fine; a crash would end the run.
                    report.check(isLocatedOrSuccess(result), "\(file): diagnostic without a line and column")
                    continue
                }
                if parsed["version"] is NSNull || parsed["version"] == nil {
                    report.check((try? result.get()) == nil, "\(file): not a feed, but no diagnostic")
                    continue
                }
                check(result, file: file, count: parsed["n_entries"] as? Int, expected: feedparserItems(parsed), report: &report)
            }
        }
        return report
    }

    private struct Expected {
        var title: String?
        var link: String?
        var images: [String]
    }

    /// Entries where the project deliberately differs from feedparser's recorded output. Each is
    /// still checked, against the value we produce, and says why feedparser's is not the one to
    /// follow; the list is small on purpose.
    private static let deviations: [String: [Int: Expected]] = [
        // The file's own stated expectation is that a link-less enclosure never overrides the
        // alternate link; feedparser 6.0.14's recorded output breaks its own test.
        "feedparser/wellformed/atom10/entry_link_rel_enclosure_no_href.xml": [
            0: Expected(title: nil, link: "http://www.example.com/alternate", images: [])
        ],
        // "Savage Love" is the title of an <image> nested in a <category>, not of the item;
        // feedparser's context-free title handling lifts it onto the item. The file's stated
        // expectation only concerns the category.
        "feedparser/wellformed/rss/item_category_image.xml": [
            0: Expected(title: nil, link: nil, images: [])
        ],
    ]

    private static func jsonFeedItems(_ summary: [String: Any]) -> [Expected] {
        (summary["first_items"] as? [[String: Any]] ?? []).map { item in
            var images = [item["image"], item["banner_image"]].compactMap { $0 as? String }
            for attachment in item["attachments"] as? [[String: Any]] ?? [] where (attachment["mime_type"] as? String)?.hasPrefix("image/") == true {
                if let url = attachment["url"] as? String { images.append(url) }
            }
            return Expected(title: item["title"] as? String, link: item["url"] as? String ?? item["external_url"] as? String, images: Array(images.prefix(1)))
        }
    }

    private static func feedparserItems(_ parsed: [String: Any]) -> [Expected] {
        (parsed["first_entries"] as? [[String: Any]] ?? []).map { item in
            let images = (item["media"] as? [[String: Any]] ?? []).compactMap { media -> String? in
                let source = media["src"] as? String ?? ""
                let type = (media["type"] as? String ?? "").lowercased()
                let isImage = source == "media:thumbnail" || source.hasPrefix("itunes:image") || type.hasPrefix("image/")
                return isImage ? media["url"] as? String : nil
            }
            return Expected(title: item["title"] as? String, link: item["link"] as? String, images: images)
        }
    }

    private static func check(_ result: Result<[FeedItem], Diagnostic>, file: String, count: Int?, expected: [Expected], report: inout SuiteReport) {
        let items: [FeedItem]
        switch result {
        case .success(let read): items = read
        case .failure(let diagnostic):
            report.check(false, "\(file): \(diagnostic.location.map { "\($0): " } ?? "")\(diagnostic.message)")
            return
        }
        report.check(count == nil || items.count == count, "\(file): \(items.count) entries, expected \(count ?? -1)")
        for (index, (item, recorded)) in zip(items, expected).enumerated() {
            let want = deviations[file]?[index] ?? recorded
            let titleMatches = item.title == want.title.flatMap(tidy) || item.title == want.title.flatMap(plain)
            report.check(titleMatches, "\(file) entry \(index): title \(item.title.debugDescription), expected \(want.title.debugDescription)")
            report.check(item.link == want.link, "\(file) entry \(index): link \(item.link.debugDescription), expected \(want.link.debugDescription)")
            let image = item.image?.description
            let imageMatches = want.images.isEmpty ? image == nil : want.images.contains { $0 == image }
            report.check(imageMatches, "\(file) entry \(index): image \(image.debugDescription), expected one of \(want.images)")
        }
    }

    private static func isLocatedOrSuccess(_ result: Result<[FeedItem], Diagnostic>) -> Bool {
        guard case .failure(let diagnostic) = result else { return true }
        return (diagnostic.location?.line ?? 0) >= 1
    }

    /// feedparser keeps whitespace; the reader collapses it.
    private static func tidy(_ text: String) -> String? {
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.isEmpty ? nil : words
    }

    /// feedparser's sanitised HTML reduced to text: tags dropped.
    private static func plain(_ text: String) -> String? {
        tidy(text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression))
    }
}
