/// One slide of a feed that `init` writes: an image path relative to the site, and its text.
struct ScaffoldEntry: Sendable, Equatable {
    var image: String
    var title: String
    var caption: String?
}
