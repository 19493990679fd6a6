import BoxDiffIGListKit
import BoxDiffTestSupport
import Dispatch
import Foundation
import Testing

/// Hands a non-`Sendable` result to other threads, as Swift 5 mode and
/// Objective-C code may.
private struct Shared<Value>: @unchecked Sendable {
    let value: Value
}

/// A result's identifier lookups build its identifier maps on first use;
/// several threads looking up one result at once must each get the right
/// index, and (under ThreadSanitizer, `scripts/sanitize.sh thread`) race on
/// nothing. Before the maps were built under a lock, two first lookups at
/// once both wrote the stored map.
@Suite("IGListKit: identifier lookups from several threads")
struct ListDiffConcurrentLookupTests {
    @Test func firstLookupsFromManyThreadsAgree() {
        let count = 2_000
        let old: [any ListDiffable] = (0..<count).map { NSString(string: "id-\($0)") }
        // New: every other id kept, in reverse, and as many fresh ones.
        let kept = (0..<count).filter { $0 % 2 == 0 }.reversed()
        let new: [any ListDiffable] =
            kept.map { NSString(string: "id-\($0)") } + (0..<count / 2).map { NSString(string: "new-\($0)") }
        for round in 0..<20 {
            let result = Shared(value: ListDiff(oldArray: old, newArray: new, option: .equality))
            let paths = Shared(
                value: ListDiffPaths(fromSection: 0, toSection: 1, oldArray: old, newArray: new, option: .equality))
            let threads = 8
            let wrong = Locked(0)
            DispatchQueue.concurrentPerform(iterations: threads) { t in
                // Each thread starts at a different identifier, all at once.
                for step in 0..<200 {
                    let i = (t * 97 + step * 13 + round) % count
                    let id = NSString(string: "id-\(i)")
                    let expectedOld = i
                    let expectedNew = i % 2 == 0 ? (count - 2 - i) / 2 : NSNotFound
                    var bad = 0
                    if result.value.oldIndex(forIdentifier: id) != expectedOld { bad += 1 }
                    if result.value.newIndex(forIdentifier: id) != expectedNew { bad += 1 }
                    if paths.value.oldIndexPath(forIdentifier: id) != IndexPath(indexes: [0, expectedOld]) {
                        bad += 1
                    }
                    let newPath = expectedNew == NSNotFound ? nil : IndexPath(indexes: [1, expectedNew])
                    if paths.value.newIndexPath(forIdentifier: id) != newPath { bad += 1 }
                    if bad > 0 { wrong.withLock { $0 += bad } }
                }
            }
            #expect(wrong.withLock { $0 } == 0, "round \(round)")
        }
    }

    /// `ListDiff` calls on several threads at once take the pooled diff
    /// workspaces in turn (each serves one diff at a time; some of these
    /// diffs are past the pool's size limit and make their own): every
    /// result equals the one the same inputs gave on one thread, and
    /// (under ThreadSanitizer) nothing races.
    @Test func diffsFromManyThreadsAgreeWithSerialDiffs() {
        let jobs = 8 * 40
        let cases = Shared(value: (0..<jobs).map(Self.inputs))
        let expected = cases.value.map { Self.summary(ListDiff(oldArray: $0.old, newArray: $0.new, option: .equality)) }
        let mismatches = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { t in
            for j in 0..<jobs / 8 {
                let k = j * 8 + t
                let (old, new) = cases.value[k]
                if Self.summary(ListDiff(oldArray: old, newArray: new, option: .equality)) != expected[k] {
                    mismatches.withLock { $0 += 1 }
                }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }

    /// Diff `k`'s lists: sizes from 0 to 300, every 16th past the pool's
    /// limit; a fifth of the objects deleted, the rest reversed, a few
    /// inserted.
    static func inputs(_ k: Int) -> (old: [any ListDiffable], new: [any ListDiffable]) {
        let count = k % 16 == 15 ? 4_200 : (k * 37) % 301
        let old: [any ListDiffable] = (0..<count).map { NSString(string: "\(k)-\($0)") }
        let kept = (0..<count).filter { $0 % 5 != k % 5 }.reversed()
        let new: [any ListDiffable] =
            kept.map { NSString(string: "\(k)-\($0)") } + (0..<(k % 7)).map { NSString(string: "\(k)-new-\($0)") }
        return (old, new)
    }

    /// A result's and its batch's indexes.
    static func summary(_ result: ListIndexSetResult) -> [[Int]] {
        let batch = result.forBatchUpdates()
        return [
            Array(result.deletes), Array(result.inserts), Array(result.updates),
            result.moves.flatMap { [$0.from, $0.to] }, Array(batch.deletes), Array(batch.inserts),
        ]
    }
}
