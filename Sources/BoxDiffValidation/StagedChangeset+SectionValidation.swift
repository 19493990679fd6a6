import BoxDiff

/// The contents of sectioned data of the caller's own types, shared by
/// every state of one replay check: each section and element is given as
/// its occurrence (``ContentOccurrences``), and two of them compare equal
/// when their `differenceIdentifier`s are equal and `isContentEqual(to:)`
/// says their contents are.
///
/// These values have no content hash: numbering them per identity compared
/// each with every earlier distinct content of its identity, quadratic in
/// the occurrences of one identity with distinct contents (duplicates are
/// allowed). The replay compares contents only between a row and a row of
/// its own identity in the target (and sections likewise), so only those
/// comparisons are made.
/// - Complexity: O(1) per section and element (one hash), and one
///   `isContentEqual(to:)` per comparison the replay makes.
final class SectionedContentOccurrences<SectionType: DifferentiableSection> {
    typealias Element = SectionType.Collection.Element
    typealias State = BatchReplayState<SectionType.DifferenceIdentifier, Element.DifferenceIdentifier>

    private let sections = ContentOccurrences<SectionType, SectionType.DifferenceIdentifier>()
    private let rows = ContentOccurrences<Element, Element.DifferenceIdentifier>()

    /// How the replay compares the contents of the states made here.
    var equality: ContentEquality { ContentEquality(rows: rows.equal, sections: sections.equal) }

    /// The replay state of `data`: ids and the occurrences of contents.
    func state<Data: Collection>(of data: Data) -> State where Data.Element == SectionType {
        var states: [State.Section] = []
        states.reserveCapacity(data.count)
        for section in data {
            var rowStates: [State.Row] = []
            rowStates.reserveCapacity(section.elements.count)
            for element in section.elements {
                let id = element.differenceIdentifier
                rowStates.append(State.Row(id: id, content: rows.occurrence(of: element, id: id)))
            }
            let id = section.differenceIdentifier
            states.append(
                State.Section(id: id, content: sections.occurrence(of: section, id: id), rows: rowStates))
        }
        return State(sections: states)
    }
}

extension StagedChangeset where Data: RangeReplaceableCollection, Data.Element: DifferentiableSection {
    /// Each stage as a batch with the shape of its data: the number of
    /// elements in each section. Empty for a `reloadsEverything` plan,
    /// which is not a batch.
    public func batchSteps() -> [BatchStep] {
        // A section is itself `Differentiable`: without this method (and
        // `replaySteps()`) the flat one answered, one section of sections.
        guard !reloadsEverything else { return [] }
        return stages.map { BatchStep(update: $0.batchUpdate, after: $0.data.map(\.elements.count)) }
    }

    /// Each stage as a batch with the identities of its data, for
    /// `BatchUpdateValidator.replayViolations(from:to:steps:)`: sections
    /// and elements identified by their `differenceIdentifier`, their
    /// contents numbered by `isContentEqual(to:)` among the sections (or
    /// elements) of the same identity. Empty for a `reloadsEverything`
    /// plan.
    /// - Complexity: one dictionary lookup per section and element, plus
    ///   one `isContentEqual(to:)` per earlier distinct content of the same
    ///   identity (quadratic in the occurrences of one identity with
    ///   distinct contents, as for the flat `replaySteps()`;
    ///   `violations(from:validator:)` is not).
    public func replaySteps() -> [BatchReplayStep<
        Data.Element.DifferenceIdentifier, Data.Element.Collection.Element.DifferenceIdentifier
    >] {
        typealias State = BatchReplayState<
            Data.Element.DifferenceIdentifier, Data.Element.Collection.Element.DifferenceIdentifier
        >
        guard !reloadsEverything else { return [] }
        let sections = FlatContentNumbering<Data.Element>()
        let rows = FlatContentNumbering<Data.Element.Collection.Element>()
        return stages.map { stage in
            let states = stage.data.map { section in
                State.Section(
                    id: section.differenceIdentifier, content: sections.number(section),
                    rows: section.elements.map { .init(id: $0.differenceIdentifier, content: rows.number($0)) })
            }
            return BatchReplayStep(update: stage.batchUpdate, afterState: State(sections: states))
        }
    }

    /// Every UIKit batch rule this sectioned changeset breaks when applied
    /// to a view showing `source`: the shape checks of
    /// `BatchUpdateValidator.validate(before:steps:)` and the identity
    /// replay of `replayViolations(from:to:steps:)` (the result must be the
    /// last stage's data, each changed element and section refreshed
    /// exactly once, "changed" meaning not `isContentEqual(to:)`), as for
    /// a Box changeset. Empty for a valid changeset and for a
    /// `reloadsEverything` plan.
    ///
    /// ```swift
    /// let changeset = try StagedChangeset(source: old, target: new)   // [ArraySection]
    /// changeset.violations(from: old)   // []
    /// ```
    /// - Complexity: O(sections + elements + calls) per stage, whatever the
    ///   duplicates (compared only where the replay compares two rows of one id).
    public func violations(
        from source: Data, validator: BatchUpdateValidator = BatchUpdateValidator(flavor: .tableView)
    ) -> [BatchViolation] {
        guard !reloadsEverything, !stages.isEmpty else { return [] }
        let occurrences = SectionedContentOccurrences<Data.Element>()
        let before = occurrences.state(of: source)
        let steps = stages.map {
            BatchReplayStep(update: $0.batchUpdate, afterState: occurrences.state(of: $0.data))
        }
        guard let target = steps.last?.afterState else { return [] }
        return validator.violations(from: before, to: target, steps: steps, contents: occurrences.equality)
    }

    /// This sectioned changeset, after checking it against UIKit's
    /// batch-update rules for a view showing `source`
    /// (`violations(from:validator:)`). A debugging aid, for tests and
    /// debug builds.
    ///
    /// ```swift
    /// let changeset = try StagedChangeset(source: old, target: new).validated(from: old)
    /// ```
    /// - Throws: ``InvalidChangesetError`` naming every broken rule,
    ///   warnings too (calls UIKit accepts, such as a move listed twice:
    ///   ``BatchViolation/severity``).
    public func validated(
        from source: Data, validator: BatchUpdateValidator = BatchUpdateValidator(flavor: .tableView)
    ) throws(InvalidChangesetError) -> StagedChangeset {
        try checked(violations(from: source, validator: validator))
    }

    /// `validated(from:validator:)` that stops the program with a fatal
    /// error naming every broken rule instead of throwing.
    public func validatedOrTrap(
        from source: Data, validator: BatchUpdateValidator = BatchUpdateValidator(flavor: .tableView),
        file: StaticString = #file, line: UInt = #line
    ) -> StagedChangeset {
        checkedOrTrap(violations(from: source, validator: validator), file: file, line: line)
    }
}
