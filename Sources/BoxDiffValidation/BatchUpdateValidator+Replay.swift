import BoxDiff

extension BatchUpdateValidator {
    /// Replays the batches on real identities and reports where the view
    /// would end up wrong.
    ///
    /// Starting from `before`, each batch is applied the way UIKit applies
    /// it to its cells: deletes by O path, inserts at N paths, moves from O
    /// to N keeping their cell (and so their old content), a reload
    /// replacing the row at its O path `r` with the data source's row at the
    /// `r'` UIKit computes (moves ignored), a section reload likewise, and
    /// reconfigures refreshing the row at an N path after the batch.
    ///
    /// Inserted, reloaded and reconfigured rows take their identity and
    /// content from the step's `afterState`; for the last step without one,
    /// from `target`. A middle step without `afterState` leaves them
    /// unresolved until the next known state, where they take whatever is
    /// at their position. After every step with a known state (the last
    /// one's too, when it is not `target` itself), identities are compared
    /// (a mismatch stops the replay, since later steps would only repeat
    /// it); at the end, identities and contents are compared with `target`.
    ///
    /// Reported: `replayMismatch` (wrong sections or rows), `missedUpdate`
    /// (a row or section whose content changed and that no batch deleted,
    /// inserted, reloaded or reconfigured), `reloadOfUnchangedContent` and
    /// `reconfigureOfUnchangedRow` (refreshing a row or section whose
    /// content just before is what it shows in `target`: the one it becomes
    /// in the replay, so duplicate ids are told apart). Structural rules are left to
    /// `validate(before:steps:)`; calls out of range are skipped here.
    ///
    /// ```swift
    /// typealias State = BatchReplayState<Int, String>
    /// let before = State(sections: [.init(id: 0, content: 0, rows: [.init(id: "a", content: 1)])])
    /// let after = State(sections: [.init(id: 0, content: 0, rows: [.init(id: "a", content: 2)])])
    /// let reload = BatchUpdate(elementUpdated: [ElementPath(section: 0, row: 0)])
    /// BatchUpdateValidator().replayViolations(
    ///     from: before, to: after, steps: [BatchReplayStep(update: reload, afterState: after)]
    /// )   // []
    /// ```
    ///
    /// - Complexity: O(sections + calls) per step, plus the rows of the
    ///   sections its calls touch and, for a step whose state is known, the
    ///   rows of that state; plus hashing. A section no call touches is
    ///   carried over as it is, not walked. The rows laid out in all (those
    ///   of touched sections, reconfigures included, and the unknown rows
    ///   of sections inserted or reloaded) are capped at 4,000,000 plus 16 per value of the input
    ///   (rows of the states, calls, shapes' sections): steps of shapes
    ///   alone, each touching a long section or inserting one, could
    ///   otherwise lay out steps × rows from steps + rows values. Past the
    ///   cap the replay stops with a `replayMismatch` ("cannot replay:
    ///   ..."); steps whose states are given never reach it.
    public func replayViolations<SectionID: Hashable, RowID: Hashable>(
        from before: BatchReplayState<SectionID, RowID>,
        to target: BatchReplayState<SectionID, RowID>,
        steps: [BatchReplayStep<SectionID, RowID>]
    ) -> [BatchViolation] {
        Self.ordered(replay(from: before, to: target, steps: steps).violations)
    }

    /// The replay behind `replayViolations(from:to:steps:)`: its violations
    /// in the order found, and the reloads that landed where the data source
    /// has their row or section. `contents` compares the states' contents.
    func replay<SectionID: Hashable, RowID: Hashable>(
        from before: BatchReplayState<SectionID, RowID>,
        to target: BatchReplayState<SectionID, RowID>,
        steps: [BatchReplayStep<SectionID, RowID>],
        contents: ContentEquality = .numbers
    ) -> BatchReplay<SectionID, RowID> {
        var inputSize = 0
        for step in steps {
            inputSize &+= step.update.changeCount &+ step.step.after.count
            if let state = step.afterState {
                for section in state.sections { inputSize &+= 1 &+ section.rows.count }
            }
        }
        var replay = BatchReplay(
            messages: messages, before: before, target: target, inputSize: inputSize, contents: contents)
        var screen = BatchReplay.screen(before)
        for (index, step) in steps.enumerated() {
            let isLast = index == steps.count - 1
            let known = step.afterState ?? (isLast ? target : nil)
            guard
                let next = replay.apply(
                    step.update, to: screen, after: known, afterShape: known?.shape ?? step.step.after,
                    batchIndex: index)
            else {
                replay.reportRefreshes(against: target)
                return replay
            }
            screen = next
            // Every known state is compared; the target, below, with contents.
            if let state = step.afterState, !isLast || state != target,
                !replay.compare(&screen, with: state, batchIndex: index, checkContent: false)
            {
                replay.reportRefreshes(against: target)
                return replay
            }
        }
        _ = replay.compare(&screen, with: target, batchIndex: steps.isEmpty ? nil : steps.count - 1, checkContent: true)
        replay.settleRefreshes(on: screen, against: target)
        replay.reportRefreshes(against: target)
        return replay
    }

    /// `replayViolations(from:to:steps:)` for batches whose intermediate
    /// data is not known: only the last step's result (the target) is.
    public func replayViolations<SectionID: Hashable, RowID: Hashable>(
        from before: BatchReplayState<SectionID, RowID>,
        to target: BatchReplayState<SectionID, RowID>,
        steps: [BatchStep]
    ) -> [BatchViolation] {
        replayViolations(from: before, to: target, steps: steps.map { BatchReplayStep($0) })
    }

    /// Both checks at once: `validate(before:steps:)` on the shapes, then
    /// `replayViolations(from:to:steps:)` on the identities. Empty when
    /// UIKit accepts every batch and the view ends up showing `target`.
    ///
    /// Rule 11 is judged on the identities where the data after the batch
    /// is known: a reload is right when the data source has the reloaded
    /// row (or section) at the target UIKit computes for it, even where the
    /// shapes alone, which assume it stays in the flow of its neighbours,
    /// say it ends up elsewhere (a move in the same batch displacing it).
    public func violations<SectionID: Hashable, RowID: Hashable>(
        from before: BatchReplayState<SectionID, RowID>,
        to target: BatchReplayState<SectionID, RowID>,
        steps: [BatchReplayStep<SectionID, RowID>]
    ) -> [BatchViolation] {
        violations(from: before, to: target, steps: steps, contents: .numbers)
    }

    /// ``violations(from:to:steps:)`` with the states' contents compared by
    /// `contents`.
    func violations<SectionID: Hashable, RowID: Hashable>(
        from before: BatchReplayState<SectionID, RowID>,
        to target: BatchReplayState<SectionID, RowID>,
        steps: [BatchReplayStep<SectionID, RowID>],
        contents: ContentEquality
    ) -> [BatchViolation] {
        let replay = replay(from: before, to: target, steps: steps, contents: contents)
        let structural = validate(before: before.shape, steps: steps.map(\.step)).filter { violation in
            guard violation.rule == .reloadTarget, let batchIndex = violation.batchIndex,
                let section = violation.section
            else { return true }
            let reload = LandedReload(batchIndex: batchIndex, section: section, row: violation.path?.row)
            return !replay.landedReloads.contains(reload)
        }
        return Self.ordered(structural + replay.violations)
    }
}
