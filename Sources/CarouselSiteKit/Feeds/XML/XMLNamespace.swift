/// Namespace URIs the feed readers look for.
enum XMLNamespace {
    static let xml = "http://www.w3.org/XML/1998/namespace"
    static let atom = "http://www.w3.org/2005/Atom"
    /// Atom 0.3, still served by old blogs.
    static let atom03 = "http://purl.org/atom/ns#"
    static let rss10 = "http://purl.org/rss/1.0/"
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let content = "http://purl.org/rss/1.0/modules/content/"
    /// iTunes podcast tags; Apple documents the lowercase URI, feeds also use its original casing.
    static let itunes: Set<String?> = ["http://www.itunes.com/dtds/podcast-1.0.dtd", "http://www.itunes.com/DTDs/Podcast-1.0.dtd"]
    static let xhtml = "http://www.w3.org/1999/xhtml"
    /// Media RSS; both spellings occur in the wild.
    static let media: Set<String?> = ["http://search.yahoo.com/mrss/", "http://search.yahoo.com/mrss"]
}
