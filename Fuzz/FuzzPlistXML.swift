// libFuzzer entry: XML property lists (and OpenStep ASCII ones, which any input not starting
// with "<" becomes), as values and as feeds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlistXML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = SourceText(name: "fuzz.plist", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    readAndReport { _ in _ = try PropertyListReader.read(source) }
    readAndReport { _ = try FeedReader().read(FeedDocument(source: source), log: $0) }
    return 0
}
