import BoxDiffIGListKit
import Foundation
import Testing

/// BoxDiffIGListKit against a restatement of IGListKit's
/// algorithm (Source/IGListDiffKit/IGListDiff.mm, IGListIndexSetResult.m),
/// on small random inputs with duplicates, moves and updates.
private final class RObj: ListDiffable, CustomStringConvertible {
    let key: String
    let version: Int
    nonisolated(unsafe) static var calls: [(receiver: ObjectIdentifier, argument: ObjectIdentifier?)] = []

    init(_ key: String, _ version: Int) {
        self.key = key
        self.version = version
    }

    func diffIdentifier() -> NSObjectProtocol { key as NSString }

    func isEqual(toDiffableObject object: (any ListDiffable)?) -> Bool {
        Self.calls.append((ObjectIdentifier(self), object.map { ObjectIdentifier($0) }))
        guard let other = object as? RObj else { return false }
        return version == other.version
    }

    var description: String { "\(key)\(version)" }
}

/// IGListKit's answer, restated: pairing in order through a per-key stack,
/// one updated flag per key, moves where `old - deleteOffset + insertOffset
/// != new`, identifier maps keeping the last index.
private struct Reference {
    var inserts = IndexSet(), deletes = IndexSet(), updates = IndexSet()
    var moves: [ListMoveIndex] = []
    var pathUpdateOrder: [Int] = []
    var oldMap: [String: Int] = [:], newMap: [String: Int] = [:]
    var equalityCalls = 0

    init(_ old: [RObj], _ new: [RObj], _ option: ListDiffOption) {
        for (i, o) in old.enumerated() { oldMap[o.key] = i }
        for (j, n) in new.enumerated() { newMap[n.key] = j }
        if new.isEmpty {
            deletes = IndexSet(integersIn: 0..<old.count)
            return
        }
        if old.isEmpty {
            inserts = IndexSet(integersIn: 0..<new.count)
            return
        }
        var queue: [String: [Int]] = [:]
        for (i, o) in old.enumerated() { queue[o.key, default: []].append(i) }
        var updated = Set<String>()
        var newToOld = [Int?](repeating: nil, count: new.count)
        var oldToNew = [Int?](repeating: nil, count: old.count)
        for (j, n) in new.enumerated() {
            guard var q = queue[n.key], !q.isEmpty else { continue }
            let i = q.removeFirst()
            queue[n.key] = q
            let o = old[i]
            if option == .pointerPersonality {
                if n !== o { updated.insert(n.key) }
            } else if n !== o {
                equalityCalls += 1
                if !(n.version == o.version) { updated.insert(n.key) }
            }
            newToOld[j] = i
            oldToNew[i] = j
        }
        var deleteOffsets = [Int](repeating: 0, count: old.count)
        var running = 0
        for i in old.indices {
            deleteOffsets[i] = running
            if oldToNew[i] == nil {
                deletes.insert(i)
                running += 1
            }
        }
        running = 0
        for j in new.indices {
            let insertOffset = running
            guard let i = newToOld[j] else {
                inserts.insert(j)
                running += 1
                continue
            }
            if updated.contains(new[j].key) {
                updates.insert(i)
                pathUpdateOrder.append(i)
            }
            if i - deleteOffsets[i] + insertOffset != j { moves.append(ListMoveIndex(from: i, to: j)) }
        }
    }

    /// IGListIndexSetResult's resultForBatchUpdates.
    func forBatch() -> (inserts: IndexSet, deletes: IndexSet) {
        var d = deletes
        var ins = inserts
        var filtered = updates
        for m in moves.reversed() where filtered.contains(m.from) {
            filtered.remove(m.from)
            d.insert(m.from)
            ins.insert(m.to)
        }
        for (key, i) in oldMap where filtered.contains(i) {
            d.insert(i)
            if let j = newMap[key] { ins.insert(j) }
        }
        return (ins, d)
    }
}

