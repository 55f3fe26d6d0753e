// libFuzzer entry: the XML reader and the RSS/Atom readers on any bytes, as a local and as a
// remote feed (the two resolve references differently).
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLFeed(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = SourceText(name: "fuzz.xml", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    readAndReport { _ in _ = try XMLReader.parse(source) }
    readAndReport { _ = try FeedReader().read(FeedDocument(source: source, folder: "photos"), log: $0) }
    readAndReport { _ = try FeedReader().read(FeedDocument(source: source, url: URL(string: "https://example.com/feeds/x.xml")), log: $0) }
    return 0
}
