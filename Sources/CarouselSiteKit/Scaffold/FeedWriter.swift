/// Writes a feed in one of the formats the readers accept, for `init`.
enum FeedWriter {
    static func write(_ entries: [ScaffoldEntry], as format: ScaffoldFeedFormat, title: String) -> String {
        switch format {
        case .json: json(entries)
        case .plist: plist(entries)
        case .rss: rss(entries, title: title)
        }
    }

    static func json(_ entries: [ScaffoldEntry]) -> String {
        let items = entries.map { entry in
            var fields = ["\"image\": \(jsonString(entry.image))", "\"title\": \(jsonString(entry.title))"]
            if let caption = entry.caption { fields.append("\"caption\": \(jsonString(caption))") }
            return "  {" + fields.joined(separator: ", ") + "}"
        }
        return "[\n" + items.joined(separator: ",\n") + "\n]\n"
    }

    /// The classic shape: a dictionary from image file to caption.
    static func plist(_ entries: [ScaffoldEntry]) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
        for entry in entries {
            text += "\t<key>\(xmlEscaped(entry.image))</key>\n\t<string>\(xmlEscaped(entry.caption ?? entry.title))</string>\n"
        }
        return text + "</dict>\n</plist>\n"
    }

    /// RSS 2.0 with Media RSS, the shape photo sites and CMSs publish.
    static func rss(_ entries: [ScaffoldEntry], title: String) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">
            <channel>
            <title>\(xmlEscaped(title))</title>

            """
        for entry in entries {
            text += "<item>\n<title>\(xmlEscaped(entry.title))</title>\n"
            if let caption = entry.caption { text += "<description>\(xmlEscaped(caption))</description>\n" }
            text += "<media:content url=\"\(xmlEscaped(entry.image))\" medium=\"image\"/>\n</item>\n"
        }
        return text + "</channel>\n</rss>\n"
    }

    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

import Foundation
