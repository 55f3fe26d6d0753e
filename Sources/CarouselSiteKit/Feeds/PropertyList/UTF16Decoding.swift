/// Decodes UTF-16 code units strictly: an unpaired surrogate yields nil instead of U+FFFD, so a
/// reader can refuse it.
enum UTF16Decoding {
    static func scalars(_ units: [UInt16]) -> [Unicode.Scalar?] {
        var result: [Unicode.Scalar?] = []
        var iterator = units.makeIterator()
        var decoder = UTF16()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): result.append(scalar)
            case .emptyInput: break loop
            case .error: result.append(nil)
            }
        }
        return result
    }
}
