extension StagedChangeset where Data: RangeReplaceableCollection, Data.Element: DifferentiableSection {
    /// Diffs two sectioned lists of your own types (``ArraySection``s, or
    /// any ``DifferentiableSection``) into the stages UIKit's batch updates
    /// accept, as DifferenceKit's sectioned `StagedChangeset` does.
    ///
    /// Sections are paired by their `differenceIdentifier`, elements by
    /// theirs over all sections at once (an element can move to another
    /// section). A paired element is updated when
    /// `new.isContentEqual(to: old)` is false, a paired section (its
    /// header, for an ``ArraySection`` its model) likewise: a change that
    /// `isContentEqual(to:)` ignores is not an update.
    ///
    /// The engine is the Box diff's (``init(source:target:options:workspace:)``
    /// for `Box`), run on the sections' flat form (no Box is built): the
    /// same stages (row updates; section and row deletes;
    /// section inserts and moves; row inserts and moves; reconfigures;
    /// section updates), minimal moves, single-batch mode and reload
    /// threshold. Each stage's `data` is the list as it stands after the
    /// stage, sections rebuilt with `init(source:elements:)`; the last
    /// stage's data is `target`.
    ///
    /// ```swift
    /// let old = [ArraySection(model: "A", elements: [1, 2]), ArraySection(model: "B", elements: [3])]
    /// let new = [ArraySection(model: "B", elements: [3, 1]), ArraySection(model: "A", elements: [2])]
    /// let changeset = try StagedChangeset(source: old, target: new)
    /// // stage 1 moves section 0 to 1; stage 2 moves element 1 from [1, 0]
    /// // (its section's index after stage 1) to [0, 1]
    /// ```
    ///
    /// To check the result against UIKit's batch rules, see
    /// `violations(from:)` and `validated(from:)` in BoxDiffValidation.
    ///
    /// - Parameters:
    ///   - source: The sections the view shows now.
    ///   - target: The sections to show.
    ///   - options: Algorithm, duplicate policy, update style, mode, reload
    ///     threshold.
    ///   - workspace: Reusable scratch memory (if `nil`, a spare one: see
    ///     ``DiffWorkspace``).
    /// - Throws: ``DiffError/duplicateIdentifier(_:side:location:firstLocation:)``
    ///   with ``DuplicatePolicy/reject``; ``DiffError/outOfMemory``;
    ///   ``DiffError/tooLarge(count:limit:)``.
    /// - Complexity: O(sections + elements) expected with Heckel, plus
    ///   O(k log k) for the k paired elements' moves; one
    ///   `isContentEqual(to:)` per paired element and section.
    @inlinable
    public init(
        source: Data, target: Data, options: DiffOptions = DiffOptions(), workspace: DiffWorkspace? = nil
    ) throws(DiffError) {
        self = try Self.sectioned(
            source: source, target: target, options: options, workspace: workspace, cancellation: NeverCancelled())
    }

    /// The sectioned diff of ``init(source:target:options:workspace:)``,
    /// checking `cancellation` after making each side (``SectionedSide``),
    /// after pairing the elements and then every 16,384 old elements while
    /// comparing them (`isContentEqual(to:)`), after the matching, after the
    /// plan and, in staged mode unless the plan reloads everything, before
    /// each of the first five stages: 10 checks for a small staged diff, 5
    /// when it reloads everything or runs in one batch. Throws
    /// ``DiffError/cancelled`` when it stops.
    @inlinable
    static func sectioned<C: DiffCancellation>(
        source: Data, target: Data, options: DiffOptions, workspace: DiffWorkspace?, cancellation: C
    ) throws(DiffError) -> StagedChangeset {
        // Each side in the flat form the Box engine reads, straight from
        // the sections (no Box); then the Box engine's matching and plans.
        let old = SectionedSide(source)
        try cancellation.check()
        let new = SectionedSide(target)
        try cancellation.check()
        let ws = try DiffWorkspace.forDiff(workspace) {
            old.sections.count &+ old.elements.count &+ new.sections.count &+ new.elements.count
        }
        cancellation.watch(true, in: ws)
        // The sides' ids in all, once both are hashed (a spare workspace
        // is kept only after a small diff).
        var elements = Int.max
        defer {
            cancellation.watch(false, in: ws)
            ws.finishDiff(elements: elements)
        }
        let matching = try BoxMatching(
            sectioned: old, new, options: options, workspace: ws, cancellation: cancellation)
        elements =
            matching.old.sectionCount &+ matching.old.rowCount &+ matching.new.sectionCount &+ matching.new.rowCount
        try cancellation.check()
        let isMinimal = matching.isMinimal
        let threshold = options.changeCountAllowed
        switch options.mode {
        case .staged:
            let plan = try BoxStagedPlan(matching, style: options.updateStyle, workspace: ws)
            try cancellation.check()
            if matching.exceeds(threshold, plan.update, sectionsAtOldIndices: false) {
                return StagedChangeset([Changeset(data: target)], reloadsEverything: true, isMinimal: isMinimal)
            }
            return StagedChangeset(
                try SectionedDiff.stages(
                    plan, matching, source: old, target: target, targetSide: new, cancellation: cancellation),
                isMinimal: isMinimal)
        case .singleBatch:
            // One stage, whose data is the target.
            let plan = try BoxSingleBatchPlan(matching, style: options.updateStyle, workspace: ws)
            try cancellation.check()
            if matching.exceeds(threshold, plan.update, sectionsAtOldIndices: true) {
                return StagedChangeset([Changeset(data: target)], reloadsEverything: true, isMinimal: isMinimal)
            }
            let update = plan.update
            return StagedChangeset(
                update.hasChanges ? [Changeset(data: target, batchUpdate: update)] : [], isMinimal: isMinimal)
        }
    }
}

extension StagedChangeset {
    /// Diffs two collections of sections that are not
    /// `RangeReplaceableCollection`s (a lazy map, a dictionary's values)
    /// as sections, into array data: without this initializer such
    /// collections took the flat one for any `Collection` and their
    /// sections were diffed as the rows of one section, in a changeset of
    /// the same type as a sectioned one.
    ///
    /// - Parameters:
    ///   - source: The sections the view shows now.
    ///   - target: The sections to show.
    ///   - options: As for arrays of sections.
    ///   - workspace: Reusable scratch memory (if `nil`, a spare one: see
    ///     ``DiffWorkspace``).
    /// - Throws: As the initializer for arrays of sections does.
    @inlinable
    public init<C: Collection>(
        source: C, target: C, options: DiffOptions = DiffOptions(), workspace: DiffWorkspace? = nil
    ) throws(DiffError) where C.Element: DifferentiableSection, Data == [C.Element] {
        self = try StagedChangeset<[C.Element]>(
            source: Array(source), target: Array(target), options: options, workspace: workspace)
    }
}
