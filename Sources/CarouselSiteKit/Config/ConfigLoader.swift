import Foundation

/// Reads `carousel.json` into a `SiteConfig`, checking every key and type.
///
/// The file is JSON with `//` and `/* */` comments allowed. Unknown keys are warnings (with a
/// suggestion when they look like a typo), wrong types and bad values are errors; all point at
/// the offending spot.
public struct ConfigLoader: Sendable {
    /// The config's file name inside the site folder.
    public static let fileName = "carousel.json"

    public init() {}

    /// Parses config text. `name` is how the file is called in diagnostics.
    public func load(_ source: SourceText, log: DiagnosticLog) throws(DiagnosticError) -> SiteConfig {
        let root: JSONNode
        do {
            root = try JSONParser.parse(source, allowComments: true)
        } catch {
            throw DiagnosticError([error])
        }
        var reader = ConfigReader(source: source)
        let config = reader.readSite(root)
        log.report(reader.diagnostics.filter { $0.severity < .error })
        let errors = reader.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else { throw DiagnosticError(errors) }
        return config
    }
}

/// Walks the parsed config, collecting diagnostics instead of stopping at the first problem, so
/// one run shows every mistake in the file.
struct ConfigReader {
    let source: SourceText
    var diagnostics: [Diagnostic] = []

    // MARK: The schema

    /// Keys of a show, also allowed at the top level (where they describe the single show).
    static let showKeys = ["feed", "title", "id", "mapping", "maxSlides", "interval", "autoplay", "selectable", "windowed", "theme"]
    static let siteKeys = ["title", "description", "language", "baseURL", "output", "shows", "images", "headers", "precompress"] + showKeys
    static let themeKeys = ["dotColor", "dotCurrentColor", "captionPosition", "aspectRatio", "objectFit", "imageSizes"]
    static let mappingKeys = ["items", "image", "title", "caption", "link", "alt"]
    static let imageKeys = ["cacheTTL", "maxDownloadBytes", "maxPixels", "timeout", "onMissing", "resize", "widths", "avif", "webpQuality", "jpegQuality"]

    mutating func readSite(_ root: JSONNode) -> SiteConfig {
        var config = SiteConfig()
        guard let members = expectObject(root, what: "the config") else { return config }
        checkKeys(members, allowed: Self.siteKeys, in: "the config")
        if let title = string(root["title"]) { config.title = title }
        if let language = string(root["language"]) { config.language = language }
        if let description = string(root["description"]) { config.description = description }
        if let node = root["output"], let output = string(node) {
            // The output is replaced wholesale on every build, so a config (which may come with a
            // site from anywhere) must not aim it outside the site; '--output' can, by hand.
            // Over 1,024 bytes is no folder name anyone types, and would leave little of PATH_MAX
            // (4,096) for the site folder's own path.
            if let normalized = SitePath.normalize(output), !normalized.isEmpty, normalized.utf8.count <= 1024 {
                config.output = normalized
            } else {
                report(.error("'output' must be a folder inside the site folder, like '_site'", at: location(node)))
            }
        }
        if let node = root["baseURL"], let text = string(node) {
            if let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()), url.host != nil {
                config.baseURL = url.absoluteString.hasSuffix("/") ? url : url.appendingPathComponent("")
            } else {
                report(.error("'baseURL' must be an absolute http or https URL", at: location(node)))
            }
        }
        if let images = root["images"] { config.images = readImages(images) }
        if let headers = bool(root["headers"]) { config.hostingHeaders = headers }
        if let precompress = bool(root["precompress"]) { config.precompress = precompress }

