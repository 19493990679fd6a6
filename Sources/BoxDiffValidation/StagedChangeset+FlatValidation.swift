import BoxDiff

/// Content numbers for flat elements that follow `isContentEqual(to:)`,
/// shared by every state of one replay check: among elements with the same
/// `differenceIdentifier`, content-equal elements get equal numbers and the
/// others different ones (elements with different identities are never
/// compared). For the public ``StagedChangeset/replaySteps()``, whose
/// contents must be numbers; the check itself
/// (``StagedChangeset/violations(from:section:validator:)``) files occurrences
/// instead (``ContentOccurrences``).
///
/// - Complexity: one dictionary lookup per element, plus one
///   `isContentEqual(to:)` per earlier distinct content of the same id
///   (quadratic in the occurrences of one id with distinct contents).
final class FlatContentNumbering<Element: Differentiable> {
    /// Per identity, the distinct contents seen and their numbers.
    private var seen: ContentNumberer.Filed<Element.DifferenceIdentifier, Element> = HashBuckets()
    private var numberer = ContentNumberer()

    /// The content number of `element`.
    func number(_ element: Element) -> Int {
        numberer.number(element, key: element.differenceIdentifier, in: &seen) { $0.isContentEqual(to: $1) }
    }
}

/// The contents of flat elements as occurrences, for one replay check.
typealias FlatContentOccurrences<Element: Differentiable> = ContentOccurrences<Element, Element.DifferenceIdentifier>

extension ContentOccurrences where Value: Differentiable, ID == Value.DifferenceIdentifier {
    /// An empty list comparing contents by `isContentEqual(to:)`.
    convenience init() {
        self.init { $0.isContentEqual(to: $1) }
    }

    /// The occurrence of `element`, filed under its `differenceIdentifier`.
    func occurrence(of element: Value) -> Int {
        occurrence(of: element, id: element.differenceIdentifier)
    }
}

extension Collection where Element: Differentiable {
    /// This flat list as the replay check reads it: one section (id 0,
    /// content 0) whose rows are the elements, identified by
    /// `differenceIdentifier`, their contents given by `content`; with
    /// `section` above 0, that section (id `section`) after `section`
    /// empty ones (ids 0 up), so that a view's section `section` holds it.
    func flatReplayState(
        content: (Element) -> Int, section: Int = 0
    ) -> BatchReplayState<Int, Element.DifferenceIdentifier> {
        typealias State = BatchReplayState<Int, Element.DifferenceIdentifier>
        let rows = map { State.Row(id: $0.differenceIdentifier, content: content($0)) }
        let empty = (0..<Swift.max(0, section)).map { State.Section(id: $0, content: 0, rows: []) }
        return State(sections: empty + [State.Section(id: Swift.max(0, section), content: 0, rows: rows)])
    }
}

extension StagedChangeset where Data: Collection, Data.Element: Differentiable {
    /// Each stage as a batch with the shape of its data: one section of
    /// `data.count` rows. Empty for a `reloadsEverything`
    /// plan, which is not a batch.
    public func batchSteps() -> [BatchStep] {
        guard !reloadsEverything else { return [] }
        return stages.map { BatchStep(update: $0.batchUpdate, after: [$0.data.count]) }
    }

    /// Each stage as a batch with the identities of its data, for
    /// `BatchUpdateValidator.replayViolations(from:to:steps:)`: one section
    /// (id 0, content 0) whose rows are the elements, with
    /// `differenceIdentifier` as row id and contents numbered by
    /// `isContentEqual(to:)` among the elements of the same id. Empty for a
    /// `reloadsEverything` plan.
    public func replaySteps() -> [BatchReplayStep<Int, Data.Element.DifferenceIdentifier>] {
        let numbering = FlatContentNumbering<Data.Element>()
        return replaySteps(content: numbering.number)
    }

    /// ``replaySteps()`` with contents given by `content`, the list in
    /// section `section` (see `flatReplayState(content:section:)`).
    func replaySteps(
        content: (Data.Element) -> Int, section: Int = 0
    ) -> [BatchReplayStep<Int, Data.Element.DifferenceIdentifier>] {
        guard !reloadsEverything else { return [] }
        return stages.map {
            BatchReplayStep(
                update: $0.batchUpdate, afterState: $0.data.flatReplayState(content: content, section: section))
        }
    }

    /// The largest section of a flat list that the validator lays out
    /// with empty sections before it, so that its findings name the
    /// changeset's own paths; past it, the list's paths are read as
    /// section 0's (each stage lays out every section before the list's).
    static var paddedSectionLimit: Int { 4096 }

