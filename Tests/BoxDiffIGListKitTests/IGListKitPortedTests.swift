import BoxDiffIGListKit
import Foundation
import Testing

/// IGListKit's own diff tests (Tests/IGListDiffTests.m,
/// IGListDiffSwiftTests.swift), their inputs and expectations restated
/// here. Where BoxDiff deliberately differs (minimal moves), the test
/// checks BoxDiff's answer and says what IGListKit expects.

/// IGListKit's `IGTestObject`: identified by `key`, equal when `value` is.
private final class TestObject: ListDiffable {
    let key: NSObjectProtocol
    let value: NSObjectProtocol

    init(_ key: NSObjectProtocol, _ value: NSObjectProtocol) {
        self.key = key
        self.value = value
    }

    func copy() -> TestObject { TestObject(key, value) }

    func diffIdentifier() -> NSObjectProtocol { key }

    func isEqual(toDiffableObject object: (any ListDiffable)?) -> Bool {
        guard let other = object as? TestObject else { return false }
        return key.isEqual(other.key) && value.isEqual(other.value)
    }
}

/// IGListDiffSwiftTests' `SwiftClass`.
private final class SwiftClass: ListDiffable {
    let id: Int
    let value: String

    init(id: Int, value: String) {
        self.id = id
        self.value = value
    }

    func diffIdentifier() -> NSObjectProtocol { NSNumber(value: id) }

    func isEqual(toDiffableObject object: (any ListDiffable)?) -> Bool {
        guard let object = object as? SwiftClass else { return false }
        return id == object.id && value == object.value
    }
}

private func n(_ values: Int...) -> [any ListDiffable] { values.map { NSNumber(value: $0) } }
private func words(_ text: String) -> [any ListDiffable] {
    text.split(separator: " ").map { NSString(string: String($0)) }
}
private func object(_ key: Int, _ value: Int) -> TestObject { TestObject(NSNumber(value: key), NSNumber(value: value)) }
private func path(_ item: Int, _ section: Int) -> IndexPath { IndexPath(indexes: [section, item]) }
private func move(_ from: Int, _ to: Int) -> ListMoveIndex { ListMoveIndex(from: from, to: to) }

/// Applies a plain result to `old` as one UIKit batch would and returns the
/// new order (inserted slots `nil`), or `nil` if the batch is malformed.
private func applied(_ old: [Int], _ result: ListIndexSetResult, newCount: Int) -> [Int?]? {
    guard old.count - result.deletes.count + result.inserts.count == newCount else { return nil }
    var slots = [Int??](repeating: nil, count: newCount)
    var moved = Set<Int>()
    for m in result.moves {
        guard slots.indices.contains(m.to), slots[m.to] == nil, !result.inserts.contains(m.to),
            !result.deletes.contains(m.from), moved.insert(m.from).inserted
        else { return nil }
        slots[m.to] = .some(old[m.from])
    }
    for i in result.inserts { slots[i] = .some(nil) }
    var rest = old.indices.filter { !result.deletes.contains($0) && !moved.contains($0) }.map { old[$0] }[...]
    for j in slots.indices where slots[j] == nil { slots[j] = .some(rest.popFirst()) }
    return slots.map { $0! }
}

private let paperOld =
    "much writing is like snow , a mass of long words and phrases falls upon the relevant facts covering up the details ."
private let paperNew = "a mass of latin words falls upon the relevant facts like soft snow , covering up the details ."

@Suite struct IGListKitPortedTests {
    @Test func emptyArraysHaveNoChanges() {
        #expect(!ListDiff(oldArray: [], newArray: [], option: .equality).hasChanges)
    }

    @Test func fromEmptyArray() {
        let result = ListDiff(oldArray: [], newArray: n(1), option: .equality)
        #expect(result.inserts == IndexSet([0]))
        #expect(result.changeCount == 1)
    }

    @Test func toEmptyArray() {
        let result = ListDiff(oldArray: n(1), newArray: [], option: .equality)
        #expect(result.deletes == IndexSet([0]))
        #expect(result.changeCount == 1)
    }

