/// How deeply sections, blocks, partials and parents may nest, in the source and at render time.
///
/// Parsing and rendering recurse once per level, and a debug build overflowed a test thread's
/// stack at about 1,600 nested sections; 200 keeps a wide margin on every thread while being far
/// beyond real themes (a handful of levels) and recursive data such as comment trees (each
/// level is a section plus a partial, so 100 levels of data).
enum NestingLimit {
    static let maximum = 200
}
