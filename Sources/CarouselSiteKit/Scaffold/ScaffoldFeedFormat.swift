/// The feed formats `init` can write.
public enum ScaffoldFeedFormat: String, Sendable, CaseIterable {
    case json, plist, rss

    var fileName: String {
        switch self {
        case .json: "slides.json"
        case .plist: "slides.plist"
        case .rss: "slides.xml"
        }
    }
}
