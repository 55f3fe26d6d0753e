import Testing
@testable import Mustache

@Test func objectKeepsInsertionOrderAndReplacesInPlace() {
    var object: MustacheObject = ["b": 1, "a": 2]
    object["c"] = 3
    object["b"] = "two"
    #expect(object.keys == ["b", "a", "c"])
    #expect(object.values == ["two", 2, 3])
    #expect(object["a"] == 2)
    #expect(object["missing"] == nil)
}

@Test func objectRemovalKeepsLookupConsistent() {
    var object: MustacheObject = ["a": 1, "b": 2, "c": 3]
    object["a"] = nil
    #expect(object.keys == ["b", "c"])
    #expect(object["c"] == 3)
    object["a"] = 4
    #expect(Array(object.map(\.0)) == ["b", "c", "a"])
}

@Test func repeatedKeyKeepsFirstPositionAndLastValue() {
    let object = MustacheObject([("x", 1), ("y", 2), ("x", 3)])
    #expect(object.keys == ["x", "y"])
    #expect(object["x"] == 3)
}

@Test func objectEqualityIsOrdered() {
    let forward: MustacheObject = ["a": 1, "b": 2]
    let backward: MustacheObject = ["b": 2, "a": 1]
    #expect(forward != backward)
    #expect(forward == MustacheObject([("a", 1), ("b", 2)]))
}
