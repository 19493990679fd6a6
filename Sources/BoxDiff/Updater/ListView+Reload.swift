import Foundation

extension ListView {
    /// Animates a changeset on this view, stage by stage, as DifferenceKit's
    /// `reload(using:interrupt:setData:)` does; works for every changeset
    /// BoxDiff makes (a Box, ``ArraySection``s, a flat collection).
    ///
    /// For each stage, one ``ListView/performBatchUpdates(_:completion:)``
    /// whose block first gives the stage's data to `setData`, then makes
    /// the stage's calls (sections, then items; the order of calls inside a
    /// batch does not matter to UIKit). A stage's reconfigures
    /// (``UpdateStyle/reconfigure``) follow right after its batch, in the
    /// index space after it (before iOS 15, as item reloads).
    ///
    /// Instead of batches, `setData` with the target (the last stage's
    /// data) and ``ListView/reloadData()``, when the changeset
    /// ``StagedChangeset/reloadsEverything``, when the view cannot animate
    /// (``ListView/canAnimateBatchUpdates``, UIKit: not in a window), or
    /// when `interrupt` returns true for the next stage (the stages before
    /// it stay applied). An empty changeset makes no call at all.
    ///
    /// ```swift
    /// let changeset = try StagedChangeset(source: shown, target: next)
    /// collectionView.reload(using: changeset, setData: { shown = $0 }) {
    ///     print("on screen")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - changeset: The changes from the data the view shows to the data
    ///     to show.
    ///   - interrupt: Asked before each stage; `true` abandons the
    ///     animation for a reload of the target (DifferenceKit uses it to
    ///     skip large changesets: `{ $0.changeCount > 100 }`).
    ///   - setData: Stores the data the data source reads, called on the
    ///     main actor before the view reads it (inside each batch).
    ///   - completion: Called exactly once: after the last batch's
    ///     animations end, after the reload, or at once for an empty
    ///     changeset.
    @inlinable
    public func reload<Data>(
        using changeset: StagedChangeset<Data>,
        interrupt: ((Changeset<Data>) -> Bool)? = nil,
        setData: (Data) -> Void,
        completion: (() -> Void)? = nil
    ) {
        // The last stage's data alone (`stages.last?.data` copied the
        // whole stage, its nine call lists retained and released).
        let stageCount = changeset.stages.count
        guard stageCount > 0 else {
            completion?()
            return
        }
        let target = changeset.stages[stageCount - 1].data
        guard !changeset.reloadsEverything, canAnimateBatchUpdates else {
            reloadEverything(with: target, setData: setData, completion: completion)
            return
        }
        withoutActuallyEscaping(setData) { setData in
            // Stages are read in place by index (not copied out one by one,
            // nor captured whole by each batch's closure).
            let stages = changeset.stages
            for index in stages.indices {
                if let interrupt, interrupt(stages[index]) {
                    reloadEverything(with: target, setData: setData, completion: completion)
                    return
                }
                let isLast = index == stages.count - 1
                performBatchUpdates(
                    {
                        setData(stages[index].data)
                        stages.withUnsafeBufferPointer { self.applyCalls(of: $0.baseAddress! + index) }
                    },
                    completion: isLast ? { _ in completion?() } : nil)
                // The stored list itself (not through dynamic member lookup,
                // which would copy the whole batch update).
                if !stages[index].batchUpdate.elementReconfigured.isEmpty {
                    reconfigure(stages[index].batchUpdate.elementReconfigured)
                }
            }
        }
    }

    /// Gives the view `target` without animation.
    @inlinable
    func reloadEverything<Data>(with target: Data, setData: (Data) -> Void, completion: (() -> Void)?) {
        setData(target)
        reloadData()
        completion?()
    }

    /// The calls of one batch, inside `performBatchUpdates`. Reconfigures
    /// are not part of the batch: see `reconfigure(_:)`.
    /// Issues the calls of `stage`'s batch update, read in place through
    /// the pointer (a `BatchUpdate` passed by value was copied, nine
    /// retains and releases per stage).
    @inlinable
    func applyCalls<Data>(of stage: UnsafePointer<Changeset<Data>>) {
        if !stage.pointee.batchUpdate.sectionDeleted.isEmpty {
            deleteSections(IndexSet(stage.pointee.batchUpdate.sectionDeleted))
        }
        if !stage.pointee.batchUpdate.sectionInserted.isEmpty {
            insertSections(IndexSet(stage.pointee.batchUpdate.sectionInserted))
        }
        if !stage.pointee.batchUpdate.sectionUpdated.isEmpty {
            reloadSections(IndexSet(stage.pointee.batchUpdate.sectionUpdated))
        }
        for move in stage.pointee.batchUpdate.sectionMoved {
            moveSection(move.source, toSection: move.destination)
        }
        if !stage.pointee.batchUpdate.elementDeleted.isEmpty {
            deleteItems(at: stage.pointee.batchUpdate.elementDeleted.map(\.indexPath))
        }
        if !stage.pointee.batchUpdate.elementInserted.isEmpty {
            insertItems(at: stage.pointee.batchUpdate.elementInserted.map(\.indexPath))
        }
        if !stage.pointee.batchUpdate.elementUpdated.isEmpty {
            reloadItems(at: stage.pointee.batchUpdate.elementUpdated.map(\.indexPath))
        }
        for move in stage.pointee.batchUpdate.elementMoved {
            moveItem(at: move.source.indexPath, to: move.destination.indexPath)
        }
    }

    /// Refreshes rows after the batch that moved them (paths after it):
    /// reconfigures where the system has them (iOS 15), reloads before.
    @usableFromInline
    func reconfigure(_ paths: [ElementPath]) {
        let indexPaths = paths.map(\.indexPath)
        if #available(iOS 15.0, tvOS 15.0, macCatalyst 15.0, *) {
            reconfigureItems(at: indexPaths)
        } else {
            reloadItems(at: indexPaths)
        }
    }
}
