extension Box {
    /// The identities and contents of this Box as the replay check reads
    /// them: each section's id and content hash (header and footer), each
    /// row's id and content hash.
    ///
    /// An incomparable component (content hash 0, "always changed") is
    /// given `incomparableContent` instead, so that the state of the old
    /// Box and the states of the new data can be told apart: pass a
    /// different value for the source than for the stages' data.
    ///
    /// - Complexity: O(sections + rows), using the cached identity table.
    public func replayState(incomparableContent: Int = 0) -> BatchReplayState<SectionID, RowID> {
        let table = identityTable
        func content(_ hash: UInt64) -> Int {
            hash == 0 ? incomparableContent : Int(truncatingIfNeeded: hash)
        }
        return BatchReplayState(
            sections: sections.indices.map { s in
                let start = table.sectionRowOffsets[s]
                return BatchReplayState.Section(
                    id: sections[s].id, content: content(table.sectionContents[s]),
                    rows: sections[s].rows.indices.map { r in
                        BatchReplayState.Row(id: sections[s].rows[r].id, content: content(table.rowContents[start + r]))
                    })
            })
    }
}

extension Changeset {
    /// This stage's calls as one `performBatchUpdates` (reloads, moves and
    /// deletes as given, reconfigures issued right after it).
    public var batchUpdate: BatchUpdate {
        BatchUpdate(
            deleteSections: sectionDeleted, insertSections: sectionInserted, moveSections: sectionMoved,
            reloadSections: sectionUpdated, deleteRows: elementDeleted, insertRows: elementInserted,
            moveRows: elementMoved, reloadRows: elementUpdated, reconfigureRows: elementReconfigured)
    }
}

/// The incomparable-content markers of ``StagedChangeset/violations(from:validator:)``:
/// one for the source Box, one for every Box built from the target.
enum ReplayMarkers {
    static let source = Int.min
    static let target = Int.min + 1
}

extension StagedChangeset {
    /// Each stage as a batch with the shape (rows per section) of its data.
    /// Empty for a ``reloadsEverything`` plan, which is not a batch.
    public func batchSteps<S, R>() -> [BatchStep] where Data == Box<S, R> {
        guard !reloadsEverything else { return [] }
        return stages.map { BatchStep(update: $0.batchUpdate, after: $0.data.sections.map(\.rows.count)) }
    }

    /// Each stage as a batch with the identities of its data, for
    /// `BatchUpdateValidator.replayViolations(from:to:steps:)`. Empty for a
    /// ``reloadsEverything`` plan.
    public func replaySteps<S, R>() -> [BatchReplayStep<S, R>] where Data == Box<S, R> {
        guard !reloadsEverything else { return [] }
        return stages.map {
            BatchReplayStep(update: $0.batchUpdate, afterState: $0.data.replayState(incomparableContent: ReplayMarkers.target))
        }
    }

    /// Every UIKit batch rule this changeset breaks when applied to a view
    /// showing `source`: the shape checks of
    /// `BatchUpdateValidator.validate(before:steps:)` and the identity
    /// replay of `replayViolations(from:to:steps:)` (the result must be the
    /// last stage's data, each changed row and section refreshed exactly
    /// once). Empty for a valid changeset and for a ``reloadsEverything``
    /// plan.
    ///
    /// ```swift
    /// let changeset = try StagedChangeset(source: old, target: new)
    /// changeset.violations(from: old)   // []
    /// ```
    /// - Complexity: O(rows + calls) per stage, plus hashing.
    public func violations<S, R>(
        from source: Box<S, R>, validator: BatchUpdateValidator = BatchUpdateValidator(flavor: .tableView)
    ) -> [BatchViolation] where Data == Box<S, R> {
        guard !reloadsEverything, let last = stages.last else { return [] }
        let before = source.replayState(incomparableContent: ReplayMarkers.source)
        let target = last.data.replayState(incomparableContent: ReplayMarkers.target)
        return validator.violations(from: before, to: target, steps: replaySteps())
    }
}
