// libFuzzer entry: binary property lists. Inputs get the "bplist00" magic so that every
// mutation exercises the binary reader rather than failing at the first byte.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlistBinary(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if !bytes.starts(with: Array("bplist00".utf8)) { bytes = Array("bplist00".utf8) + bytes }
    let source = SourceText(name: "fuzz.bplist", bytes: bytes)
    readAndReport { _ in _ = try PropertyListReader.read(source) }
    readAndReport { _ = try FeedReader().read(FeedDocument(source: source), log: $0) }
    return 0
}
