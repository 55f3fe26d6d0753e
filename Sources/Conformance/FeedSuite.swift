import CarouselSiteKit
import Foundation

/// Every well-formed feed in `feeds/` yields the entries its MANIFEST.json records (from
/// feedparser or the JSON Feed reference summary): the entry count, and for the first entries
/// their titles, links and image. Feeds the manifest marks as not well-formed XML must only be
/// handled without a crash: a diagnostic or entries are both fine.
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
                    report.check(true, "")  // reaching here without a crash is the whole requirement
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
        for (index, (item, want)) in zip(items, expected).enumerated() {
            let titleMatches = item.title == want.title.flatMap(tidy) || item.title == want.title.flatMap(plain)
            report.check(titleMatches, "\(file) entry \(index): title \(item.title.debugDescription), expected \(want.title.debugDescription)")
            report.check(item.link == want.link, "\(file) entry \(index): link \(item.link.debugDescription), expected \(want.link.debugDescription)")
            let image = item.image?.description
            let imageMatches = want.images.isEmpty ? image == nil : want.images.contains { $0 == image }
            report.check(imageMatches, "\(file) entry \(index): image \(image.debugDescription), expected one of \(want.images)")
        }
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
