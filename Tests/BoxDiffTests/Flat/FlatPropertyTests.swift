import BoxDiffTestSupport
import CBoxDiff
import PropertyBased
import Testing

@testable import BoxDiff

/// A random old/new pair: ids from a pool of `pool` values, so small pools
/// make duplicates and moves common.
func randomPair(seed: UInt64, size: Int, pool: Int) -> ([Item], [Item]) {
    var rng = SeededGenerator(seed: seed)
    let old = (0..<size).map { _ in Item(id: Int.random(in: 0..<pool, using: &rng), text: "") }
    var new: [Item] = []
    let newSize = max(0, size + Int.random(in: -size / 4...size / 4 + 1, using: &rng))
    for _ in 0..<newSize {
        if !old.isEmpty && Int.random(in: 0..<10, using: &rng) < 7 {
            var e = old.randomElement(using: &rng)!
            if Int.random(in: 0..<10, using: &rng) == 0 { e.text = "changed" }
            new.append(e)
        } else {
            new.append(Item(id: Int.random(in: 0..<pool * 2, using: &rng)))
        }
    }
    return (old, new)
}

@Suite("Flat API: properties")
struct FlatPropertyTests {
    @Test(arguments: [DiffAlgorithm.heckel, .lcs])
    func replayGivesTheTarget(_ algorithm: DiffAlgorithm) async {
        await propertyCheck(
            count: 150, input: Gen.uint64(), Gen.int(in: 0...2000), Gen.int(in: 1...80)
        ) { seed, size, poolSize in
            let pool = poolSize > 70 ? size * 2 + 1 : poolSize  // sometimes unique-ish
            let (old, new) = randomPair(seed: seed, size: size, pool: pool)
            let c = try StagedChangeset(source: old, target: new, options: DiffOptions(algorithm: algorithm))
            let replayed = try FlatReplay.replay(c, from: old)
            #expect(FlatReplay.same(replayed, new), "seed \(seed) size \(size) pool \(pool)")
            #expect(c.count <= 3)
            #expect(!c.contains { !$0.hasChanges }, "empty stages are omitted")
        }
    }

    /// Checks the core's result directly: partition of indices, inverse
    /// maps, moves == matched − LIS.
    @Test(arguments: [DiffAlgorithm.heckel, .lcs])
    func partitionAndMinimalMoves(_ algorithm: DiffAlgorithm) async {
        await propertyCheck(
            count: 150, input: Gen.uint64(), Gen.int(in: 0...2000), Gen.int(in: 1...60)
        ) { seed, size, pool in
            let (old, new) = randomPair(seed: seed, size: size, pool: pool)
            let oldIDs = old.map { UInt64($0.id) }
            let newIDs = new.map { UInt64($0.id) }
            let result = CoreResult()
            try oldIDs.withUnsafeBufferPointer { o in
                try newIDs.withUnsafeBufferPointer { n in
                    try CCore.diff(
                        oldIDs: o, oldContents: nil, newIDs: n, newContents: nil,
                        algorithm: algorithm, rejectDuplicates: false, lcsCostBound: 4096,
                        workspace: nil, into: result)
                }
            }
            let o2n = Array(result.oldToNew)
            let n2o = Array(result.newToOld)
            let deleted = Set(result.deletes.map(Int.init))
            let inserted = Set(result.inserts.map(Int.init))
            var matchedOld = 0
            for i in 0..<old.count {
                let isMatched = o2n[i] != BXD_NONE
                #expect(isMatched != deleted.contains(i), "old \(i): exactly one of deleted/matched")
                if isMatched {
                    matchedOld += 1
                    let j = Int(o2n[i])
                    #expect(n2o[j] == UInt32(i))
                    #expect(old[i].id == new[j].id)
                }
            }
            for j in 0..<new.count {
                #expect((n2o[j] != BXD_NONE) != inserted.contains(j), "new \(j): exactly one of inserted/matched")
            }
            #expect(matchedOld == result.matchedCount)
            let order = (0..<old.count).filter { o2n[$0] != BXD_NONE }.map { Int(o2n[$0]) }
            #expect(result.moves.count == order.count - FlatReplay.lisLength(order))
            // Moves ascend by old index and point at matched pairs.
            let moves = Array(result.moves)
            #expect(zip(moves, moves.dropFirst()).allSatisfy { $0.from < $1.from })
            #expect(moves.allSatisfy { o2n[Int($0.from)] == $0.to })
        }
    }

    /// On unique ids Heckel and LCS give the same final list and the same
    /// number of moves (within the LCS cost bound).
    @Test func heckelAndLCSAgreeOnUniqueIDs() async {
        await propertyCheck(count: 150, input: Gen.uint64(), Gen.int(in: 0...1500)) { seed, size in
            var rng = SeededGenerator(seed: seed)
            let old = Array(0..<size).shuffled(using: &rng)
            var new = old.filter { _ in Int.random(in: 0..<10, using: &rng) > 0 }
            for k in 0..<(size / 10) { new.insert(size + k, at: Int.random(in: 0...new.count, using: &rng)) }
            for _ in 0..<(size / 50) where new.count > 1 {
                new.swapAt(Int.random(in: 0..<new.count, using: &rng), Int.random(in: 0..<new.count, using: &rng))
            }
            let h = try StagedChangeset(source: old, target: new, options: DiffOptions(algorithm: .heckel))
            let l = try StagedChangeset(source: old, target: new, options: DiffOptions(algorithm: .lcs))
            #expect(try FlatReplay.replay(h, from: old) == new)
            #expect(try FlatReplay.replay(l, from: old) == new)
            if l.isMinimal { #expect(moves(h).count == moves(l).count, "seed \(seed)") }
        }
    }

    /// Colliding hashes at random: the Swift layer never pairs different ids.
    @Test func collisionsAtRandom() async {
        await propertyCheck(count: 60, input: Gen.uint64(), Gen.int(in: 0...300)) { seed, size in
            let (a, b) = randomPair(seed: seed, size: size, pool: 20)
            let old = a.map { CollidingItem(id: CollidingID(value: $0.id), text: $0.text) }
            let new = b.map { CollidingItem(id: CollidingID(value: $0.id), text: $0.text) }
            let c = try StagedChangeset(source: old, target: new)
            let replayed = try FlatReplay.replay(c, from: old)
            #expect(replayed == new)
            let reference = try StagedChangeset(source: a, target: b)
            #expect(c.changeCount == reference.changeCount, "same diff as with exact ids")
        }
    }
}
