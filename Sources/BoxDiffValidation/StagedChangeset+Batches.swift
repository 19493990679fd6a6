import BoxDiff

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
    /// - Important: contents are compared by their 64-bit hashes alone:
    ///   two contents with one hash count as equal, so a batch that misses
    ///   their update passes the replay. That happens for a value whose
    ///   `hash(into:)` covers part of it, and for strings and bytes chosen
    ///   to share one XXH3 (unseeded). To check a changeset by `==`, use
    ///   ``StagedChangeset/replaySteps(from:)`` (or `violations(from:validator:)`).
    /// - Complexity: O(sections + rows), using the cached identity table.
    public func replayState(incomparableContent: Int = 0) -> BatchReplayState<SectionID, RowID> {
        replayState(incomparableContent: incomparableContent, numbering: nil)
    }

    /// ``replayState(incomparableContent:)`` with contents numbered by
    /// `numbering` (by `==`, shared with the other states of one check:
    /// ``ContentNumbering``, or occurrences, ``ComponentOccurrences``)
    /// instead of by their hashes.
    func replayState(
        incomparableContent: Int, numbering: (any ComponentContents)?
    ) -> BatchReplayState<SectionID, RowID> {
        let table = identityTable
        func content(_ hash: UInt64, _ component: @autoclosure () -> Component) -> Int {
            if hash == 0 { return incomparableContent }
            guard let numbering else { return Int(truncatingIfNeeded: hash) }
            return numbering.number(hash, component())
        }
        func content(_ hash: UInt64, _ section: Section<SectionID, RowID>) -> Int {
            if hash == 0 { return incomparableContent }
            guard let numbering else { return Int(truncatingIfNeeded: hash) }
            return numbering.number(hash, section.header, section.footer)
        }
        var states: [BatchReplayState<SectionID, RowID>.Section] = []
        states.reserveCapacity(sections.count)
        for (s, section) in sections.enumerated() {
            let start = table.rowStart(ofSection: s)
            var rows: [BatchReplayState<SectionID, RowID>.Row] = []
            rows.reserveCapacity(section.rows.count)
            for (r, row) in section.rows.enumerated() {
                rows.append(
                    BatchReplayState.Row(id: row.id, content: content(table.rowContent(at: start + r), row.component)))
            }
            states.append(
                BatchReplayState.Section(
                    id: section.id, content: content(table.sectionContent(at: s), section), rows: rows))
        }
        return BatchReplayState(sections: states)
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
    /// Empty for a `reloadsEverything` plan, which is not a batch.
    public func batchSteps<S, R>() -> [BatchStep] where Data == Box<S, R> {
        guard !reloadsEverything else { return [] }
        return stages.map { BatchStep(update: $0.batchUpdate, after: $0.data.sections.map(\.rows.count)) }
    }

    /// Each stage as a batch with the identities of its data, for
    /// `BatchUpdateValidator.replayViolations(from:to:steps:)`. Empty for a
    /// `reloadsEverything` plan.
    ///
    /// - Important: contents are their 64-bit hashes, as in
    ///   ``Box/replayState(incomparableContent:)``: equal hashes count as
    ///   equal contents. ``replaySteps(from:)`` compares them by `==`.
    public func replaySteps<S, R>() -> [BatchReplayStep<S, R>] where Data == Box<S, R> {
        replaySteps(numbering: nil)
    }

    /// The replay check's inputs for a view showing `source`: its state
    /// (`before`) and each stage as a batch with its data's state, all with
    /// contents numbered by `==` across the states (a component whose hash
    /// stayed while its value changed counts as changed), which
    /// `violations(from:validator:)` answers as (it compares contents only
    /// where the replay needs them). Pass them to
    /// `BatchUpdateValidator.violations(from:to:steps:)` with the last
    /// step's state as the target. `steps` is empty for a
    /// `reloadsEverything` plan.
    /// - Complexity: O(rows) per stage, plus one `==` per content compared
    ///   with an earlier one of the same hashes: quadratic in the different
    ///   values that share one hash (a `Hashable` whose `hash(into:)` covers
    ///   only part of the value), which `violations(from:validator:)` is not.
    public func replaySteps<S, R>(
        from source: Box<S, R>
    ) -> (before: BatchReplayState<S, R>, steps: [BatchReplayStep<S, R>]) where Data == Box<S, R> {
        let numbering = ContentNumbering()
        let steps: [BatchReplayStep<S, R>] = replaySteps(numbering: numbering)
        let before = source.replayState(incomparableContent: ReplayMarkers.source, numbering: numbering)
        return (before, steps)
    }

    /// ``replaySteps()`` with contents given by `numbering`: numbers
    /// (``ContentNumbering``) or occurrences (``ComponentOccurrences``).
    func replaySteps<S, R>(numbering: (any ComponentContents)?) -> [BatchReplayStep<S, R>] where Data == Box<S, R> {
        guard !reloadsEverything else { return [] }
        return stages.map {
            BatchReplayStep(
                update: $0.batchUpdate,
                afterState: $0.data.replayState(incomparableContent: ReplayMarkers.target, numbering: numbering))
        }
    }

    /// Every UIKit batch rule this changeset breaks when applied to a view
    /// showing `source`: the shape checks of
    /// `BatchUpdateValidator.validate(before:steps:)` and the identity
    /// replay of `replayViolations(from:to:steps:)` (the result must be the
    /// last stage's data, each changed row and section refreshed exactly
    /// once). Empty for a valid changeset and for a `reloadsEverything`
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
        // Contents compared by `==` (as occurrences, only where the replay
        // compares two), so a component whose hash stayed while its value
        // changed counts as changed. Filed as `replaySteps(from:)` numbers
        // them: the stages, then the source.
        let occurrences = ComponentOccurrences()
        let steps: [BatchReplayStep<S, R>] = replaySteps(numbering: occurrences)
        let before = source.replayState(incomparableContent: ReplayMarkers.source, numbering: occurrences)
        // The last stage's data is the target: the same state, compared once.
        guard let target = steps.last?.afterState else { return [] }
        return validator.violations(from: before, to: target, steps: steps, contents: occurrences.equality)
    }
}
