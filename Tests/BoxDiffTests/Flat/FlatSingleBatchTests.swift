import BoxDiffTestSupport
import PropertyBased
import Testing

@testable import BoxDiff

/// The flat single-batch layout, rewritten for speed (one merge walk for
/// rule 11, conversions merged into the sorted lists, the lists in the
/// workspace's reused buffers), must make exactly the calls of its first
/// implementation (``ReferenceFlatSingleBatch``).
@Suite("Flat API: single-batch layout")
struct FlatSingleBatchTests {
    /// Random id lists (duplicates from small pools) diffed in the core;
    /// a random subset of the paired elements is "updated"; both layouts
    /// under both update styles.
    @Test(arguments: [DiffAlgorithm.heckel, .lcs])
    func matchesTheReference(_ algorithm: DiffAlgorithm) async {
        await propertyCheck(count: 300, input: Gen.uint64(), Gen.int(in: 0...400), Gen.int(in: 1...60)) {
            seed, size, poolSize in
            var rng = SeededGenerator(seed: seed)
            let pool = poolSize > 50 ? size * 2 + 1 : poolSize
            let old = (0..<size).map { _ in UInt64.random(in: 0..<UInt64(pool), using: &rng) }
            var new: [UInt64] = []
            for _ in 0..<max(0, size + Int.random(in: -size / 4...size / 4 + 1, using: &rng)) {
                new.append(
                    !old.isEmpty && Int.random(in: 0..<10, using: &rng) < 8
                        ? old.randomElement(using: &rng)! : UInt64.random(in: 0..<UInt64(pool * 2), using: &rng))
            }
            let result = CoreResult()
            try CCore.diff(
                oldIDs: old[...], newIDs: new[...], options: DiffOptions(algorithm: algorithm), pairsOnly: false,
                workspace: nil, into: result)
            let o2n = result.oldToNew
            // Every paired element is updated with probability 1/4 (1/1 for
            // some seeds: every reload competes).
            let rate = seed % 5 == 0 ? 1 : 4
            var updated: [ElementPath] = []
            var updatedNew: [Int] = []
            for i in 0..<o2n.count where o2n[i] != CCore.none && Int.random(in: 0..<rate, using: &rng) == 0 {
                updated.append(ElementPath(section: 0, row: i))
                updatedNew.append(Int(o2n[i]))
            }
            // One workspace for every layout of this input: each reuses the
            // lists and scratch the previous one kept, while that one's
            // result is still held (and must not change).
            let workspace = try DiffWorkspace()
            var held: [(BatchUpdate, BatchUpdate)] = []
            for style in [UpdateStyle.reload, .reconfigure, .reload] {
                var lists = updated
                let fast = FlatSingleBatch.update(result: result, updated: &lists, style: style, workspace: workspace)
                let reference = ReferenceFlatSingleBatch.update(
                    result: result, updated: updated, updatedNew: updatedNew, style: style)
                #expect(fast == reference, "seed \(seed) size \(size) pool \(pool) \(style)")
                held.append((fast, reference))
            }
            for (fast, reference) in held { #expect(fast == reference, "seed \(seed): a kept layout changed") }
        }
    }
}