@Suite(.serialized) struct IGListKitReferenceTests {
    private struct RNG: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private func compare(_ old: [RObj], _ new: [RObj], _ option: ListDiffOption) -> [String] {
        var problems: [String] = []
        RObj.calls = []
        let result = ListDiff(oldArray: old, newArray: new, option: option)
        let calls = RObj.calls
        let ref = Reference(old, new, option)
        if result.inserts != ref.inserts {
            problems.append("inserts \(Array(result.inserts)) vs IG \(Array(ref.inserts))")
        }
        if result.deletes != ref.deletes {
            problems.append("deletes \(Array(result.deletes)) vs IG \(Array(ref.deletes))")
        }
        if result.updates != ref.updates {
            problems.append("updates \(Array(result.updates)) vs IG \(Array(ref.updates))")
        }
        if calls.count != ref.equalityCalls {
            problems.append("isEqual calls \(calls.count) vs IG \(ref.equalityCalls)")
        }
        let newIDs = Set(new.map { ObjectIdentifier($0) })
        if calls.contains(where: { !newIDs.contains($0.receiver) }) {
            problems.append("isEqual receiver not a new object")
        }
        for key in Set(old.map(\.key) + new.map(\.key)) {
            if result.oldIndex(forIdentifier: key as NSString) != (ref.oldMap[key] ?? NSNotFound)
                || result.newIndex(forIdentifier: key as NSString) != (ref.newMap[key] ?? NSNotFound)
            {
                problems.append("index maps of \(key)")
            }
        }
        let paths = ListDiffPaths(fromSection: 2, toSection: 5, oldArray: old, newArray: new, option: option)
        if paths.updates.map(\.last!) != ref.pathUpdateOrder { problems.append("path updates order") }
        if paths.updates.contains(where: { $0.first != 2 }) { problems.append("path updates section") }
        // Unique identifiers: IGListKit's batch conversion is well defined.
        if Set(old.map(\.key)).count == old.count && Set(new.map(\.key)).count == new.count {
            let batch = result.resultForBatchUpdates()
            let igBatch = ref.forBatch()
            if batch.inserts != igBatch.inserts || batch.deletes != igBatch.deletes {
                problems.append(
                    "batch ins \(Array(batch.inserts)) del \(Array(batch.deletes)) vs IG ins \(Array(igBatch.inserts)) del \(Array(igBatch.deletes))"
                )
            }
        }
        return problems
    }

    @Test(arguments: [ListDiffOption.equality, .pointerPersonality])
    func matchesIGListKitOnRandomInputs(option: ListDiffOption) {
        var rng = RNG(state: option == .equality ? 7 : 11)
        var failures = 0
        for round in 0..<3000 {
            let alphabet = Int.random(in: 1...6, using: &rng)
            func items(_ n: Int) -> [RObj] {
                (0..<n).map { _ in
                    RObj("k\(Int.random(in: 0..<alphabet, using: &rng))", Int.random(in: 0...1, using: &rng))
                }
            }
            let old = items(Int.random(in: 0...8, using: &rng))
            var new = items(Int.random(in: 0...8, using: &rng))
            for j in new.indices where Bool.random(using: &rng) {
                if let same = old.first(where: { $0.key == new[j].key }) { new[j] = same }
            }
            let problems = compare(old, new, option)
            if !problems.isEmpty {
                failures += 1
                if failures <= 5 { Issue.record("round \(round) \(old) -> \(new): \(problems)") }
            }
        }
        #expect(failures == 0)
    }

    /// An object whose isEqual(toDiffableObject:) changes between calls:
    /// IGListKit asks once per pair, so its answer is the one used.
    @Test func isEqualIsAskedOncePerPair() {
        let old = [RObj("a", 0), RObj("b", 0), RObj("a", 0)]
        let new = [RObj("a", 0), RObj("a", 1), RObj("b", 0), RObj("a", 0)]
        RObj.calls = []
        _ = ListDiff(oldArray: old, newArray: new, option: .equality)
        #expect(RObj.calls.count == 3)
        RObj.calls = []
        _ = ListDiff(oldArray: old, newArray: new, option: .pointerPersonality)
        #expect(RObj.calls.isEmpty)
    }
}

extension IGListKitReferenceTests {
    /// IGListKit's resultForBatchUpdates with a repeated identifier converts
    /// an unmoved update through its identifier maps (the last occurrence
    /// on each side): old [a0], new [a1, a0] gives deletes {0}, inserts {1},
    /// one insert short (1 - 1 + 1 != 2, a UIKit exception). BoxDiff gives
    /// a valid batch; the README says only that IGListKit drops updates.
    @Test func duplicateBatchConversionDiffersFromIGListKit() {
        let old = [RObj("a", 0)]
        let new = [RObj("a", 1), RObj("a", 0)]
        let ig = Reference(old, new, .equality).forBatch()
        #expect(ig.deletes == [0] && ig.inserts == [1])
        let batch = ListDiff(oldArray: old, newArray: new, option: .equality).forBatchUpdates()
        #expect(batch.deletes == [0] && batch.inserts == [0, 1])
        #expect(old.count - batch.deletes.count + batch.inserts.count == new.count)
    }

    /// The argument of isEqual(toDiffableObject:) is the old partner.
    @Test func isEqualArgumentIsTheOldPartner() {
        let old = [RObj("a", 0), RObj("b", 0)]
        let new = [RObj("b", 1), RObj("a", 0)]
        RObj.calls = []
        _ = ListDiff(oldArray: old, newArray: new, option: .equality)
        let pairs = Set(RObj.calls.map { "\($0.receiver.hashValue)-\($0.argument!.hashValue)" })
        let expected = Set(
            [(new[0], old[1]), (new[1], old[0])].map {
                "\(ObjectIdentifier($0.0).hashValue)-\(ObjectIdentifier($0.1).hashValue)"
            })
        #expect(pairs == expected)
    }
}
