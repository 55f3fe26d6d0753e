import Foundation
import Testing
@testable import CarouselSiteKit

/// How derived files map onto the page's image and the output's file list.
@Suite struct DerivedImagePageTests {
    let hash = String(repeating: "ab", count: 32)

    func source(_ format: ImageFormat, orientation: Int = 1) -> StoredImage {
        StoredImage(
            contentHash: hash, file: URL(fileURLWithPath: "/site/photo.\(format.fileExtension)"),
            info: ImageInfo(format: format, width: 3000, height: 2000, orientation: orientation), byteCount: 1)
    }

    func variants(_ encodings: [ImageEncoding], widths: [Int]) -> [ImageVariant] {
        encodings.flatMap { encoding in
            widths.map { ImageVariant(width: $0, encoding: encoding, file: URL(fileURLWithPath: "/cache/\($0).\(encoding.format.fileExtension)"), byteCount: $0) }
        }
    }

    @Test func theFallbackFormatFillsSrcsetAndOtherFormatsBecomeSourcesAVIFFirst() {
        let image = DerivedImage(
            source: source(.jpeg), variants: variants([.jpeg(quality: 82), .webp(quality: 80), .avif(quality: 50)], widths: [480, 800]),
            placeholder: "data:image/webp;base64,AAAA")
        let page = image.pageImage
        let prefix = "images/abababababab"
        #expect(page.src == "\(prefix)-800.jpg")
        #expect(page.width == 3000 && page.height == 2000)
        #expect(page.candidates == [.init(url: "\(prefix)-480.jpg", width: 480), .init(url: "\(prefix)-800.jpg", width: 800)])
        #expect(page.sources == [
            .init(type: "image/avif", candidates: [.init(url: "\(prefix)-480.avif", width: 480), .init(url: "\(prefix)-800.avif", width: 800)]),
            .init(type: "image/webp", candidates: [.init(url: "\(prefix)-480.webp", width: 480), .init(url: "\(prefix)-800.webp", width: 800)]),
        ])
        #expect(page.placeholder == "data:image/webp;base64,AAAA")
        #expect(image.outputFiles.map(\.path) == ["jpg", "webp", "avif"].flatMap { ext in [480, 800].map { "\(prefix)-\($0).\(ext)" } })
        #expect(image.outputFiles.map(\.content) == image.variants.map { .file($0.file) })
    }

    @Test func aWebPOriginalHasWebPCandidatesAndNoSources() {
        let page = DerivedImage(source: source(.webp), variants: variants([.webp(quality: 80)], widths: [480])).pageImage
        #expect(page.candidates.map(\.url) == ["images/abababababab-480.webp"])
        #expect(page.sources == [])
    }

    @Test func aPassThroughImageUsesTheOriginalWithItsTurnedSize() {
        let image = DerivedImage(source: source(.jpeg, orientation: 6))
        #expect(image.outputFiles.map(\.path) == ["images/abababababab.jpg"])
        #expect(image.outputFiles.map(\.content) == [.file(URL(fileURLWithPath: "/site/photo.jpg"))])
        // A photo of the site's own is copied into the output, never linked.
        var local = image
        local.source.isSiteFile = true
        #expect(local.outputFiles.map(\.content) == [.copy(URL(fileURLWithPath: "/site/photo.jpg"))])
        let page = image.pageImage
        #expect(page == PageImage(src: "images/abababababab.jpg", width: 2000, height: 3000))
    }
}