    /// IGListKit: moves {0→1, 1→0}, changeCount 2. Minimal moves: one of
    /// them (documented difference).
    @Test func swappingObjects() {
        let result = ListDiff(oldArray: n(1, 2), newArray: n(2, 1), option: .equality)
        #expect(result.moves.count == 1)
        #expect(Set(result.moves).isSubset(of: [move(0, 1), move(1, 0)]))
        #expect(applied([1, 2], result, newCount: 2) == [2, 1])
    }

    /// IGListKit expects moves 1→0 and 0→2 among its moves; the minimal set
    /// is the one move 0→2.
    @Test func movingObjectsTogether() {
        let result = ListDiff(oldArray: n(1, 2, 3, 3, 4), newArray: n(2, 3, 1, 3, 4), option: .equality)
        #expect(result.moves.contains(move(0, 2)))
        #expect(applied([1, 2, 3, 3, 4], result, newCount: 5) == [2, 3, 1, 3, 4])
    }

    @Test func wordsFromPaper() {
        let result = ListDiff(oldArray: words(paperOld), newArray: words(paperNew), option: .equality)
        #expect(result.deletes == IndexSet([0, 1, 2, 9, 11, 12]))
        #expect(result.inserts == IndexSet([3, 11]))
        let paths = ListDiffPaths(
            fromSection: 0, toSection: 0, oldArray: words(paperOld), newArray: words(paperNew), option: .equality)
        #expect(paths.deletes == [0, 1, 2, 9, 11, 12].map { path($0, 0) })
        #expect(paths.inserts == [3, 11].map { path($0, 0) })
    }

    /// IGListKit: moves (2→3, 3→1); minimal: one of them.
    @Test func swappingObjectsWithIndexPaths() {
        let result = ListDiffPaths(
            fromSection: 0, toSection: 0, oldArray: n(1, 2, 3, 4), newArray: n(2, 4, 5, 3), option: .equality)
        let expected = [
            ListMoveIndexPath(from: path(2, 0), to: path(3, 0)), ListMoveIndexPath(from: path(3, 0), to: path(1, 0)),
        ]
        #expect(result.moves.count == 1)
        #expect(Set(result.moves).isSubset(of: Set(expected)))
    }

    @Test func equalityChangeIsAnUpdate() {
        let old = [object(0, 0), object(1, 1), object(2, 2)]
        let new = [object(0, 0), object(1, 3), object(2, 2)]
        let result = ListDiffPaths(fromSection: 0, toSection: 0, oldArray: old, newArray: new, option: .equality)
        #expect(result.updates == [path(1, 0)])
    }

