/// AVIF: an ISO base media file (HEIF) whose `meta` box names a primary item; its `ispe`
/// property gives the size and `irot`/`imir` the turn browsers apply. Orientation metadata comes
/// from an `Exif` item or an XMP item (ISO/IEC 23008-12, AV1 Image File Format).
enum AVIFProbe {
    /// Brands that mark an AVIF still image or image sequence.
    private static let brands: Set<String> = ["avif", "avis"]

    /// True when the `ftyp` box lists an AVIF brand as major or compatible brand.
    static func hasAVIFBrand(_ reader: ByteReader) -> Bool {
        guard let size = try? reader.uint32BE(at: 0), size >= 16, reader.has(size, at: 0) else { return false }
        // ftyp: major brand (4), minor version (4), then compatible brands (4 each).
        var candidates = [8]
        candidates.append(contentsOf: stride(from: 16, to: size, by: 4))
        return candidates.contains { offset in
            guard let brand = try? reader.slice(offset, 4) else { return false }
            return brands.contains(String(decoding: brand, as: UTF8.self))
        }
    }

    static func probe(_ reader: ByteReader) throws -> ImageInfo {
        guard let meta = try ISOBox.children(reader, in: 0..<reader.count).first(where: { $0.type == "meta" }) else {
            throw ImageProbeError.malformed(.avif, reason: "no 'meta' box")
        }
        let metaBoxes = try ISOBox.children(reader, in: meta.fullBoxContent)
        guard let handler = metaBoxes.first(where: { $0.type == "hdlr" }),
              reader.matches("pict", at: handler.fullBoxContent.lowerBound + 4)
        else { throw ImageProbeError.malformed(.avif, reason: "the 'meta' box has no 'pict' handler ('hdlr')") }
        guard let primaryBox = metaBoxes.first(where: { $0.type == "pitm" }) else {
            throw ImageProbeError.malformed(.avif, reason: "no primary item ('pitm')")
        }
        let primary = try primaryBox.version(reader) == 0
            ? try reader.uint16BE(at: primaryBox.fullBoxContent.lowerBound)
            : try reader.uint32BE(at: primaryBox.fullBoxContent.lowerBound)
        let items = try HEIFItems(reader, metaBoxes: metaBoxes)
        try items.checkExtentsInsideFile(of: primary, fileLength: reader.count)
        let properties = try items.properties(of: primary)
        guard let spatialExtent = properties.first(where: { $0.type == "ispe" }) else {
            throw ImageProbeError.malformed(.avif, reason: "the primary item has no size ('ispe')")
        }
        // ispe: FullBox, then image width (4) and height (4).
        let width = try reader.uint32BE(at: spatialExtent.fullBoxContent.lowerBound)
        let height = try reader.uint32BE(at: spatialExtent.fullBoxContent.lowerBound + 4)
        guard width > 0, height > 0 else { throw ImageProbeError.malformed(.avif, reason: "zero width or height") }
        var quarterTurnsCounterClockwise = 0
        var mirrorAxis: Int?
        for property in properties {
            if property.type == "irot" { quarterTurnsCounterClockwise = Int(try reader.byte(at: property.content.lowerBound) & 0x03) }
            if property.type == "imir" { mirrorAxis = Int(try reader.byte(at: property.content.lowerBound) & 0x01) }
        }
        let display = ImageOrientation.exifCode(quarterTurnsClockwise: (4 - quarterTurnsCounterClockwise) % 4, thenMirrorAxis: mirrorAxis)
        return ImageInfo(format: .avif, width: width, height: height, orientation: items.metadataOrientation() ?? 1, displayOrientation: display)
    }
}
