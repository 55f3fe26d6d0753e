// libFuzzer entry: the XML reader and the RSS/Atom readers on any bytes, as a local and as a
// remote feed (the two resolve references differently).
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLFeed(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = SourceText(name: "fuzz.xml", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    _ = try? XMLReader.parse(source)
    _ = try? FeedReader().read(FeedDocument(source: source, folder: "photos"), log: DiagnosticLog())
    _ = try? FeedReader().read(FeedDocument(source: source, url: URL(string: "https://example.com/feeds/x.xml")), log: DiagnosticLog())
    return 0
}