    /// Every UIKit batch rule this flat changeset breaks when applied to a
    /// view showing `source` in its one section, `section` (0 unless the
    /// changeset was made with `StagedChangeset(source:target:section:)`
    /// for another: give the same index; a path in any other section is
    /// out of range): the shape
    /// checks of `BatchUpdateValidator.validate(before:steps:)` and the
    /// identity replay of `replayViolations(from:to:steps:)`, with
    /// `differenceIdentifier` as row id and `isContentEqual(to:)` deciding
    /// which contents changed (the result must be the last stage's data,
    /// each changed element refreshed exactly once). Empty for a valid
    /// changeset and for a `reloadsEverything`
    /// plan. The findings name the changeset's own sections and paths
    /// (`section` empty sections before the list's; for a `section` past
    /// 4,096 or below 0, the list's calls are read, and named, as section
    /// 0's).
    ///
    /// ```swift
    /// let changeset = try StagedChangeset(source: ["a", "b"], target: ["b", "c"])
    /// changeset.violations(from: ["a", "b"])   // []
    /// ```
    /// - Complexity: O(elements + calls) per stage, plus hashing the ids:
    ///   contents are compared only where the replay compares two rows of
    ///   the same id, whatever the duplicates.
    public func violations(
        from source: Data, section: Int = 0,
        validator: BatchUpdateValidator = BatchUpdateValidator(flavor: .tableView)
    ) -> [BatchViolation] {
        guard section >= 0 && section <= Self.paddedSectionLimit else {
            // Read as section 0 of the one-section model: `section`'s paths
            // and section 0's trade places, so a path outside `section`
            // stays out of range.
            var swapped = self
            for k in swapped.stages.indices {
                swapped.stages[k].batchUpdate.swapElementSections(0, section)
            }
            return swapped.violations(from: source, validator: validator)
        }
        // The list in section `section`, after empty ones, so that a
        // finding names the changeset's own sections and paths (read as
        // section 0, a deleted row 7 of section 2 was "row 7 from section
        // 0", path [0, 7]).
        let occurrences = FlatContentOccurrences<Data.Element>()
        // The source first, as the numbering filed it (the later of two
        // occurrences is the one asked `isContentEqual(to:)`).
        let before = source.flatReplayState(content: occurrences.occurrence, section: section)
        let steps = replaySteps(content: occurrences.occurrence, section: section)
        guard let target = steps.last?.afterState else { return [] }
        return validator.violations(
            from: before, to: target, steps: steps, contents: ContentEquality(rows: occurrences.equal, sections: ==))
    }

    /// This flat changeset, after checking it against UIKit's batch-update
    /// rules for a view showing `source` in section `section`
    /// (`violations(from:section:validator:)`).
    ///
    /// A debugging aid: it costs a replay of every stage.
    ///
    /// ```swift
    /// let changeset = try StagedChangeset(source: old, target: new).validated(from: old)
    /// ```
    /// - Throws: ``InvalidChangesetError`` naming every broken rule,
    ///   warnings too (calls UIKit accepts, such as a move listed twice:
    ///   ``BatchViolation/severity``).
    /// - Complexity: that of `violations(from:section:validator:)`.
    public func validated(
        from source: Data, section: Int = 0,
        validator: BatchUpdateValidator = BatchUpdateValidator(flavor: .tableView)
    ) throws(InvalidChangesetError) -> StagedChangeset {
        try checked(violations(from: source, section: section, validator: validator))
    }

    /// `validated(from:section:validator:)` that stops the program instead
    /// of throwing: a fatal error naming every broken rule, in every build
    /// configuration.
    ///
    /// ```swift
    /// let changeset = try StagedChangeset(source: old, target: new).validatedOrTrap(from: old)
    /// ```
    /// - Complexity: that of `violations(from:section:validator:)`.
    public func validatedOrTrap(
        from source: Data, section: Int = 0,
        validator: BatchUpdateValidator = BatchUpdateValidator(flavor: .tableView),
        file: StaticString = #file, line: UInt = #line
    ) -> StagedChangeset {
        checkedOrTrap(violations(from: source, section: section, validator: validator), file: file, line: line)
    }
}

extension BatchUpdate {
    /// The row calls' paths in section `a` moved to section `b` and those
    /// in `b` to `a` (section calls unchanged).
    mutating func swapElementSections(_ a: Int, _ b: Int) {
        func swap(_ p: ElementPath) -> ElementPath {
            p.section == a
                ? ElementPath(section: b, row: p.row) : p.section == b ? ElementPath(section: a, row: p.row) : p
        }
        elementDeleted = elementDeleted.map(swap)
        elementInserted = elementInserted.map(swap)
        elementUpdated = elementUpdated.map(swap)
        elementReconfigured = elementReconfigured.map(swap)
        elementMoved = elementMoved.map { Move(source: swap($0.source), destination: swap($0.destination)) }
    }
}
