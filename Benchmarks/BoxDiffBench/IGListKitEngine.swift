import BoxDiff
import BoxDiffIGListKit
import Foundation

/// A workload element as IGListKit code holds it: a model object whose
/// diff identifier is its id as a string (`NSString`, as a feed's ids
/// usually are) and whose contents compare by value (`ListDiff` asks only
/// about objects whose identifiers are equal, so the identifier is not
/// compared again).
final class BenchListObject: NSObject, ListDiffable {
    let key: NSString
    let content: UInt64

    init(_ item: BenchItem) {
        key = item.id.uuidString as NSString
        content = item.content
    }

    func diffIdentifier() -> NSObjectProtocol { key }

    func isEqual(toDiffableObject object: (any ListDiffable)?) -> Bool {
        guard let other = object as? BenchListObject else { return false }
        return content == other.content
    }
}

/// IGListKit's API on BoxDiff (`BoxDiffIGListKit`):
/// `ListDiff(oldArray:newArray:option: .equality)` over the workload's
/// elements as ``BenchListObject``s (made untimed), then
/// `forBatchUpdates()` and its index sets and moves read, as an adapter
/// applies the result. Not in the default suite (`--engines iglistkit`).
final class IGListKitEngine: BenchEngine {
    let name = EngineName.iglistkit.rawValue
    private var old: [any ListDiffable] = []
    private var new: [any ListDiffable] = []
    /// The diff, and its batch (updates as deletes and inserts).
    private var result: ListIndexSetResult?
    private var batch: ListIndexSetResult?
    /// The batch's sizes, summed (read so the sets are built).
    private(set) var reads = 0

    func prepare(_ workload: Workload) throws {
        result = nil
        batch = nil
        old = workload.old.map(BenchListObject.init)
        new = workload.new.map(BenchListObject.init)
    }

    func run(_ workload: Workload) throws {
        result = nil
        batch = nil
        let diff = ListDiff(oldArray: old, newArray: new, option: .equality)
        let batch = diff.forBatchUpdates()
        // What an adapter hands the view.
        reads &+= batch.deletes.count &+ batch.inserts.count &+ batch.updates.count &+ batch.moves.count
        self.batch = batch
        result = diff
    }

    func outcome(_ workload: Workload) -> Outcome {
        guard let result else { return Outcome() }
        return Outcome(
            deleted: result.deletes.count, inserted: result.inserts.count, moved: result.moves.count,
            updated: result.updates.count, stages: 1)
    }

    /// Applies the batch as UIKit does (deletes and move sources at old
    /// indexes, then inserts and move destinations at new ones, updated
    /// objects deleted and inserted by `forBatchUpdates()`): it must give
    /// the new list, each object the new one.
    func check(_ workload: Workload) throws {
        guard let result = batch else { throw BenchFailure("iglistkit: no result") }
        let moved = Dictionary(uniqueKeysWithValues: result.moves.map { ($0.to, $0.from) })
        let movedOut = Set(result.moves.map(\.from))
        // The old objects that stay where the deletes and inserts put
        // them, in order.
        var staying = workload.old.indices.filter { !result.deletes.contains($0) && !movedOut.contains($0) }
            .makeIterator()
        var replayed: [BenchItem] = []
        replayed.reserveCapacity(workload.new.count)
        for j in workload.new.indices {
            if result.inserts.contains(j) {
                replayed.append(workload.new[j])
            } else if let from = moved[j] {
                replayed.append(workload.old[from])
            } else if let i = staying.next() {
                replayed.append(workload.old[i])
            } else {
                throw BenchFailure("iglistkit: the batch leaves new index \(j) empty")
            }
        }
        if staying.next() != nil { throw BenchFailure("iglistkit: the batch leaves old objects over") }
        try Replay.expectEqual(replayed, workload, engine: name)
    }

    func finish() {
        result = nil
        batch = nil
        old = []
        new = []
    }
}
