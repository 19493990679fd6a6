/// Where a section of the list after a batch comes from.
package enum BatchSectionOrigin: Hashable, Sendable {
    /// Inserted: the data source's section at this N index.
    case inserted(Int)
    /// Reloaded: the O section `source`, replaced by the data source's
    /// section at N index `at` (the target UIKit computes for the reload).
    case reloaded(Int, at: Int)
    /// Kept (in place or moved): the O section at this index, its rows laid
    /// out by `BatchSimulation.rowLayout(of:at:count:)`.
    case carried(Int)
}

/// Where a row of a kept section after a batch comes from.
package enum BatchRowOrigin: Hashable, Sendable {
    /// Inserted: the data source's row at this N row of the section.
    case inserted(Int)
    /// Reloaded: the row at O path `source`, replaced by the data source's
    /// row at N row `at` of the section (the `r'` UIKit computes).
    case reloaded(ElementPath, at: Int)
    /// Kept or moved: the row at this O path keeps its cell.
    case carried(ElementPath)
}

extension BatchSimulation {
    /// The sections after the batch, each with its origin, the way UIKit
    /// lays them out: inserted sections, reload targets and move
    /// destinations at their N indices (ties in that order), the other O
    /// sections filling the gaps in their old order; deleted sections gone.
    ///
    /// A reload whose target falls outside the N shape (an inconsistent
    /// batch) is left out.
    ///
    /// - Complexity: O(sections + section calls · log section calls).
    package func sectionLayout() -> [BatchSectionOrigin] {
        var fixed: [(index: Int, origin: BatchSectionOrigin)] = sectionInserts.map { ($0, .inserted($0)) }
        for section in sectionReloads {
            if let target = sectionReloadTargets[section], new.indices.contains(target) {
                fixed.append((target, .reloaded(section, at: target)))
            }
        }
        fixed += sectionMoves.map { ($0.destination, .carried($0.source)) }
        let gone = Set(sectionDeletes).union(sectionReloads).union(sectionMoves.map(\.source))
        let stayers = old.indices.filter { !gone.contains($0) }.map { BatchSectionOrigin.carried($0) }
        return mergeFixed(fixed, stayers: stayers)
    }

    /// Whether any row call takes a row out of O section `oldSection` or
    /// places one in N section `newSection`: when not, a section carried
    /// from `oldSection` to `newSection` keeps its rows as they are.
    package func changesRows(of oldSection: Int, at newSection: Int) -> Bool {
        rowsLeaving[oldSection] != nil || rowReloadsBySection[oldSection] != nil
            || rowsArriving[newSection] != nil || rowReloadsByTargetSection[newSection] != nil
    }

    /// The rows of O section `oldSection`, carried to N section
    /// `newSection`, each with its origin: inserts, reload targets and move
    /// destinations at their N rows (ties in that order), the section's
    /// other `count` rows filling the gaps in their old order; deleted,
    /// reloaded and moved-away rows gone.
    ///
    /// - Complexity: O(count + row calls of the two sections · log of them).
    package func rowLayout(of oldSection: Int, at newSection: Int, count: Int) -> [BatchRowOrigin] {
        var removed = Set(rowDeletes[oldSection] ?? [])
        var fixed: [(index: Int, origin: BatchRowOrigin)] = (rowInserts[newSection] ?? []).map { ($0, .inserted($0)) }
        for path in rowReloadsBySection[oldSection] ?? [] { removed.insert(path.row) }
        for source in rowReloadsByTargetSection[newSection] ?? [] {
            guard let target = rowReloadTargets[source] else { continue }
            fixed.append((target.row, .reloaded(source, at: target.row)))
        }
        for move in rowMovesBySource[oldSection] ?? [] { removed.insert(move.source.row) }
        for move in rowMovesByDestination[newSection] ?? [] {
            fixed.append((move.destination.row, .carried(move.source)))
        }
        var stayers: [BatchRowOrigin] = []
        stayers.reserveCapacity(max(0, count - removed.count))
        for row in 0..<max(0, count) where !removed.contains(row) {
            stayers.append(.carried(ElementPath(section: oldSection, row: row)))
        }
        return mergeFixed(fixed, stayers: stayers)
    }
}
