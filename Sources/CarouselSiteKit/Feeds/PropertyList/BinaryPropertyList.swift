import Foundation

/// Reads Apple's binary property-list format ("bplist00"), distrusting every number in it: the
/// trailer and offset table are validated before use, sizes are checked against the bytes that
/// remain before anything is allocated, references may not form cycles, nesting is limited, and
/// shared objects count against a budget so a small file cannot expand into a huge tree.
///
/// Errors have no lines to point at; they are located as line 1, column = byte offset + 1, and
/// say the byte offset in words.
struct BinaryPropertyList {
    /// Nesting limit for arrays and dictionaries; real archives nest a few dozen levels.
    static let maximumDepth = 512
    /// Values produced in total, counting each reuse of a shared object again: bounds the
    /// expansion of a DAG in which every array refers twice to the next one.
    static let maximumValues = 1_000_000
    /// The trailer: 6 unused bytes, sort version, offset size, reference size, then three
    /// big-endian 64-bit numbers (object count, top object, offset-table offset).
    private static let trailerSize = 32
    private static let headerSize = 8  // "bplist00"
    /// Dates count seconds from 2001-01-01T00:00:00Z; these bounds are 0001-01-01T00:00:00Z and
    /// 9999-12-31T23:59:59Z, the range calendars and other plist readers represent (NaN fails too).
    private static let representableDates = -63_113_904_000.0...252_423_993_599.0

    private let source: SourceText
    private let bytes: [UInt8]
    private var offsetSize = 0
    private var referenceSize = 0
    private var objectCount = 0
    private var offsetTable = 0
    private var valuesMade = 0
    /// Objects being decoded on the current path, to refuse cycles.
    private var inProgress: Set<Int> = []

    static func parse(_ source: SourceText) throws(Diagnostic) -> PropertyListNode {
        var reader = BinaryPropertyList(source: source, bytes: source.bytes)
        return try reader.parseDocument()
    }

    private init(source: SourceText, bytes: [UInt8]) {
        self.source = source
        self.bytes = bytes
    }

    private func failure(_ message: String, at offset: Int) -> Diagnostic {
        .error("\(message) (at byte \(offset))", at: SourceLocation(file: source.name, line: 1, column: offset + 1))
    }

    private mutating func parseDocument() throws(Diagnostic) -> PropertyListNode {
        guard bytes.starts(with: Array("bplist00".utf8)) else {
            throw failure("unsupported binary property-list version; expected 'bplist00'", at: 0)
        }
        guard bytes.count >= Self.headerSize + Self.trailerSize + 1 else {
            throw failure("binary property list is too short (\(bytes.count) bytes)", at: 0)
        }
        let trailer = bytes.count - Self.trailerSize
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = readUInt64(at: trailer + 8, size: 8)
        let top = readUInt64(at: trailer + 16, size: 8)
        let table = readUInt64(at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize) else { throw failure("invalid offset size \(offsetSize) in the trailer; expected 1 to 8", at: trailer + 6) }
        guard (1...8).contains(referenceSize) else { throw failure("invalid object reference size \(referenceSize) in the trailer; expected 1 to 8", at: trailer + 7) }
        // Every object takes at least one byte, so there cannot be more objects than bytes.
        guard count >= 1, count <= UInt64(trailer) else { throw failure("invalid object count \(count) in the trailer", at: trailer + 8) }
        guard top < count else { throw failure("top object \(top) is outside the \(count) objects", at: trailer + 16) }
        let (tableBytes, overflow) = count.multipliedReportingOverflow(by: UInt64(offsetSize))
        guard table >= UInt64(Self.headerSize), table <= UInt64(trailer), !overflow, tableBytes <= UInt64(trailer) - table else {
            throw failure("offset table at \(table) does not fit before the trailer", at: trailer + 24)
        }
        objectCount = Int(count)
        offsetTable = Int(table)
        return try object(Int(top), depth: 0)
    }

