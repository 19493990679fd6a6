import BoxDiffIGListKit
import BoxDiffTestSupport
import Foundation
import Testing

private final class Versioned: ListDiffable {
    let key: NSString
    let version: Int
    init(_ key: String, _ version: Int) {
        self.key = NSString(string: key)
        self.version = version
    }
    func diffIdentifier() -> NSObjectProtocol { key }
    func isEqual(toDiffableObject object: (any ListDiffable)?) -> Bool {
        (object as? Versioned)?.version == version
    }
}

/// `ListIndexPathResult.updates` is an array, and IGListKit fills it
/// while walking the new array (IGListDiff.mm appends each updated pair's
/// old index path in its loop over the new indexes), so ported code that
/// compares it with an array literal expects that order, not ascending
/// old indexes.
@Suite struct IndexPathUpdateOrderTests {
    @Test func swappedUpdatedObjectsInNewOrder() {
        let old = [Versioned("a", 0), Versioned("b", 0), Versioned("c", 0)]
        let new = [Versioned("c", 1), Versioned("b", 0), Versioned("a", 1)]
        let result = ListDiffPaths(fromSection: 2, toSection: 3, oldArray: old, newArray: new, option: .equality)
        #expect(result.updates == [[2, 2], [2, 0]])
    }

    /// Random arrays with duplicates: the updates are the updated pairs'
    /// old index paths, ordered by their new index.
    @Test func randomArraysInNewOrder() {
        var rng = SeededGenerator(seed: 0x0DE5)
        for round in 0..<300 {
            let alphabet = Int.random(in: 1...8, using: &rng)
            let old = (0..<Int.random(in: 0...14, using: &rng)).map { _ in
                Versioned("k\(Int.random(in: 0..<alphabet, using: &rng))", Int.random(in: 0..<2, using: &rng))
            }
            let new = (0..<Int.random(in: 0...14, using: &rng)).map { _ in
                Versioned("k\(Int.random(in: 0..<alphabet, using: &rng))", Int.random(in: 0..<2, using: &rng))
            }
            // IGListKit's rule: occurrences pair in order; a key with one
            // changed pair has all its pairs updated.
            var queue: [String: [Int]] = [:]
            for (i, o) in old.enumerated() { queue[o.key as String, default: []].append(i) }
            var pairs: [(old: Int, new: Int)] = []
            var changed = Set<String>()
            for (j, n) in new.enumerated() {
                guard let i = queue[n.key as String]?.first else { continue }
                queue[n.key as String]?.removeFirst()
                pairs.append((i, j))
                if old[i].version != n.version { changed.insert(n.key as String) }
            }
            let expected = pairs.filter { changed.contains(new[$0.new].key as String) }.map {
                IndexPath(indexes: [0, $0.old])
            }
            let result = ListDiffPaths(fromSection: 0, toSection: 0, oldArray: old, newArray: new, option: .equality)
            #expect(result.updates == expected, "round \(round)")
        }
    }
}