    /// IGListKit expects exactly moves {5→7, 7→4}: both are needed here
    /// (two objects leave the longest kept order), so the counts agree.
    @Test func deletesInsertsAndMoves() {
        let result = ListDiff(
            oldArray: n(0, 1, 2, 3, 4, 5, 6, 7, 8), newArray: n(0, 2, 3, 4, 7, 6, 9, 5, 10), option: .equality)
        #expect(result.deletes == IndexSet([1, 8]))
        #expect(result.inserts == IndexSet([6, 8]))
        #expect(result.moves.count == 2)
        #expect(
            applied([0, 1, 2, 3, 4, 5, 6, 7, 8], result, newCount: 9) == [0, 2, 3, 4, 7, 6, nil, 5, nil])
    }

    /// IGListKit: updates {2}, moves {0→2, 2→0}; reversing three objects
    /// needs two moves either way, but BoxDiff may pick other ones.
    @Test func movesAndUpdates() {
        let old = [object(0, 0), object(1, 1), object(2, 2)]
        let new = [object(2, 3), object(1, 1), object(0, 0)]
        let result = ListDiff(oldArray: old, newArray: new, option: .equality)
        #expect(result.updates == IndexSet([2]))
        #expect(result.moves.count == 2)
        #expect(applied([0, 1, 2], result, newCount: 3) == [2, 1, 0])
    }

    @Test func pointerPersonalityCopyIsAnUpdate() {
        let old = [object(0, 0), object(1, 1), object(2, 2)]
        let new = [old[0], old[1].copy(), old[2]]
        let result = ListDiffPaths(
            fromSection: 0, toSection: 0, oldArray: old, newArray: new, option: .pointerPersonality)
        #expect(result.updates == [path(1, 0)])
    }

    @Test func pointerPersonalitySameObjectsNoChanges() {
        let old = [object(0, 0), object(1, 1), object(2, 2)]
        let result = ListDiffPaths(
            fromSection: 0, toSection: 0, oldArray: old, newArray: old, option: .pointerPersonality)
        #expect(!result.hasChanges)
    }

    @Test func equalObjectsCountsMatch() {
        let dogs = { (count: Int) -> [any ListDiffable] in (0..<count).map { _ in NSString(string: "dog") } }
        let fewer = ListDiff(oldArray: dogs(4), newArray: dogs(2), option: .equality)
        #expect(4 + fewer.inserts.count - fewer.deletes.count == 2)
        let more = ListDiff(oldArray: dogs(2), newArray: dogs(4), option: .equality)
        #expect(2 + more.inserts.count - more.deletes.count == 4)
    }

    @Test func duplicatesCountsMatch() {
        let o1: [any ListDiffable] = [
            NSObjectDiffable(), NSObjectDiffable(), NSObjectDiffable(), NSNumber(value: 49), NSNumber(value: 33),
            NSString(string: "cat"), NSString(string: "cat"), NSNumber(value: 0), NSNumber(value: 14),
        ]
        var n1 = o1
        n1.insert(NSString(string: "cat"), at: 5)
        let r1 = ListDiff(oldArray: o1, newArray: n1, option: .equality)
        #expect(o1.count + r1.inserts.count - r1.deletes.count == 10)

        let o2: [any ListDiffable] = [
            NSNumber(value: 1), NSNumber(value: 20), NSNumber(value: 14), NSObjectDiffable(), NSString(string: "cat"),
            NSObjectDiffable(), NSNumber(value: 4), NSString(string: "dog"), NSString(string: "cat"),
            NSString(string: "cat"), NSString(string: "fish"), NSObjectDiffable(), NSString(string: "fish"),
            NSObjectDiffable(),
        ]
        let n2: [any ListDiffable] = [
            NSNumber(value: 1), NSNumber(value: 28), NSNumber(value: 14), NSString(string: "cat"),
            NSString(string: "cat"), NSNumber(value: 4), NSString(string: "dog"), o2[3], NSString(string: "cat"),
            NSString(string: "fish"), o2[11], NSString(string: "fish"), o2[13],
        ]
        let r2 = ListDiff(oldArray: o2, newArray: n2, option: .equality)
        #expect(o2.count + r2.inserts.count - r2.deletes.count == n2.count)

        let o3: [any ListDiffable] = [
            NSString(string: "cat"), NSObjectDiffable(), NSString(string: "dog"), NSString(string: "dog"),
            NSObjectDiffable(), NSObjectDiffable(), NSString(string: "cat"), NSNumber(value: 65),
        ]
        let n3: [any ListDiffable] = [
            NSString(string: "cat"), o3[1], NSString(string: "dog"), o3[4], NSString(string: "dog"), o3[5],
            NSString(string: "cat"), NSString(string: "cat"), NSString(string: "fish"), NSNumber(value: 65),
        ]
        let r3 = ListDiff(oldArray: o3, newArray: n3, option: .equality)
        #expect(Set(r3.moves.map(\.from)).count == r3.moves.count)
    }

    @Test func duplicatesAtTailAndHeadNoChanges() {
        let a: [any ListDiffable] = [
            NSString(string: "cat"), NSNumber(value: 1), NSNumber(value: 2), NSNumber(value: 3),
            NSString(string: "cat"),
        ]
        let b: [any ListDiffable] = [
            NSString(string: "cat"), NSNumber(value: 1), NSNumber(value: 2), NSNumber(value: 3),
            NSString(string: "cat"),
        ]
        #expect(!ListDiff(oldArray: a, newArray: b, option: .equality).hasChanges)
    }

    /// IGListKit expects both 3→1 and 1→3 among its four moves; the minimal
    /// set has two moves, one of the two blocks.
    @Test func movingObjectShiftsOthers() {
        let result = ListDiff(oldArray: n(1, 2, 3, 4, 5, 6, 7), newArray: n(1, 4, 5, 2, 3, 6, 7), option: .equality)
        #expect(result.moves.count == 2)
        #expect(applied([1, 2, 3, 4, 5, 6, 7], result, newCount: 7) == [1, 4, 5, 2, 3, 6, 7])
    }

    @Test func oldAndNewIndexesMatch() {
        let result = ListDiff(oldArray: n(1, 2, 3, 4, 5, 6, 7), newArray: n(2, 9, 3, 1, 5, 6, 8), option: .equality)
        let old = [1: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: NSNotFound, 9: NSNotFound]
        let new = [1: 3, 2: 0, 3: 2, 4: NSNotFound, 5: 4, 6: 5, 7: NSNotFound, 8: 6, 9: 1]
        for (id, index) in old { #expect(result.oldIndex(forIdentifier: NSNumber(value: id)) == index) }
        for (id, index) in new { #expect(result.newIndex(forIdentifier: NSNumber(value: id)) == index) }
    }

    @Test func oldAndNewIndexPathsMatch() {
        let result = ListDiffPaths(
            fromSection: 0, toSection: 1, oldArray: n(1, 2, 3, 4, 5, 6, 7), newArray: n(2, 9, 3, 1, 5, 6, 8),
            option: .equality)
        let old: [Int: IndexPath?] = [
            1: path(0, 0), 2: path(1, 0), 3: path(2, 0), 4: path(3, 0), 5: path(4, 0), 6: path(5, 0), 7: path(6, 0),
            8: nil, 9: nil,
        ]
        let new: [Int: IndexPath?] = [
            1: path(3, 1), 2: path(0, 1), 3: path(2, 1), 4: nil, 5: path(4, 1), 6: path(5, 1), 7: nil, 8: path(6, 1),
            9: path(1, 1),
        ]
        for (id, p) in old { #expect(result.oldIndexPath(forIdentifier: NSNumber(value: id)) == p) }
        for (id, p) in new { #expect(result.newIndexPath(forIdentifier: NSNumber(value: id)) == p) }
    }

    private static var batchOld: [TestObject] {
        [object(1, 1), object(2, 1), object(3, 1), object(4, 1), object(5, 1), object(6, 1)]
    }
    private static var batchNew: [TestObject] {
        [object(2, 2), object(5, 1), object(4, 1), object(7, 1), object(6, 2), object(3, 2)]
    }

    /// Under both names: `resultForBatchUpdates()` (Objective-C's) and
    /// `forBatchUpdates()`, what Swift code calls it. IGListKit's headers
    /// give it no `NS_SWIFT_NAME`, so the importer drops the leading
    /// "result" that repeats the return type, and a port's
    /// `.forBatchUpdates()` did not compile against this module.
    @Test func batchUpdateResultIndexes() {
        let diff = ListDiff(oldArray: Self.batchOld, newArray: Self.batchNew, option: .equality)
        for result in [diff.resultForBatchUpdates(), diff.forBatchUpdates()] {
            #expect(result.updates.isEmpty)
            #expect(result.moves == [move(4, 1)])
            #expect(result.deletes == IndexSet([0, 1, 2, 5]))
            #expect(result.inserts == IndexSet([0, 3, 4, 5]))
        }
    }

    @Test func batchUpdateResultIndexPaths() {
        let diff = ListDiffPaths(
            fromSection: 0, toSection: 1, oldArray: Self.batchOld, newArray: Self.batchNew, option: .equality)
        for result in [diff.resultForBatchUpdates(), diff.forBatchUpdates()] {
            #expect(result.updates.isEmpty)
            #expect(result.moves == [ListMoveIndexPath(from: path(4, 0), to: path(1, 1))])
            #expect(result.deletes.sorted() == [0, 1, 2, 5].map { path($0, 0) })
            #expect(result.inserts.sorted() == [0, 3, 4, 5].map { path($0, 1) })
            #expect(result.deletes == [[0, 0], [0, 1], [0, 2], [0, 5]])
            #expect(result.inserts == [[1, 0], [1, 3], [1, 4], [1, 5]])
        }
    }

    // IGListDiffSwiftTests.swift

    @Test func swiftStrings() {
        let o: [NSString] = ["a", "b", "c"]
        let n: [NSString] = ["a", "c", "d"]
        let result = ListDiff(oldArray: o, newArray: n, option: .equality)
        #expect(result.deletes == IndexSet(integer: 1))
        #expect(result.inserts == IndexSet(integer: 2))
        #expect(result.moves.isEmpty && result.updates.isEmpty)
    }

    @Test func swiftNumbers() {
        let o: [NSNumber] = [0, 1, 2]
        let n: [NSNumber] = [0, 2, 4]
        let result = ListDiff(oldArray: o, newArray: n, option: .equality)
        #expect(result.deletes == IndexSet(integer: 1))
        #expect(result.inserts == IndexSet(integer: 2))
        #expect(result.moves.isEmpty && result.updates.isEmpty)
    }

    @Test func swiftClass() {
        let o = [SwiftClass(id: 0, value: "a"), SwiftClass(id: 1, value: "b"), SwiftClass(id: 2, value: "c")]
        let n = [SwiftClass(id: 0, value: "a"), SwiftClass(id: 2, value: "c"), SwiftClass(id: 4, value: "d")]
        let equality = ListDiff(oldArray: o, newArray: n, option: .equality)
        #expect(equality.deletes == IndexSet(integer: 1) && equality.inserts == IndexSet(integer: 2))
        #expect(equality.moves.isEmpty && equality.updates.isEmpty)
        let pointer = ListDiff(oldArray: o, newArray: n, option: .pointerPersonality)
        #expect(pointer.deletes == IndexSet(integer: 1) && pointer.inserts == IndexSet(integer: 2))
        #expect(pointer.moves.isEmpty && pointer.updates.count == 2)
    }

    @Test func swiftClassWithUpdates() {
        let o = [SwiftClass(id: 0, value: "a"), SwiftClass(id: 1, value: "b"), SwiftClass(id: 2, value: "c")]
        let n = [SwiftClass(id: 0, value: "b"), SwiftClass(id: 1, value: "b"), SwiftClass(id: 2, value: "b")]
        let result = ListDiff(oldArray: o, newArray: n, option: .equality)
        #expect(result.deletes.isEmpty && result.inserts.isEmpty && result.moves.isEmpty)
        #expect(result.updates.count == 2)
    }

    // IGListDiffResultTests.m: moves compare by value.

    @Test func moveEquality() {
        #expect(Set([move(4, 2), move(4, 2)]).count == 1)
        #expect(Set([move(4, 2), move(2, 4)]).count == 2)
        let a = ListMoveIndexPath(from: path(4, 2), to: path(7, 5))
        let b = ListMoveIndexPath(from: path(4, 2), to: path(7, 5))
        let flipped = ListMoveIndexPath(from: path(7, 5), to: path(4, 4))
        #expect(Set([a, b]).count == 1)
        #expect(Set([a, flipped]).count == 2)
    }
}

/// `[NSObject new]` in IGListKit's tests: an NSObject is diffable there by
/// its own identity. Here a plain NSObject subclass stands in.
private final class NSObjectDiffable: NSObject, ListDiffable {
    func diffIdentifier() -> NSObjectProtocol { self }
    func isEqual(toDiffableObject object: (any ListDiffable)?) -> Bool { isEqual(object) }
}
