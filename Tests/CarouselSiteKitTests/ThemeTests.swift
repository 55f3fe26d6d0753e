import Testing
@testable import CarouselSiteKit

@Test func themeIsEmbedded() {
    #expect(Theme.standard.files["page.mustache"] != nil)
}
