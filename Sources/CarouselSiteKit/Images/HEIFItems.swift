/// The items of a HEIF `meta` box: where each item's bytes are (`iloc`), what type it is
/// (`iinf`) and which properties it has (`iprp`: `ipco` lists them, `ipma` assigns them).
struct HEIFItems {
    struct Extent {
        let offset: Int
        let length: Int
    }

    private let reader: ByteReader
    private var locations: [Int: (constructionMethod: Int, extents: [Extent])] = [:]
    private var itemTypes: [Int: String] = [:]
    private var contentTypes: [Int: String] = [:]
    private var propertyBoxes: [ISOBox] = []
    private var associations: [Int: [Int]] = [:]

    init(_ reader: ByteReader, metaBoxes: [ISOBox]) throws {
        self.reader = reader
        for box in metaBoxes {
            switch box.type {
            case "iloc": try readLocations(box)
            case "iinf": try readItemInfo(box)
            case "iprp": try readProperties(box)
            default: break
            }
        }
    }

    /// The property boxes of `item`, in association order (the order transforms apply in).
    func properties(of item: Int) throws -> [ISOBox] {
        try (associations[item] ?? []).map { index in
            // Property indexes are 1-based; 0 means "no property".
            guard index >= 1, index <= propertyBoxes.count else {
                throw ImageProbeError.malformed(.avif, reason: "property index \(index) is out of range")
            }
            return propertyBoxes[index - 1]
        }
    }

    /// Checks that the file holds every byte the item's extents name (a cut-off download fails).
    func checkExtentsInsideFile(of item: Int, fileLength: Int) throws {
        guard let location = locations[item] else {
            throw ImageProbeError.malformed(.avif, reason: "the primary item has no location ('iloc')")
        }
        guard location.constructionMethod == 0 else { return }  // 1 and 2 point inside other boxes/items
        for extent in location.extents where !reader.has(extent.length, at: extent.offset) {
            throw ImageProbeError.truncated(.avif)
        }
    }

    /// The orientation in an `Exif` item, or else in an XMP item; nil when neither states one.
    func metadataOrientation() -> Int? {
        for (item, type) in itemTypes.sorted(by: { $0.key < $1.key }) {
            guard let bytes = fileBytes(of: item) else { continue }
            if type == "Exif" {
                // The item starts with the 32-bit offset of the TIFF header from the next byte.
                guard let skip = try? reader.uint32BE(at: bytes.lowerBound) else { continue }
                if let value = EXIFOrientation.read(reader, tiffStart: bytes.lowerBound + 4 + skip) { return value }
            } else if type == "mime", contentTypes[item] == "application/rdf+xml" {
                if let value = EXIFOrientation.read(xmp: reader.bytes[bytes]) { return value }
            }
        }
        return nil
    }

    /// The bytes of an item stored as one extent in the file itself (how encoders write metadata).
    private func fileBytes(of item: Int) -> Range<Int>? {
        guard let location = locations[item], location.constructionMethod == 0, location.extents.count == 1 else { return nil }
        let extent = location.extents[0]
        guard reader.has(extent.length, at: extent.offset) else { return nil }
        return extent.offset..<(extent.offset + extent.length)
    }

    private mutating func readLocations(_ box: ISOBox) throws {
        let version = try box.version(reader)
        var offset = box.fullBoxContent.lowerBound
        let sizes = try reader.uint16BE(at: offset)
        let offsetSize = sizes >> 12, lengthSize = (sizes >> 8) & 0xF, baseOffsetSize = (sizes >> 4) & 0xF
        let indexSize = version >= 1 ? sizes & 0xF : 0
        offset += 2
        let itemCount = version < 2 ? try reader.uint16BE(at: offset) : try reader.uint32BE(at: offset)
        offset += version < 2 ? 2 : 4
        for _ in 0..<itemCount {
            let item = version < 2 ? try reader.uint16BE(at: offset) : try reader.uint32BE(at: offset)
            offset += version < 2 ? 2 : 4
            var constructionMethod = 0
            if version >= 1 {
                constructionMethod = try reader.uint16BE(at: offset) & 0xF
                offset += 2
            }
            offset += 2  // data_reference_index
            let baseOffset = try sizedInteger(at: &offset, size: baseOffsetSize)
            let extentCount = try reader.uint16BE(at: offset)
            offset += 2
            // Extents of no stored size cost no bytes, so without this a small box could list
            // 65,535 of them for each of thousands of items (gigabytes of memory).
            guard extentCount <= 1 || indexSize + offsetSize + lengthSize > 0 else {
                throw ImageProbeError.malformed(.avif, reason: "'iloc' lists \(extentCount) extents with no offset or length")
            }
            var extents: [Extent] = []
            for _ in 0..<extentCount {
                _ = try sizedInteger(at: &offset, size: indexSize)
                let extentOffset = try sizedInteger(at: &offset, size: offsetSize)
                let length = try sizedInteger(at: &offset, size: lengthSize)
                let (start, overflow) = baseOffset.addingReportingOverflow(extentOffset)
                guard !overflow else { throw ByteReader.OutOfBounds() }
                extents.append(Extent(offset: start, length: length))
            }
            locations[item] = (constructionMethod, extents)
        }
    }

