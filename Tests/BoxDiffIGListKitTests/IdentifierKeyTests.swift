import BoxDiff
import BoxDiffIGListKit
import Foundation
import Testing

/// An identifier that counts its `isEqual(_:)` and `hash` calls; equal by
/// value, hashed by value.
final class CountingKey: NSObject {
    nonisolated(unsafe) static var equalityChecks = 0
    nonisolated(unsafe) static var hashes = 0
    let id: Int
    init(_ id: Int) { self.id = id }
    override func isEqual(_ object: Any?) -> Bool {
        Self.equalityChecks += 1
        return (object as? CountingKey)?.id == id
    }
    override var hash: Int {
        Self.hashes += 1
        return id
    }
}

/// A model keyed by a fresh `CountingKey` per call.
final class CountingModel: ListDiffable {
    let id: Int
    let version: Int
    init(_ id: Int, _ version: Int) {
        self.id = id
        self.version = version
    }
    func diffIdentifier() -> NSObjectProtocol { CountingKey(id) }
    func isEqual(toDiffableObject object: (any ListDiffable)?) -> Bool {
        (object as? CountingModel)?.version == version
    }
}

/// How `ListDiff` treats identifiers: each hashed once, `isEqual(_:)`
/// asked only of identifiers whose hashes are equal, and string
/// identifiers paired by value whatever their class.
@Suite(.serialized) struct IdentifierKeyTests {
    /// 2,000 objects, each identifier a fresh instance: every identifier's
    /// `hash` is read once, and `isEqual(_:)` only for the pairs (the
    /// same id on both sides), not for identifiers that merely share a
    /// table bucket or are compared while building the result's maps.
    @Test func identifiersAreHashedOnceAndComparedOnlyOnEqualHashes() {
        let old = (0..<1000).map { CountingModel($0, 0) }
        var new = (0..<1000).map { CountingModel($0, $0 % 7 == 0 ? 1 : 0) }
        new.swapAt(10, 900)
        new.removeSubrange(400..<420)
        new += (5000..<5020).map { CountingModel($0, 0) }
        CountingKey.equalityChecks = 0
        CountingKey.hashes = 0
        let result = ListDiff(oldArray: old, newArray: new, option: .equality)
        let batch = result.forBatchUpdates()
        #expect(CountingKey.hashes == old.count + new.count)
        // At most one check per pair (980 ids on both sides).
        #expect(CountingKey.equalityChecks <= 980, "\(CountingKey.equalityChecks) isEqual calls")
        #expect(result.deletes == IndexSet(integersIn: 400..<420))
        #expect(result.inserts == IndexSet(integersIn: 980..<1000))
        #expect(batch.deletes.count == 20 + result.updates.count)
        // Lookups hash the identifier asked about, once, and compare only
        // with an identifier of the same hash.
        CountingKey.equalityChecks = 0
        CountingKey.hashes = 0
        for id in [0, 10, 500, 999, 5005, 123_456] {
            let oldIndex = result.oldIndex(forIdentifier: CountingKey(id))
            let newIndex = result.newIndex(forIdentifier: CountingKey(id))
            #expect(oldIndex == (id < 1000 ? id : NSNotFound))
            #expect(newIndex == new.firstIndex { $0.id == id } ?? NSNotFound)
        }
        // The maps (built once) reuse the hashes of the diff's keys.
        #expect(CountingKey.hashes == 12)
        #expect(CountingKey.equalityChecks <= 10, "\(CountingKey.equalityChecks) isEqual calls")
    }

    /// String identifiers pair by their characters, whatever the instance
    /// or class (`NSString`, `NSMutableString`, a bridged Swift string).
    @Test func stringIdentifiersPairByValue() {
        let ids = (0..<50).map { "item-\($0)" }
        let old = ids.map { NSString(string: $0) }
        let new: [NSString] = ids.enumerated().map { i, id in
            switch i % 3 {
            case 0: NSMutableString(string: id)
            case 1: id as NSString
            default: NSString(string: String(id.reversed().reversed()))
            }
        }
        let result = ListDiff(oldArray: old, newArray: new, option: .equality)
        #expect(!result.hasChanges, "\(result)")
        #expect(result.oldIndex(forIdentifier: NSMutableString(string: "item-7")) == 7)
        #expect(result.newIndex(forIdentifier: "item-49" as NSString) == 49)
        #expect(result.newIndex(forIdentifier: "item-50" as NSString) == NSNotFound)
    }
}
