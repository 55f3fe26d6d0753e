// libFuzzer entry: the image header probe (PNG, JPEG, GIF, WebP, AVIF, SVG) on any bytes. The
// probe walks chunk, segment and box structures whose lengths come from the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageProbe(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? ImageProbe.probe(UnsafeBufferPointer(start: data, count: size))
    return 0
}