    /// The byte offset where object `index` starts, validated to lie in the object area.
    private func offset(ofObject index: Int) throws(Diagnostic) -> Int {
        let entry = offsetTable + index * offsetSize
        let value = readUInt64(at: entry, size: offsetSize)
        guard value >= UInt64(Self.headerSize), value < UInt64(offsetTable) else {
            throw failure("object \(index) has offset \(value), outside the object data", at: entry)
        }
        return Int(value)
    }

    private mutating func object(_ index: Int, depth: Int) throws(Diagnostic) -> PropertyListNode {
        let start = try offset(ofObject: index)
        valuesMade += 1
        guard valuesMade <= Self.maximumValues else {
            throw failure("binary property list expands to more than \(Self.maximumValues) values", at: start)
        }
        let marker = bytes[start]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return PropertyListNode(.bool(false), offset: start)
            case 0x09: return PropertyListNode(.bool(true), offset: start)
            default: throw failure("unsupported object marker 0x\(String(marker, radix: 16))", at: start)
            }
        case 0x1:
            return PropertyListNode(.integer(try integer(at: start + 1, exponent: low)), offset: start)
        case 0x2:
            guard low == 2 || low == 3 else { throw failure("invalid real number size", at: start) }
            let bits = try checkedUInt64(at: start + 1, size: 1 << low)
            let number = low == 2 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits)
            return PropertyListNode(.real(number), offset: start)
        case 0x3:
            guard marker == 0x33 else { throw failure("invalid date marker", at: start) }
            let seconds = Double(bitPattern: try checkedUInt64(at: start + 1, size: 8))
            guard Self.representableDates.contains(seconds) else { throw failure("invalid date value \(seconds); expected a date in the years 1 to 9999", at: start) }
            return PropertyListNode(.date(Date(timeIntervalSinceReferenceDate: seconds)), offset: start)
        case 0x4:
            let (length, body) = try lengthAndBody(marker: marker, at: start, unit: 1)
            return PropertyListNode(.data(Array(bytes[body..<(body + length)])), offset: start)
        case 0x5:
            let (length, body) = try lengthAndBody(marker: marker, at: start, unit: 1)
            let slice = bytes[body..<(body + length)]
            guard slice.allSatisfy({ $0 < 0x80 }) else { throw failure("non-ASCII byte in an ASCII string", at: start) }
            return PropertyListNode(.string(String(decoding: slice, as: UTF8.self)), offset: start)
        case 0x6:
            let (length, body) = try lengthAndBody(marker: marker, at: start, unit: 2)
            let units = (0..<length).map { UInt16(bytes[body + 2 * $0]) << 8 | UInt16(bytes[body + 2 * $0 + 1]) }
            var string = ""
            for scalar in UTF16Decoding.scalars(units) {
                guard let scalar else { throw failure("invalid UTF-16 string (unpaired surrogate)", at: start) }
                string.unicodeScalars.append(scalar)
            }
            return PropertyListNode(.string(string), offset: start)
        case 0x8:
            return PropertyListNode(.uid(try checkedUInt64(at: start + 1, size: low + 1)), offset: start)
        case 0xA:
            let (count, body) = try lengthAndBody(marker: marker, at: start, unit: referenceSize)
            let references = try (0..<count).map { (i: Int) throws(Diagnostic) -> Int in try reference(at: body + i * referenceSize) }
            let items = try nested(index, depth: depth, at: start) { (this: inout BinaryPropertyList) throws(Diagnostic) -> [PropertyListNode] in
                var items: [PropertyListNode] = []
                for reference in references { items.append(try this.object(reference, depth: depth + 1)) }
                return items
            }
            return PropertyListNode(.array(items), offset: start)
        case 0xD:
            let (count, body) = try lengthAndBody(marker: marker, at: start, unit: 2 * referenceSize)
            let keys = try (0..<count).map { (i: Int) throws(Diagnostic) -> Int in try reference(at: body + i * referenceSize) }
            let values = try (0..<count).map { (i: Int) throws(Diagnostic) -> Int in try reference(at: body + (count + i) * referenceSize) }
            let entries = try nested(index, depth: depth, at: start) { (this: inout BinaryPropertyList) throws(Diagnostic) -> [PropertyListEntry] in
                var entries: [PropertyListEntry] = []
                for (key, value) in zip(keys, values) {
                    let keyNode = try this.object(key, depth: depth + 1)
                    guard case .string(let name) = keyNode.value else {
                        throw this.failure("dictionary key is not a string", at: keyNode.offset)
                    }
                    entries.append(PropertyListEntry(key: name, keyOffset: keyNode.offset, value: try this.object(value, depth: depth + 1)))
                }
                return entries
            }
            return PropertyListNode(.dictionary(entries), offset: start)
        default:
            throw failure("unsupported object marker 0x\(String(marker, radix: 16))", at: start)
        }
    }

    /// Runs `body` with `index` marked as being decoded, refusing cycles and deep nesting.
    private mutating func nested<T>(_ index: Int, depth: Int, at offset: Int, _ body: (inout BinaryPropertyList) throws(Diagnostic) -> T) throws(Diagnostic) -> T {
        guard depth < Self.maximumDepth else { throw failure("containers nested deeper than \(Self.maximumDepth) levels", at: offset) }
        guard inProgress.insert(index).inserted else { throw failure("object \(index) contains itself", at: offset) }
        defer { inProgress.remove(index) }
        return try body(&self)
    }

    /// The element count of a data, string, array or dictionary object and where its body starts,
    /// checked to fit in the object area (`unit` bytes per element).
    private func lengthAndBody(marker: UInt8, at start: Int, unit: Int) throws(Diagnostic) -> (Int, Int) {
        var length = UInt64(marker & 0x0F)
        var body = start + 1
        if length == 0x0F {
            guard body < offsetTable, bytes[body] >> 4 == 0x1 else { throw failure("expected an integer length after the marker", at: body) }
            let exponent = Int(bytes[body] & 0x0F)
            guard exponent <= 3 else { throw failure("invalid length size", at: body) }
            length = try checkedUInt64(at: body + 1, size: 1 << exponent)
            body += 1 + (1 << exponent)
        }
        let (size, overflow) = length.multipliedReportingOverflow(by: UInt64(unit))
        guard !overflow, body <= offsetTable, size <= UInt64(offsetTable - body) else {
            throw failure("object length \(length) runs past the object data", at: start)
        }
        return (Int(length), body)
    }

    /// An object reference, checked to name an existing object.
    private func reference(at offset: Int) throws(Diagnostic) -> Int {
        let value = try checkedUInt64(at: offset, size: referenceSize)
        guard value < UInt64(objectCount) else { throw failure("object reference \(value) is outside the \(objectCount) objects", at: offset) }
        return Int(value)
    }

    /// An integer of 2^exponent bytes: 1, 2 and 4 bytes unsigned, 8 bytes signed, 16 bytes signed
    /// 128-bit (kept exact when it fits 64 bits, as writers use it for UInt64 values).
    private func integer(at offset: Int, exponent: Int) throws(Diagnostic) -> String {
        switch exponent {
        case 0, 1, 2: return String(try checkedUInt64(at: offset, size: 1 << exponent))
        case 3: return String(Int64(bitPattern: try checkedUInt64(at: offset, size: 8)))
        case 4:
            let high = try checkedUInt64(at: offset, size: 8)
            let low = try checkedUInt64(at: offset + 8, size: 8)
            if high == 0 { return String(low) }
            if high == UInt64.max, Int64(bitPattern: low) < 0 { return String(Int64(bitPattern: low)) }
            throw failure("integer does not fit in 64 bits", at: offset - 1)
        default: throw failure("invalid integer size", at: offset - 1)
        }
    }

    private func checkedUInt64(at offset: Int, size: Int) throws(Diagnostic) -> UInt64 {
        guard offset >= 0, size <= 8, offset + size <= bytes.count - Self.trailerSize else {
            throw failure("value runs past the end of the data", at: offset)
        }
        return readUInt64(at: offset, size: size)
    }

    /// A big-endian unsigned number; callers have checked the range.
    private func readUInt64(at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }
}
