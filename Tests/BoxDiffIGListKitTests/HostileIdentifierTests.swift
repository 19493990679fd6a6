import BoxDiff
import BoxDiffIGListKit
import BoxDiffTestSupport
import BoxDiffValidation
import Foundation
import Testing

/// An identifier that overrides `isEqual(_:)` but not `hash`, the usual
/// Swift mistake: equal identifiers hash differently (NSObject's `hash` is
/// its address). IGListKit's table and map compare hashes first, so such
/// identifiers are simply never paired; nothing traps.
final class EqualWithoutHashKey: NSObject {
    let id: Int
    init(_ id: Int) { self.id = id }
    override func isEqual(_ object: Any?) -> Bool { (object as? EqualWithoutHashKey)?.id == id }
}

/// A model keyed by `EqualWithoutHashKey`, a fresh key per call.
final class BadHashModel: ListDiffable {
    let id: Int
    let version: Int
    init(_ id: Int, _ version: Int) {
        self.id = id
        self.version = version
    }
    func diffIdentifier() -> NSObjectProtocol { EqualWithoutHashKey(id) }
    func isEqual(toDiffableObject object: (any ListDiffable)?) -> Bool {
        (object as? BadHashModel)?.version == version
    }
}

/// An identifier with every lie at once: `isEqual(_:)` neither symmetric
/// nor transitive (`id <= other.id`), `hash` random on every call.
final class LyingKey: NSObject {
    let id: Int
    init(_ id: Int) { self.id = id }
    override func isEqual(_ object: Any?) -> Bool { id <= ((object as? LyingKey)?.id ?? Int.min) }
    override var hash: Int { Int.random(in: 0..<4) }
}

/// A model whose identifiers lie and whose contents compare at random.
final class LyingModel: ListDiffable {
    let id: Int
    init(_ id: Int) { self.id = id }
    func diffIdentifier() -> NSObjectProtocol { LyingKey(id) }
    func isEqual(toDiffableObject object: (any ListDiffable)?) -> Bool { Bool.random() }
}

/// One batch of `result`, checked by the validator (all contents equal:
/// structure only) over rows numbered 0..<oldCount.
func batchViolations(_ batch: ListIndexSetResult, oldCount: Int, newCount: Int) -> [String] {
    guard oldCount - batch.deletes.count + batch.inserts.count == newCount else {
        return ["counts: \(oldCount) - \(batch.deletes.count) + \(batch.inserts.count) != \(newCount)"]
    }
    // The new rows as UIKit lays them out: moved rows at their targets,
    // inserted rows fresh, the rest in order.
    var rows = [Int?](repeating: nil, count: newCount)
    var fresh = oldCount
    for move in batch.moves where rows.indices.contains(move.to) { rows[move.to] = move.from }
    for index in batch.inserts where rows.indices.contains(index) {
        rows[index] = fresh
        fresh += 1
    }
    let moved = Set(batch.moves.map(\.from))
    var rest = (0..<oldCount).filter { !batch.deletes.contains($0) && !moved.contains($0) }[...]
    for j in rows.indices where rows[j] == nil { rows[j] = rest.popFirst() ?? -1 }
    let before = BatchReplayState<Int, Int>(sections: [
        .init(id: 0, content: 0, rows: (0..<oldCount).map { .init(id: $0, content: 0) })
    ])
    let after = BatchReplayState<Int, Int>(sections: [
        .init(id: 0, content: 0, rows: rows.map { .init(id: $0!, content: 0) })
    ])
    let update = BatchUpdate(
        elementDeleted: batch.deletes.map { ElementPath(section: 0, row: $0) },
        elementInserted: batch.inserts.map { ElementPath(section: 0, row: $0) },
        elementMoved: batch.moves.map {
            Move(source: ElementPath(section: 0, row: $0.from), destination: ElementPath(section: 0, row: $0.to))
        })
    return BatchUpdateValidator(flavor: .collectionView).violations(
        from: before, to: after, steps: [BatchReplayStep(update: update, afterState: after)]
    ).map(\.message)
}