        let defaults = readShowFields(root, into: ShowConfig(id: "index", title: config.title, feed: .local("")))
        if let showsNode = root["shows"] {
            if root["feed"] != nil {
                report(.error("use either 'feed' or 'shows', not both", at: location(showsNode)))
            }
            guard let shows = expectArray(showsNode, what: "'shows'") else { return config }
            if shows.isEmpty { report(.error("'shows' is empty: expected at least one slideshow", at: location(showsNode))) }
            for (index, node) in shows.enumerated() {
                guard let members = expectObject(node, what: "a show") else { continue }
                checkKeys(members, allowed: Self.showKeys, in: "a show")
                var show = defaults
                show.id = "show-\(index + 1)"
                show.title = "\(config.title) \(index + 1)"
                show = readShowFields(node, into: show)
                show.location = location(node)
                guard node["feed"] != nil else {
                    report(.error("a show needs a 'feed'", at: location(node)))
                    continue
                }
                config.shows.append(show)
            }
            checkUniqueIDs(config.shows)
        } else if root["feed"] != nil {
            var show = defaults
            show.location = location(root)
            config.shows = [show]
        }
        return config
    }

    /// Reads the keys a show may have from `node`, over the values already in `show`.
    mutating func readShowFields(_ node: JSONNode, into show: ShowConfig) -> ShowConfig {
        var show = show
        if let title = string(node["title"]) { show.title = title }
        if let idNode = node["id"], let id = string(idNode) {
            if id.range(of: "^[a-z0-9][a-z0-9-]*$", options: .regularExpression) != nil {
                show.id = id
            } else {
                report(.error("'id' must be lowercase letters, digits and '-', like 'summer-2024'", at: location(idNode)))
            }
        }
        if let feedNode = node["feed"], let feed = string(feedNode) {
            show.feed = feedLocation(feed, at: feedNode)
        }
        if let mapping = node["mapping"] { show.mapping = readMapping(mapping, over: show.mapping) }
        if let limit = positiveCount(node["maxSlides"]) { show.maxSlides = limit }
        if let intervalNode = node["interval"], let interval = integer(intervalNode) {
            // Under 100 ms a carousel is a strobe, and transitions could never finish. Over
            // 2^31 - 1 ms, setTimeout overflows and fires at once: the opposite of a long wait.
            if interval < 100 {
                report(.error("'interval' must be at least 100 milliseconds", at: location(intervalNode)))
            } else if interval > Int(Int32.max) {
                report(.error("'interval' must be at most 2147483647 milliseconds (what browsers' timers hold)", at: location(intervalNode)))
            } else {
                show.options.interval = interval
            }
        }
        if let autoplay = bool(node["autoplay"]) { show.options.autoplay = autoplay }
        if let selectable = bool(node["selectable"]) { show.options.selectable = selectable }
        if let windowed = bool(node["windowed"]) { show.options.windowed = windowed }
        if let theme = node["theme"] { show.options = readTheme(theme, over: show.options) }
        return show
    }

    mutating func readTheme(_ node: JSONNode, over options: ShowOptions) -> ShowOptions {
        var options = options
        guard let members = expectObject(node, what: "'theme'") else { return options }
        checkKeys(members, allowed: Self.themeKeys, in: "'theme'")
        if let colorNode = node["dotColor"], let color = cssValue(colorNode) { options.dotColor = color }
        if let colorNode = node["dotCurrentColor"], let color = cssValue(colorNode) { options.dotCurrentColor = color }
        if let ratioNode = node["aspectRatio"], let ratio = string(ratioNode) {
            if ratio.range(of: #"^\s*\d+(\.\d+)?\s*(/\s*\d+(\.\d+)?\s*)?$"#, options: .regularExpression) != nil {
                options.aspectRatio = ratio.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "/", with: " / ")
            } else {
                report(.error("'aspectRatio' must look like '16 / 9' or '1.5'", at: location(ratioNode)))
            }
        }
        if let sizesNode = node["imageSizes"], let sizes = cssValue(sizesNode) { options.imageSizes = sizes }
        if let position = choice(node["captionPosition"], ShowOptions.CaptionPosition.self) { options.captionPosition = position }
        if let fit = choice(node["objectFit"], ShowOptions.ObjectFit.self) { options.objectFit = fit }
        return options
    }

    mutating func readMapping(_ node: JSONNode, over mapping: FieldMapping) -> FieldMapping {
        var mapping = mapping
        guard let members = expectObject(node, what: "'mapping'") else { return mapping }
        checkKeys(members, allowed: Self.mappingKeys, in: "'mapping'")
        if let value = string(node["items"]) { mapping.items = value }
        if let value = string(node["image"]) { mapping.image = value }
        if let value = string(node["title"]) { mapping.title = value }
        if let value = string(node["caption"]) { mapping.caption = value }
        if let value = string(node["link"]) { mapping.link = value }
        if let value = string(node["alt"]) { mapping.alt = value }
        return mapping
    }

    mutating func readImages(_ node: JSONNode) -> ImageSettings {
        var settings = ImageSettings()
        guard let members = expectObject(node, what: "'images'") else { return settings }
        checkKeys(members, allowed: Self.imageKeys, in: "'images'")
        if let ttl = positiveNumber(node["cacheTTL"]) { settings.cacheTTL = ttl }
        if let timeoutNode = node["timeout"], let timeout = positiveNumber(timeoutNode) {
            // FoundationNetworking turns the deadline into whole milliseconds in an Int, which a
            // huge value overflows (a crash); a download allowed a day has no deadline anyway.
            if timeout <= 86_400 { settings.timeout = timeout } else {
                report(.error("'timeout' must be at most 86400 seconds (a day)", at: location(timeoutNode)))
            }
        }
        if let bytes = positiveCount(node["maxDownloadBytes"]) { settings.maxDownloadBytes = bytes }
        if let pixels = positiveCount(node["maxPixels"]) { settings.maxPixels = pixels }
        if let policy = choice(node["onMissing"], ImageSettings.MissingImagePolicy.self) { settings.onMissing = policy }
        if let resize = bool(node["resize"]) { settings.resize = resize }
        if let avif = bool(node["avif"]) { settings.avif = avif }
        if let quality = quality(node["webpQuality"]) { settings.webpQuality = quality }
        if let quality = quality(node["jpegQuality"]) { settings.jpegQuality = quality }
        if let widthsNode = node["widths"], let items = expectArray(widthsNode, what: "'widths'") {
            var widths: [Int] = []
            for item in items {
                // 16 px is below any useful photo; 8,192 px is above any screen's need.
                guard let width = item.intValue, (16...8192).contains(width) else {
                    report(.error("a width must be a whole number of pixels from 16 to 8192", at: location(item)))
                    continue
                }
                widths.append(width)
            }
            if items.isEmpty { report(.error("'widths' is empty: expected widths like [800, 1600]", at: location(widthsNode))) }
            settings.widths = Array(Set(widths)).sorted()
        }
        return settings
    }

    // MARK: Typed access with diagnostics

    func location(_ node: JSONNode) -> SourceLocation {
        source.location(ofByteOffset: node.offset)
    }

    mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    mutating func expectObject(_ node: JSONNode, what: String) -> [JSONMember]? {
        if let members = node.members { return members }
        report(.error("\(what) must be an object, found \(node.kindDescription)", at: location(node)))
        return nil
    }

    mutating func expectArray(_ node: JSONNode, what: String) -> [JSONNode]? {
        if let items = node.arrayValue { return items }
        report(.error("\(what) must be an array, found \(node.kindDescription)", at: location(node)))
        return nil
    }

    mutating func string(_ node: JSONNode?) -> String? {
        guard let node else { return nil }
        if let string = node.stringValue { return string }
        report(.error("expected a string, found \(node.kindDescription)", at: location(node)))
        return nil
    }

    mutating func bool(_ node: JSONNode?) -> Bool? {
        guard let node else { return nil }
        if let bool = node.boolValue { return bool }
        report(.error("expected true or false, found \(node.kindDescription)", at: location(node)))
        return nil
    }

    mutating func integer(_ node: JSONNode) -> Int? {
        if let int = node.intValue { return int }
        report(.error("expected a whole number, found \(node.kindDescription)", at: location(node)))
        return nil
    }

    mutating func positiveNumber(_ node: JSONNode?) -> Double? {
        guard let node else { return nil }
        if let number = node.numberValue, number > 0, number.isFinite { return number }
        report(.error("expected a positive number, found \(node.kindDescription)", at: location(node)))
        return nil
    }

    /// A limit counted in whole units (bytes, pixels). Anything past 2^53 is no limit a machine
    /// could reach, and would not survive the conversion to `Int`.
    mutating func positiveCount(_ node: JSONNode?) -> Int? {
        guard let node else { return nil }
        if let count = node.intValue, count > 0 { return count }
        var found = node.kindDescription
        if case .number(_, let text) = node.value { found = text }
        report(.error("expected a positive whole number below 2^53, found \(found)", at: location(node)))
        return nil
    }

    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ node: JSONNode?, _ type: Choice.Type) -> Choice? where Choice.RawValue == String {
        guard let node, let text = string(node) else { return nil }
        if let value = Choice(rawValue: text) { return value }
        let allowed = Choice.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ")
        report(.error("expected \(allowed), found '\(text)'", at: location(node)))
        return nil
    }

    /// An encoder quality: 1 (smallest) to 100 (best).
    mutating func quality(_ node: JSONNode?) -> Int? {
        guard let node else { return nil }
        if let value = node.intValue, (1...100).contains(value) { return value }
        report(.error("expected a quality from 1 to 100, found \(node.kindDescription == "a number" ? "\(node.numberValue ?? 0)" : node.kindDescription)", at: location(node)))
        return nil
    }

    /// A colour or other CSS value that goes into the generated stylesheet: anything that could
    /// end the declaration or the rule (`;`, braces, quotes, backslashes, `<`) is refused.
    mutating func cssValue(_ node: JSONNode) -> String? {
        guard let text = string(node) else { return nil }
        if text.range(of: #"^[#a-zA-Z0-9(),.%\s-]+$"#, options: .regularExpression) != nil { return text }
        report(.error("'\(text)' is not a CSS colour like '#ff8800' or 'rgba(0, 0, 0, 0.5)'", at: location(node)))
        return nil
    }

    mutating func feedLocation(_ text: String, at node: JSONNode) -> FeedLocation {
        if let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme.count > 1 {
            if ["http", "https"].contains(scheme), url.host != nil { return .remote(url) }
            report(.error("feed URLs must use http or https, found '\(scheme):'", at: location(node)))
            return .local(text)
        }
        return .local(text)
    }

    mutating func checkKeys(_ members: [JSONMember], allowed: [String], in what: String) {
        for member in members where !allowed.contains(member.key) {
            var notes: [String] = []
            if let guess = allowed.min(by: { typoDistance(member.key, $0) < typoDistance(member.key, $1) }),
                typoDistance(member.key, guess) <= max(1, member.key.count / 3)
            {
                notes.append("did you mean '\(guess)'?")
            }
            report(.warning("unknown key '\(member.key)' in \(what) is ignored", at: source.location(ofByteOffset: member.keyOffset), notes: notes))
        }
    }

    mutating func checkUniqueIDs(_ shows: [ShowConfig]) {
        var seen = Set<String>()
        for show in shows where !seen.insert(show.id).inserted {
            report(.error("two shows have the id '\(show.id)'", at: show.location))
        }
    }
}

/// Case-insensitive edit distance, for "did you mean" suggestions on config keys.
func typoDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased()), b = Array(b.lowercased())
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
        var current = [i] + [Int](repeating: 0, count: b.count)
        for j in stride(from: 1, through: b.count, by: 1) {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
}