    /// Reads an unsigned integer of 0, 4 or 8 bytes, the sizes `iloc` allows.
    private func sizedInteger(at offset: inout Int, size: Int) throws -> Int {
        switch size {
        case 0:
            return 0
        case 4:
            defer { offset += 4 }
            return try reader.uint32BE(at: offset)
        case 8:
            let value = try reader.uint64BE(at: offset)
            guard value <= UInt64(Int.max) else { throw ByteReader.OutOfBounds() }
            offset += 8
            return Int(value)
        default:
            throw ImageProbeError.malformed(.avif, reason: "field size \(size) in 'iloc' is not 0, 4 or 8")
        }
    }

    private mutating func readItemInfo(_ box: ISOBox) throws {
        let countLength = try box.version(reader) == 0 ? 2 : 4
        let entries = box.fullBoxContent.lowerBound + countLength
        guard entries <= box.content.upperBound else {
            throw ImageProbeError.malformed(.avif, reason: "the 'iinf' box ends inside its entry count")
        }
        for entry in try ISOBox.children(reader, in: entries..<box.content.upperBound) where entry.type == "infe" {
            // infe version 2 or 3: item ID (2 or 4), protection index (2), item type (4), name, ...
            let version = try entry.version(reader)
            guard version >= 2 else { continue }
            var offset = entry.fullBoxContent.lowerBound
            let item = version == 2 ? try reader.uint16BE(at: offset) : try reader.uint32BE(at: offset)
            offset += (version == 2 ? 2 : 4) + 2
            // The fields are read from the file, so a short box must not let them run past its end.
            guard offset + 4 <= entry.content.upperBound else {
                throw ImageProbeError.malformed(.avif, reason: "an 'infe' box ends inside its item type")
            }
            let type = String(decoding: try reader.slice(offset, 4), as: UTF8.self)
            itemTypes[item] = type
            if type == "mime" {
                // The item name and then the content type follow as NUL-terminated strings.
                let strings = reader.bytes[(offset + 4)..<entry.content.upperBound].split(separator: 0, omittingEmptySubsequences: false)
                if strings.count > 1 { contentTypes[item] = String(decoding: strings[1], as: UTF8.self) }
            }
        }
    }

    private mutating func readProperties(_ box: ISOBox) throws {
        for child in try ISOBox.children(reader, in: box.content) {
            if child.type == "ipco" {
                propertyBoxes = try ISOBox.children(reader, in: child.content)
            } else if child.type == "ipma" {
                try readAssociations(child)
            }
        }
    }

    private mutating func readAssociations(_ box: ISOBox) throws {
        let version = try box.version(reader)
        let wideIndexes = try box.flags(reader) & 1 == 1
        var offset = box.fullBoxContent.lowerBound
        let entryCount = try reader.uint32BE(at: offset)
        offset += 4
        for _ in 0..<entryCount {
            let item = version < 1 ? try reader.uint16BE(at: offset) : try reader.uint32BE(at: offset)
            offset += version < 1 ? 2 : 4
            let count = Int(try reader.byte(at: offset))
            offset += 1
            var indexes: [Int] = []
            for _ in 0..<count {
                // Top bit: "essential"; the rest is the 1-based property index (7 or 15 bits).
                if wideIndexes {
                    indexes.append(try reader.uint16BE(at: offset) & 0x7FFF)
                    offset += 2
                } else {
                    indexes.append(Int(try reader.byte(at: offset) & 0x7F))
                    offset += 1
                }
            }
            associations[item] = indexes
        }
    }
}
