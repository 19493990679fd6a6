extension StagedChangeset where Data: RangeReplaceableCollection, Data.Element: Differentiable {
    /// Diffs two collections of the same type, keeping that type for the
    /// stages' data, as DifferenceKit's `StagedChangeset<Collection>` does:
    /// a diff of `ContiguousArray`s or `ArraySlice`s has `ContiguousArray`
    /// or `ArraySlice` data.
    ///
    /// The elements are copied into arrays and diffed as arrays are; each
    /// stage's data is then rebuilt as a `Data`, whose indices start at
    /// its own `startIndex` (an `ArraySlice`'s data starts at 0, whatever
    /// the source slice's indices were). Every ``ElementPath`` counts
    /// positions from the start of the collection (offsets, not the
    /// collection's own indices), as UIKit's rows do.
    ///
    /// ```swift
    /// let old: ContiguousArray = ["a", "b", "c"]
    /// let new: ContiguousArray = ["c", "a", "b"]
    /// let changeset = try StagedChangeset(source: old, target: new)   // StagedChangeset<ContiguousArray<String>>
    /// ```
    ///
    /// - Parameters:
    ///   - source: The old collection.
    ///   - target: The new collection.
    ///   - options: As for arrays: algorithm, duplicate policy, update
    ///     style, batch mode, reload threshold.
    ///   - workspace: Reusable scratch memory (if `nil`, a spare one: see
    ///     ``DiffWorkspace``).
    /// - Throws: As the array initializer does.
    /// - Complexity: That of the array initializer, plus a copy of both
    ///   collections and of every stage's data.
    @inlinable
    public init(
        source: Data, target: Data, options: DiffOptions = DiffOptions(), workspace: DiffWorkspace? = nil
    ) throws(DiffError) {
        let flat = try FlatStaging.changeset(
            source: Array(source), target: Array(target), options: options, workspace: workspace)
        // Arrays (this initializer is also the one Swift picks for them)
        // are used as they are; the cast folds away once specialized.
        if let same = flat as? StagedChangeset<Data> {
            self = same
            return
        }
        self.init(
            flat.stages.map { Changeset(data: Data($0.data), batchUpdate: $0.batchUpdate) },
            reloadsEverything: flat.reloadsEverything, isMinimal: flat.isMinimal)
    }
}

extension StagedChangeset {
    /// Diffs any two collections of the same type whose elements are
    /// ``Differentiable`` (a `Range`, a lazy map, a dictionary's values):
    /// the stages' data are arrays. A `RangeReplaceableCollection` keeps
    /// its own type instead (the initializer above) unless the result is
    /// asked for as `StagedChangeset<[Element]>`.
    ///
    /// ```swift
    /// let changeset: StagedChangeset<[Int]> = try StagedChangeset(source: 0..<4, target: 1..<5)
    /// ```
    ///
    /// - Parameters:
    ///   - source: The old collection.
    ///   - target: The new collection.
    ///   - options: As for arrays.
    ///   - workspace: Reusable scratch memory (if `nil`, a spare one: see
    ///     ``DiffWorkspace``).
    /// - Throws: As the array initializer does.
    /// - Complexity: That of the array initializer, plus a copy of both
    ///   collections.
    @inlinable
    public init<C: Collection>(
        source: C, target: C, options: DiffOptions = DiffOptions(), workspace: DiffWorkspace? = nil
    ) throws(DiffError) where C.Element: Differentiable, Data == [C.Element] {
        self = try FlatStaging.changeset(
            source: Array(source), target: Array(target), options: options, workspace: workspace)
    }
}

extension StagedChangeset where Data: RangeReplaceableCollection, Data.Element: Differentiable {
    /// Diffs two collections shown as section `section` of a view
    /// (DifferenceKit's `StagedChangeset(source:target:section:)`): the
    /// flat diff, with `section` in every ``ElementPath`` instead of 0.
    ///
    /// ```swift
    /// let changeset = try StagedChangeset(source: ["a", "b"], target: ["b"], section: 2)
    /// changeset[0].elementDeleted   // [[2, 0]]
    /// ```
    ///
    /// - Parameters:
    ///   - source: The old collection.
    ///   - target: The new collection.
    ///   - section: The section the collection's rows are in; used as
    ///     given (a section the view does not have makes calls it reports).
    ///   - options: As for the initializer without a section.
    ///   - workspace: Reusable scratch memory (if `nil`, a spare one: see
    ///     ``DiffWorkspace``).
    /// - Throws: As the initializer without a section does.
    /// - Complexity: That initializer's, plus one pass over the calls.
    @inlinable
    public init(
        source: Data, target: Data, section: Int, options: DiffOptions = DiffOptions(),
        workspace: DiffWorkspace? = nil
    ) throws(DiffError) {
        try self.init(source: source, target: target, options: options, workspace: workspace)
        guard section != 0 else { return }
        func moved(_ path: ElementPath) -> ElementPath { ElementPath(section: section, row: path.row) }
        for k in stages.indices {
            var update = stages[k].batchUpdate
            update.elementDeleted = update.elementDeleted.map(moved)
            update.elementInserted = update.elementInserted.map(moved)
            update.elementUpdated = update.elementUpdated.map(moved)
            update.elementMoved = update.elementMoved.map {
                Move(source: moved($0.source), destination: moved($0.destination))
            }
            update.elementReconfigured = update.elementReconfigured.map(moved)
            stages[k].batchUpdate = update
        }
    }
}