@Suite struct HostileIdentifierTests {
    /// Identifiers equal but hashed differently (isEqual overridden, hash
    /// not): the diff, the identifier lookups and the batch result do not
    /// trap. Before the fix the lookups and the updates' per-identifier
    /// flag used Swift `Dictionary` / `Set`, which stop the process
    /// ("Duplicate keys of type 'DiffIdentifierKey' were found") when they
    /// grow past such keys in a debug build.
    @Test func equalIdentifiersWithDifferentHashesDoNotTrap() async {
        await #expect(processExitsWith: .success) {
            let old = (0..<3000).map { BadHashModel($0 % 7, 0) }
            let new = (0..<3000).map { BadHashModel($0 % 5, $0 % 2) }
            let result = ListDiff(oldArray: old, newArray: new, option: .equality)
            _ = result.oldIndex(forIdentifier: EqualWithoutHashKey(3))
            _ = result.newIndex(forIdentifier: EqualWithoutHashKey(3))
            _ = result.resultForBatchUpdates()
        }
    }

    /// Lying identifiers and random contents: never a trap, and the batch
    /// result is one valid batch.
    @Test func lyingIdentifiersAndRandomContents() {
        var rng = SeededGenerator(seed: 0x1EAD)
        for round in 0..<300 {
            let old = (0..<Int.random(in: 0...40, using: &rng)).map { _ in
                LyingModel(Int.random(in: 0..<6, using: &rng))
            }
            let new = (0..<Int.random(in: 0...40, using: &rng)).map { _ in
                LyingModel(Int.random(in: 0..<6, using: &rng))
            }
            for option in [ListDiffOption.equality, .pointerPersonality] {
                let result = ListDiff(oldArray: old, newArray: new, option: option)
                _ = result.oldIndex(forIdentifier: LyingKey(2))
                let found = batchViolations(result.resultForBatchUpdates(), oldCount: old.count, newCount: new.count)
                #expect(found.isEmpty, "round \(round) \(option): \(found)")
            }
        }
    }

    /// Random contents over honest identifiers with duplicates: the batch
    /// result is always valid.
    @Test func randomContentsWithDuplicates() {
        var rng = SeededGenerator(seed: 0xD0D0)
        final class Flaky: ListDiffable {
            let key: NSString
            init(_ key: NSString) { self.key = key }
            func diffIdentifier() -> NSObjectProtocol { key }
            func isEqual(toDiffableObject object: (any ListDiffable)?) -> Bool { Bool.random() }
        }
        for round in 0..<500 {
            let alphabet = Int.random(in: 1...10, using: &rng)
            let old = (0..<Int.random(in: 0...30, using: &rng)).map { _ in
                Flaky(NSString(string: "k\(Int.random(in: 0..<alphabet, using: &rng))"))
            }
            let new = (0..<Int.random(in: 0...30, using: &rng)).map { _ in
                Flaky(NSString(string: "k\(Int.random(in: 0..<alphabet, using: &rng))"))
            }
            let result = ListDiff(oldArray: old, newArray: new, option: .equality)
            let found = batchViolations(result.resultForBatchUpdates(), oldCount: old.count, newCount: new.count)
            #expect(found.isEmpty, "round \(round): \(found)")
        }
    }
}

/// Records every `isEqual(toDiffableObject:)` call: receiver and argument.
final class CallRecorder: ListDiffable {
    nonisolated(unsafe) static var calls: [(receiver: ObjectIdentifier, argument: ObjectIdentifier?)] = []
    let key: NSString
    init(_ key: String) { self.key = NSString(string: key) }
    func diffIdentifier() -> NSObjectProtocol { key }
    func isEqual(toDiffableObject object: (any ListDiffable)?) -> Bool {
        Self.calls.append((ObjectIdentifier(self), object.map { ObjectIdentifier($0) }))
        return false
    }
}

@Suite(.serialized) struct ContentCallTests {
    /// `isEqual(toDiffableObject:)` is called as documented: on a new
    /// object, with its paired old object (same identifier, paired in
    /// order), never for the same instance, never under pointer
    /// personality.
    @Test func callsAreNewWithPairedOld() {
        var rng = SeededGenerator(seed: 0xCA11)
        for _ in 0..<200 {
            let old = (0..<Int.random(in: 0...12, using: &rng)).map { _ in
                CallRecorder("k\(Int.random(in: 0..<4, using: &rng))")
            }
            var new = (0..<Int.random(in: 0...12, using: &rng)).map { _ in
                CallRecorder("k\(Int.random(in: 0..<4, using: &rng))")
            }
            for j in new.indices where Bool.random(using: &rng) {
                if let same = old.first(where: { $0.key == new[j].key }) { new[j] = same }
            }
            // The pairs, in order per identifier.
            var queue: [NSString: [CallRecorder]] = [:]
            for o in old { queue[o.key, default: []].append(o) }
            var pairs = Set<[ObjectIdentifier]>()
            for x in new {
                guard let o = queue[x.key]?.first else { continue }
                queue[x.key]?.removeFirst()
                if o !== x { pairs.insert([ObjectIdentifier(x), ObjectIdentifier(o)]) }
            }
            CallRecorder.calls = []
            _ = ListDiff(oldArray: old, newArray: new, option: .pointerPersonality)
            #expect(CallRecorder.calls.isEmpty)
            CallRecorder.calls = []
            _ = ListDiff(oldArray: old, newArray: new, option: .equality)
            let calls = CallRecorder.calls.map { [$0.receiver, $0.argument!] }
            #expect(Set(calls).isSubset(of: pairs), "\(calls.count) calls, \(pairs.count) pairs")
        }
    }
}
