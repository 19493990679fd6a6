import BoxDiff
import BoxDiffTestSupport
import Testing

/// Many diffs at once, each task with its own workspace, and some with a
/// temporary one: run under `--sanitize=thread` by scripts/sanitize.sh.
@Suite("Concurrency")
struct ConcurrentDiffTests {
    @Test func manyDiffsOnSeparateWorkspaces() async throws {
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    let workspace: DiffWorkspace? = task % 2 == 0 ? try DiffWorkspace() : nil
                    var ok = true
                    for round in 0..<25 {
                        let seed = UInt64(task * 1000 + round)
                        let (old, new) = randomPair(seed: seed, size: 400, pool: 150)
                        let algorithm: DiffAlgorithm = round % 2 == 0 ? .heckel : .lcs
                        let c = try StagedChangeset(
                            source: old, target: new, options: DiffOptions(algorithm: algorithm),
                            workspace: workspace)
                        let replayed = try FlatReplay.replay(c, from: old)
                        ok = ok && FlatReplay.same(replayed, new)
                    }
                    return ok
                }
            }
            var all: [Bool] = []
            for try await ok in group { all.append(ok) }
            return all
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 })
    }
}
