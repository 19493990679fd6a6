extension StagedChangeset {
    /// Diffs two Boxes into the stages UIKit's batch updates accept.
    ///
    /// Sections are paired over their ids, rows over all row ids of the Box
    /// at once (a row can move between sections), both in the C core over
    /// the Boxes' cached identity tables; flat indices are then mapped to
    /// section indices and ``ElementPath``s.
    ///
    /// With ``BatchMode/staged`` (the default) the stages are, empty ones
    /// omitted, each carrying its intermediate Box (the last one the
    /// target):
    /// 1. row updates as reloads, old paths (``UpdateStyle/reload``);
    /// 2. section deletes and row deletes, old paths (rows of deleted
    ///    sections are not listed);
    /// 3. section inserts and section moves, no row operation (an inserted
    ///    section arrives with its new rows, not listed);
    /// 4. row inserts and row moves, also across sections: sources are
    ///    paths after stage 3, destinations new paths;
    /// 5. with ``UpdateStyle/reconfigure``: the updated rows as
    ///    `elementReconfigured`, new paths, after the last structural stage;
    /// 6. section updates (header or footer changed) as section reloads,
    ///    new indices.
    ///
    /// Moves are minimal: sections off one longest increasing run of the
    /// surviving sections, and within each section the rows off one
    /// longest increasing run of the rows that stay in it.
    ///
    /// With ``BatchMode/singleBatch``: one stage whose data is the target,
    /// rewritten to satisfy every batch rule (see BoxDiffValidation's batch-update rules article).
    ///
    /// Past ``DiffOptions/reloadThreshold`` changes, the result has
    /// ``reloadsEverything`` set and one stage without calls whose data is
    /// the target: reload the whole view with it.
    ///
    /// ```swift
    /// let old = Box<String, Int>.empty |-+ Section(id: "a") |---+ Node(id: 1, component: "one")
    /// let new = Box<String, Int>.empty |-+ Section(id: "a") |---+ Node(id: 1, component: "uno")
    /// let changeset = try StagedChangeset(source: old, target: new)
    /// changeset[0].elementUpdated   // [[0, 0]]
    /// ```
    ///
    /// - Parameters:
    ///   - source: The Box the view shows now.
    ///   - target: The Box to show.
    ///   - options: Algorithm, duplicate policy, update style, mode, reload
    ///     threshold. (To check the result against UIKit's batch rules, see
    ///     `validated(from:)` in BoxDiffValidation.)
    ///   - workspace: Reusable scratch memory (if `nil`, a spare one: see
    ///     ``DiffWorkspace``).
    /// - Throws: ``DiffError/duplicateIdentifier(_:side:location:firstLocation:)``
    ///   with ``DuplicatePolicy/reject`` (a `.section` or `.row` location);
    ///   ``DiffError/outOfMemory``; ``DiffError/tooLarge(count:limit:)``.
    /// - Complexity: O(sections + rows) expected with Heckel, plus
    ///   O(k log k) for the k paired rows' moves; hashing only the sides
    ///   whose identity table is not cached yet.
    @inlinable
    public init<SectionID, RowID>(
        source: borrowing Box<SectionID, RowID>, target: borrowing Box<SectionID, RowID>,
        options: DiffOptions = DiffOptions(), workspace: DiffWorkspace? = nil
    ) throws(DiffError) where Data == Box<SectionID, RowID> {
        try self.init(source: source, target: target, options: options, workspace: workspace, rowContentChanged: nil)
    }

    /// ``init(source:target:options:workspace:)``, with paired rows
    /// compared by `rowContentChanged(old, new)` (flat row indices of the
    /// source and the target) instead of by their components, when it is
    /// given (rows that share one component, compared as values of the
    /// caller's: the Box route of the sectioned diff, which the tests keep
    /// as the oracle of its direct one, SectionedStageDataOracleTests).
    /// `sectionRebinds`: for a view
    /// that re-binds sections in place (``ListView/reconfiguresSections``),
    /// the sections a re-bind shows (``Section/rebindsInPlace(_:_:)``) are
    /// not updated but written to its list (left as they are when the
    /// diff throws).
    @inlinable
    init<SectionID, RowID>(
        source: borrowing Box<SectionID, RowID>, target: borrowing Box<SectionID, RowID>,
        options: DiffOptions, workspace: DiffWorkspace?, rowContentChanged: ((Int, Int) -> Bool)?,
        sectionRebinds: SectionRebindList? = nil
    ) throws(DiffError) where Data == Box<SectionID, RowID> {
        try self.init(
            source: source, target: target, options: options, workspace: workspace,
            rowContentChanged: rowContentChanged, sectionRebinds: sectionRebinds, cancellation: NeverCancelled())
    }

    /// ``init(source:target:options:workspace:rowContentChanged:sectionRebinds:)``,
    /// checking `cancellation` between the diff's phases: it throws
    /// ``DiffError/cancelled`` once `cancellation` says to stop (a
    /// background render's diff: see ``DiffCancellation``).
    @inlinable
    init<SectionID, RowID, C: DiffCancellation>(
        source: borrowing Box<SectionID, RowID>, target: borrowing Box<SectionID, RowID>,
        options: DiffOptions, workspace: DiffWorkspace?, rowContentChanged: ((Int, Int) -> Bool)?,
        sectionRebinds: SectionRebindList?, cancellation: C
    ) throws(DiffError) where Data == Box<SectionID, RowID> {
        // The Boxes are borrowed: an initializer's parameters are owned by
        // default, so every caller retained both Boxes' storage for the
        // call, atomically, and the initializer released it.
        // A spare workspace when `workspace` is nil or busy with an outer
        // diff (the caller's `==` diffing again): see DiffWorkspace.isBusy.
        let ws = try DiffWorkspace.forDiff(workspace) {
            source.sections.count &+ source.rowCount &+ target.sections.count &+ target.rowCount
        }
        cancellation.watch(true, in: ws)
        // The Boxes' ids in all, once both are hashed (a spare workspace is
        // kept only after a small diff).
        var elements = Int.max
        defer {
            cancellation.watch(false, in: ws)
            ws.finishDiff(elements: elements)
        }
        let matching = try BoxMatching(
            source: source, target: target, options: options, workspace: ws, rowContentChanged: rowContentChanged,
            rebindsSections: sectionRebinds != nil, cancellation: cancellation)
        elements =
            matching.old.sectionCount &+ matching.old.rowCount &+ matching.new.sectionCount &+ matching.new.rowCount
        try cancellation.check()
        let threshold = options.changeCountAllowed
        let isMinimal = matching.isMinimal
        switch options.mode {
        case .staged:
            let plan = try BoxStagedPlan(matching, style: options.updateStyle, workspace: ws)
            try cancellation.check()
            if matching.exceeds(threshold, plan.update, sectionsAtOldIndices: false) {
                self = .reloadingEverything(target, isMinimal: isMinimal)
            } else {
                self = StagedChangeset(
                    try plan.stages(
                        matching, source: source, target: target, keepsSourceHeaders: rowContentChanged != nil,
                        cancellation: cancellation),
                    isMinimal: isMinimal)
            }
        case .singleBatch:
            let plan = try BoxSingleBatchPlan(matching, style: options.updateStyle, workspace: ws)
            try cancellation.check()
            if matching.exceeds(threshold, plan.update, sectionsAtOldIndices: true) {
                self = .reloadingEverything(target, isMinimal: isMinimal)
            } else {
                self = StagedChangeset(plan.stage(target: target).map { [$0] } ?? [], isMinimal: isMinimal)
            }
        }
        if let sectionRebinds {
            noteSectionRebinds(matching, target: target, singleBatch: options.mode == .singleBatch, in: sectionRebinds)
        }
    }

    /// Writes `matching`'s section re-binds to `list` (none when this
    /// changeset reloads everything); when they are all that changed, a
    /// stage without calls (its data `target`) carries them. Out of line:
    /// only a renderer's diffs for a view that re-binds sections come here.
    @usableFromInline
    mutating func noteSectionRebinds<S, R>(
        _ matching: borrowing BoxMatching, target: borrowing Box<S, R>, singleBatch: Bool, in list: SectionRebindList
    ) where Data == Box<S, R> {
        list.rebinds = reloadsEverything ? [] : matching.sectionRebinds(in: stages, singleBatch: singleBatch)
        if stages.isEmpty && !list.rebinds.isEmpty { stages = [Changeset(data: copy target)] }
    }

    /// A plan to reload everything: one stage without calls whose data is
    /// `target`.
    @inlinable
    static func reloadingEverything<S, R>(_ target: Box<S, R>, isMinimal: Bool) -> StagedChangeset
    where Data == Box<S, R> {
        StagedChangeset([Changeset(data: target)], reloadsEverything: true, isMinimal: isMinimal)
    }
}
