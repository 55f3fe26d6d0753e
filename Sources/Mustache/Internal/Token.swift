/// The tokenizer's output: text and tags in source order.
///
/// Invariant: a text token holds at most one line break, and only as its last byte(s), so
/// every line of the template ends with a text token ending in "\n" (or with the template).
enum Token: Sendable {
    case text(Range<Int>)
    case tag(Tag)
}
