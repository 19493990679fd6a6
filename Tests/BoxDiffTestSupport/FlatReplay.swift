import BoxDiff

/// Replays a flat changeset's stages, operation by operation, the way UIKit
/// applies batch updates to a single section, independently of the stages'
/// `data` except for the values of inserted, reloaded and reconfigured
/// elements. A reload lands where UIKit puts it (its old index shifted by
/// the stage's deletes and inserts); reconfigures apply after the batch.
public enum FlatReplay {
    /// A replay failure: which stage and what went wrong.
    public struct Failure: Error, CustomStringConvertible {
        /// Index of the stage.
        public var stage: Int
        /// What went wrong.
        public var message: String
        /// `stage N: message`.
        public var description: String { "stage \(stage): \(message)" }
    }

    /// Applies every stage in order to `source` and returns the result.
    /// Throws when an operation is out of range, listed twice, or when the
    /// replayed elements disagree with a stage's data.
    public static func replay<E: Differentiable>(
        _ changeset: StagedChangeset<[E]>, from source: [E]
    ) throws -> [E] {
        var current = source
        for (k, stage) in changeset.enumerated() {
            func fail(_ message: String) -> Failure { Failure(stage: k, message: message) }
            var removed = Set<Int>()
            for path in stage.elementDeleted {
                guard path.section == 0, current.indices.contains(path.row),
                    removed.insert(path.row).inserted
                else { throw fail("delete \(path) out of range or repeated") }
            }
            for path in stage.elementUpdated {
                guard path.section == 0, current.indices.contains(path.row),
                    removed.insert(path.row).inserted
                else { throw fail("update \(path) out of range, repeated or also deleted") }
            }
            for move in stage.elementMoved {
                guard move.source.section == 0, current.indices.contains(move.source.row),
                    removed.insert(move.source.row).inserted
                else { throw fail("move source \(move.source) out of range or repeated") }
            }
            let deleted = stage.elementDeleted.map(\.row).sorted()
            let remaining = current.indices.filter { !removed.contains($0) }.map { current[$0] }
            let newCount = current.count - deleted.count + stage.elementInserted.count
            var slots = [E?](repeating: nil, count: max(0, newCount))
            for path in stage.elementInserted {
                guard path.section == 0, slots.indices.contains(path.row), slots[path.row] == nil,
                    stage.data.indices.contains(path.row)
                else { throw fail("insert \(path) out of range or repeated") }
                slots[path.row] = stage.data[path.row]
            }
            // A reload is a delete of r plus an insert at r', which UIKit
            // computes from the explicit deletes and inserts only: r minus
            // the deletes before it is r's rank among the rows that stay,
            // and r' the position of that rank among the slots no insert
            // takes.
            let inserted = Set(stage.elementInserted.map(\.row))
            let free = slots.indices.filter { !inserted.contains($0) }
            for path in stage.elementUpdated {
                let rank = path.row - deleted.prefix { $0 < path.row }.count
                guard free.indices.contains(rank) else { throw fail("reload \(path) lands out of range") }
                let target = free[rank]
                guard slots[target] == nil, stage.data.indices.contains(target)
                else { throw fail("reload \(path) lands on a taken row \(target)") }
                slots[target] = stage.data[target]
            }
            for move in stage.elementMoved {
                let d = move.destination.row
                guard move.destination.section == 0, slots.indices.contains(d), slots[d] == nil
                else { throw fail("move destination \(move.destination) out of range or taken") }
                slots[d] = current[move.source.row]
            }
            var rest = remaining.makeIterator()
            for i in slots.indices where slots[i] == nil {
                guard let next = rest.next() else { throw fail("too few elements to fill") }
                slots[i] = next
            }
            guard rest.next() == nil else { throw fail("elements left over") }
            current = slots.map { $0! }
            // Reconfigures refresh rows in place, after the batch.
            var reconfigured = Set<Int>()
            for path in stage.elementReconfigured {
                guard path.section == 0, current.indices.contains(path.row), stage.data.indices.contains(path.row),
                    reconfigured.insert(path.row).inserted,
                    current[path.row].differenceIdentifier == stage.data[path.row].differenceIdentifier
                else { throw fail("reconfigure \(path) out of range, repeated or of another element") }
                current[path.row] = stage.data[path.row]
            }
            guard current.count == stage.data.count,
                zip(current, stage.data).allSatisfy({
                    $0.differenceIdentifier == $1.differenceIdentifier && $0.isContentEqual(to: $1)
                })
            else { throw fail("replayed elements differ from the stage's data") }
        }
        return current
    }

    /// True when `a` and `b` hold the same identities and contents in order.
    public static func same<E: Differentiable>(_ a: [E], _ b: [E]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy {
                $0.differenceIdentifier == $1.differenceIdentifier && $0.isContentEqual(to: $1)
            }
    }

    /// Length of a longest strictly increasing subsequence (patience
    /// sorting), an independent check of the core's move count.
    public static func lisLength(_ values: [Int]) -> Int {
        var tails: [Int] = []
        for v in values {
            var lo = 0
            var hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if tails[mid] < v { lo = mid + 1 } else { hi = mid }
            }
            if lo == tails.count { tails.append(v) } else { tails[lo] = v }
        }
        return tails.count
    }
}
