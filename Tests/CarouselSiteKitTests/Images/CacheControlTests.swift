import Foundation
import Testing
@testable import CarouselSiteKit

@Suite struct CacheControlTests {
    @Test func readsTheDirectivesAPrivateCacheNeeds() {
        let control = CacheControl(#"public, max-age="600", no-cache"#)
        #expect(control.maxAge == 600 && control.noCache && !control.noStore)
        #expect(CacheControl("no-store").noStore)
        #expect(CacheControl(nil).maxAge == nil)
    }

    /// delta-seconds are digits; anything else is ignored, and an overflowing value is 2^31.
    @Test(arguments: [("max-age=inf", nil), ("max-age=nan", nil), ("max-age=1e9", nil), ("max-age=-5", nil), ("max-age=", nil),
                      ("max-age=" + String(repeating: "9", count: 400), 2_147_483_648.0), ("max-age=0", 0.0)] as [(String, Double?)])
    func maxAgeIsDeltaSeconds(header: String, expected: Double?) {
        #expect(CacheControl(header).maxAge == expected)
    }
}
