// libFuzzer entry: the config loader (JSON with comments, then every key's type and value
// checks) on any bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = SourceText(name: "carousel.json", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    readAndReport { _ = try ConfigLoader().load(source, log: $0) }
    return 0
}
