import BoxDiff
import BoxDiffIGListKit
import BoxDiffTestSupport
import BoxDiffValidation
import Foundation
import Testing

/// Random old/new arrays over a small key alphabet (duplicates, moves,
/// inserts, deletes, updates), checked against IGListKit's rules computed
/// independently of the implementation (`ListDiffChecks`, in the test
/// support, which the Swift layer's fuzzer uses too).
@Suite struct ListDiffRandomTests {
    /// A random array of items: keys from `alphabet` (so duplicates are
    /// common), versions 0 or 1 (so about half the pairs change).
    private static func items(_ count: Int, alphabet: Int, rng: inout SeededGenerator) -> [Item] {
        (0..<count).map { _ in
            Item("k\(Int.random(in: 0..<alphabet, using: &rng))", Int.random(in: 0..<2, using: &rng))
        }
    }

    @Test(arguments: [ListDiffOption.equality, .pointerPersonality])
    func randomArrays(option: ListDiffOption) {
        var rng = SeededGenerator(seed: option == .equality ? 0x1617 : 0x2024)
        var failures = 0
        for round in 0..<400 {
            let alphabet = Int.random(in: 1...12, using: &rng)
            let old = Self.items(Int.random(in: 0...14, using: &rng), alphabet: alphabet, rng: &rng)
            var new = Self.items(Int.random(in: 0...14, using: &rng), alphabet: alphabet, rng: &rng)
            // Keep some instances, so that pointer personality sees both.
            for j in new.indices where Bool.random(using: &rng) {
                if let same = old.first(where: { $0.key == new[j].key }) { new[j] = same }
            }
            let found = ListDiffChecks.problems(old: old, new: new, option: option)
            if !found.isEmpty {
                failures += 1
                if failures <= 3 { Issue.record("round \(round): \(old) -> \(new): \(found)") }
            }
        }
        #expect(failures == 0)
    }
}
