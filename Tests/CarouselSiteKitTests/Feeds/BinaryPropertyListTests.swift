import Foundation
import Testing
@testable import CarouselSiteKit

/// Hostile binary property lists are refused with the byte they went wrong at.
@Suite struct BinaryPropertyListTests {
    /// Builds a bplist00 file from object bodies, with 1-byte offsets and references.
    private func bplist(_ objects: [[UInt8]], top: UInt8 = 0, tableOffsetAdjust: Int = 0) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let table = bytes.count + tableOffsetAdjust
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 0, 1, 1]  // unused, sort version, offset size 1, ref size 1
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(objects.count)]
        bytes += [0, 0, 0, 0, 0, 0, 0, top]
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        return bytes
    }

    private func failure(_ bytes: [UInt8]) -> Diagnostic? {
        do {
            _ = try PropertyListReader.read(SourceText(name: "b.plist", bytes: bytes))
            return nil
        } catch {
            return error
        }
    }

    @Test func readsArraysOfStrings() throws {
        let file = bplist([[0xA2, 1, 2], [0x55] + Array("a.jpg".utf8), [0x55] + Array("b.jpg".utf8)])
        let result = try read(SourceText(name: "b.plist", bytes: file))
        #expect(result.slides.map(\.image) == ["local:a.jpg", "local:b.jpg"])
    }

    @Test func arrayThatContainsItselfIsACycle() {
        let file = bplist([[0xA1, 0]])
        #expect(failure(file) == .error("object 0 contains itself (at byte 8)", at: SourceLocation(file: "b.plist", line: 1, column: 9)))
    }

    @Test func sharedObjectsMayRepeatButNotExplode() {
        // Object i is an array referring twice to object i+1: 2^40 values if expanded.
        var objects: [[UInt8]] = (0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append([0x09])
        #expect(failure(bplist(objects))?.message.hasPrefix("binary property list expands to more than 1000000 values") == true)
    }

    @Test func lengthsBeyondTheDataAreRefused() {
        let file = bplist([[0x5F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]])
        #expect(failure(file) == .error("object length 9223372036854775807 runs past the object data (at byte 8)", at: SourceLocation(file: "b.plist", line: 1, column: 9)))
    }

    @Test func referencesOutsideTheObjectsAreRefused() {
        let file = bplist([[0xA1, 7]])
        #expect(failure(file) == .error("object reference 7 is outside the 1 objects (at byte 9)", at: SourceLocation(file: "b.plist", line: 1, column: 10)))
    }

    @Test func nonStringKeysAreRefused() {
        let file = bplist([[0xD1, 1, 1], [0x10, 5]])
        #expect(failure(file)?.message == "dictionary key is not a string (at byte 11)")
    }

    @Test func truncatedFilesAreRefused() {
        #expect(failure(Array("bplist00".utf8)) == .error("binary property list is too short (8 bytes) (at byte 0)", at: SourceLocation(file: "b.plist", line: 1, column: 1)))
        var file = bplist([[0x09]])
        file[file.count - 1] = 200  // offset table after the end
        #expect(failure(file)?.message.hasPrefix("offset table at 200 does not fit before the trailer") == true)
    }

    @Test func deepNestingIsLimited() {
        // 600 arrays, each holding the next: deeper than the 512-level limit.
        let count = 600
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for index in 0..<count {
            offsets.append(bytes.count)
            bytes += index + 1 < count ? [0xA1, UInt8((index + 1) >> 8), UInt8((index + 1) & 0xFF)] : [0x09]
        }
        let table = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        bytes += [0, 0, 0, 0, 0, 0, 0, 2, 2]
        bytes += [0, 0, 0, 0, 0, 0, UInt8(count >> 8), UInt8(count & 0xFF)]
        bytes += [0, 0, 0, 0, 0, 0, 0, 0]
        bytes += [0, 0, 0, 0, 0, 0, UInt8(table >> 8), UInt8(table & 0xFF)]
        #expect(failure(bytes)?.message.hasPrefix("containers nested deeper than 512 levels") == true)
    }
}
