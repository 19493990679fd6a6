import BoxDiff
import BoxDiffIGListKit
import BoxDiffValidation
import Foundation

/// A model as IGListKit users write them: identified by `key`, equal when
/// `version` is.
public final class ListDiffItem: ListDiffable, CustomStringConvertible {
    /// The identifier (`diffIdentifier()` is it as an `NSString`).
    public let key: String
    /// What `isEqual(toDiffableObject:)` compares.
    public let version: Int

    /// An item of `key` at `version`.
    public init(_ key: String, _ version: Int = 0) {
        self.key = key
        self.version = version
    }

    /// `key` as an `NSString`.
    public func diffIdentifier() -> NSObjectProtocol { NSString(string: key) }

    /// Whether `object` is a `ListDiffItem` of the same version.
    public func isEqual(toDiffableObject object: (any ListDiffable)?) -> Bool {
        guard let other = object as? ListDiffItem else { return false }
        return version == other.version
    }

    /// `key` and `version`, as "k31".
    public var description: String { "\(key)\(version)" }
}

/// IGListKit's rules for `ListDiff`, computed independently of the
/// implementation: shared by the random IGListKit test and the fuzzer of
/// the Swift layer.
public enum ListDiffChecks {
    /// Each element's token: its key and occurrence number ("k3#1" is the
    /// second k3), the pairing IGListKit documents by its implementation.
    static func tokens(_ items: [ListDiffItem]) -> [String] {
        var seen: [String: Int] = [:]
        return items.map { item in
            let k = seen[item.key, default: 0]
            seen[item.key] = k + 1
            return "\(item.key)#\(k)"
        }
    }

    /// Applies a batch as UIKit does (deletes and move sources in old
    /// indexes, inserts and move destinations in new indexes, the other
    /// elements keep their order) and returns the new tokens, inserted slots
    /// filled from `insertedFrom`; `nil` when the batch is malformed.
    static func apply(
        _ old: [String], deletes: IndexSet, inserts: IndexSet, moves: [ListMoveIndex], insertedFrom: [String]
    ) -> [String]? {
        let count = old.count - deletes.count + inserts.count
        guard count == insertedFrom.count, deletes.allSatisfy({ old.indices.contains($0) }) else { return nil }
        var slots = [String?](repeating: nil, count: count)
        var movedFrom = Set<Int>()
        for move in moves {
            guard old.indices.contains(move.from), slots.indices.contains(move.to), slots[move.to] == nil,
                !deletes.contains(move.from), !inserts.contains(move.to), movedFrom.insert(move.from).inserted
            else { return nil }
            slots[move.to] = old[move.from]
        }
        for index in inserts {
            guard slots.indices.contains(index) else { return nil }
            slots[index] = insertedFrom[index]
        }
        var rest = old.indices.filter { !deletes.contains($0) && !movedFrom.contains($0) }.map { old[$0] }[...]
        for j in slots.indices where slots[j] == nil {
            guard let next = rest.popFirst() else { return nil }
            slots[j] = next
        }
        guard rest.isEmpty else { return nil }
        return slots.map { $0! }
    }

    /// Every problem with one diff, as readable strings.
    public static func problems(old: [ListDiffItem], new: [ListDiffItem], option: ListDiffOption) -> [String] {
        var found: [String] = []
        let oldTokens = tokens(old)
        let newTokens = tokens(new)
        let result = ListDiff(oldArray: old, newArray: new, option: option)

        // Structure: deleted are exactly the unpaired old, inserted the
        // unpaired new, and the batch rebuilds the new order.
        let newSet = Set(newTokens)
        let oldSet = Set(oldTokens)
        let expectedDeletes = IndexSet(oldTokens.indices.filter { !newSet.contains(oldTokens[$0]) })
        let expectedInserts = IndexSet(newTokens.indices.filter { !oldSet.contains(newTokens[$0]) })
        if result.deletes != expectedDeletes { found.append("deletes \(Array(result.deletes))") }
        if result.inserts != expectedInserts { found.append("inserts \(Array(result.inserts))") }
        let applied = apply(
            oldTokens, deletes: result.deletes, inserts: result.inserts, moves: result.moves, insertedFrom: newTokens)
        if applied != newTokens { found.append("applied \(applied ?? []) != new") }

        // Updates: old indexes of the pairs whose identifier has a changed
        // pair (one flag per identifier, as IGListKit).
        let oldIndex = Dictionary(uniqueKeysWithValues: oldTokens.enumerated().map { ($1, $0) })
        var changedKeys = Set<String>()
        var pairs: [(Int, Int)] = []
        for (j, token) in newTokens.enumerated() {
            guard let i = oldIndex[token] else { continue }
            pairs.append((i, j))
            let changed = option == .pointerPersonality ? old[i] !== new[j] : old[i].version != new[j].version
            if changed { changedKeys.insert(new[j].key) }
        }
        let expectedUpdates = IndexSet(pairs.filter { changedKeys.contains(old[$0.0].key) }.map(\.0))
        if result.updates != expectedUpdates {
            found.append("updates \(Array(result.updates)), expected \(Array(expectedUpdates))")
        }
        if result.changeCount != result.inserts.count + result.deletes.count + result.updates.count + result.moves.count
            || result.hasChanges != (result.changeCount > 0)
        {
            found.append("changeCount \(result.changeCount)")
        }
        // The identifier maps keep the last occurrence.
        for item in old + new {
            let id = item.diffIdentifier()
            if result.oldIndex(forIdentifier: id) != (old.lastIndex { $0.key == item.key } ?? NSNotFound)
                || result.newIndex(forIdentifier: id) != (new.lastIndex { $0.key == item.key } ?? NSNotFound)
            {
                found.append("index maps of \(item.key)")
                break
            }
        }

        // The batch result: no updates, no move of an updated object, and
        // one valid UIKit batch that leaves the new data, every updated
        // row refreshed (its new content differs from the old).
        let batch = result.resultForBatchUpdates()
        if !batch.updates.isEmpty { found.append("batch updates \(Array(batch.updates))") }
        if batch.moves.contains(where: { result.updates.contains($0.from) }) {
            found.append("batch moves an updated object: \(batch.moves)")
        }
        let batchApplied = apply(
            oldTokens, deletes: batch.deletes, inserts: batch.inserts, moves: batch.moves, insertedFrom: newTokens)
        if batchApplied != newTokens { found.append("batch applied \(batchApplied ?? []) != new") }
        let update = BatchUpdate(
            elementDeleted: batch.deletes.map { ElementPath(section: 0, row: $0) },
            elementInserted: batch.inserts.map { ElementPath(section: 0, row: $0) },
            elementMoved: batch.moves.map {
                Move(source: ElementPath(section: 0, row: $0.from), destination: ElementPath(section: 0, row: $0.to))
            })
        let updatedOld = result.updates
        let before = BatchReplayState<Int, String>(sections: [
            .init(id: 0, content: 0, rows: oldTokens.map { .init(id: $0, content: 0) })
        ])
        let after = BatchReplayState<Int, String>(sections: [
            .init(
                id: 0, content: 0,
                rows: newTokens.map { token in
                    .init(id: token, content: oldIndex[token].map { updatedOld.contains($0) ? 1 : 0 } ?? 0)
                })
        ])
        let violations = BatchUpdateValidator(flavor: .collectionView).violations(
            from: before, to: after, steps: [BatchReplayStep(update: update, afterState: after)])
        if !violations.isEmpty { found.append("batch violations: \(violations.map(\.message))") }
        return found
    }
}
