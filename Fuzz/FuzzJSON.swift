// libFuzzer entry: the JSON parser and the JSON feed readers (shapes, JSON Feed) on any bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = SourceText(name: "fuzz.json", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    readAndReport { _ in _ = try JSONParser.parse(source) }
    readAndReport { _ = try FeedReader().read(FeedDocument(source: source, folder: "photos"), log: $0) }
    return 0
}
