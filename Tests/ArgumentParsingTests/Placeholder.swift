import Testing
@testable import ArgumentParsing
@Test func placeholder() {}
