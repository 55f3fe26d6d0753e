import Testing
@testable import CarouselSiteKit

@Suite struct ByteCountTextTests {
    @Test func bytesUseDecimalUnits() {
        #expect(ByteCountText.bytes(1) == "1 byte")
        #expect(ByteCountText.bytes(999) == "999 bytes")
        #expect(ByteCountText.bytes(1_048_576) == "1 MB")
        #expect(ByteCountText.bytes(1_500_000) == "1.5 MB")
        #expect(ByteCountText.bytes(Int.max) == "9223372 TB")
    }

    /// A rate measured over a near-zero interval is no reason to trap.
    @Test func ratesStayPrintableAtAnySpeed() {
        #expect(ByteCountText.rate(bytesPerSecond: 2_500_000) == "2.5 MB/s")
        #expect(ByteCountText.rate(bytesPerSecond: 1e300) == "1000 TB/s")
        #expect(ByteCountText.rate(bytesPerSecond: .infinity) == "0 bytes/s")
        #expect(ByteCountText.rate(bytesPerSecond: -5) == "0 bytes/s")
    }
}
