import BoxDiff

/// Content numbers for sectioned data of the caller's own types, shared by
/// every state of one replay check: two sections (or two elements) with the
/// same `differenceIdentifier` get the same number exactly when
/// `isContentEqual(to:)` says their contents are equal.
///
/// The replay compares contents only between a row and rows with its own
/// identity (and sections likewise), so numbering per identity is enough;
/// it keeps the check linear, where numbering by content alone would
/// compare every distinct content with every other (these values have no
/// content hash).
/// - Complexity: one dictionary lookup per section and element, plus one
///   `isContentEqual(to:)` per earlier distinct content of its identity
///   (usually one or two).
final class SectionedContentNumbering<SectionType: DifferentiableSection> {
    typealias Element = SectionType.Collection.Element
    typealias State = BatchReplayState<SectionType.DifferenceIdentifier, Element.DifferenceIdentifier>

    private var sections: ContentNumberer.Filed<SectionType.DifferenceIdentifier, SectionType> = HashBuckets()
    private var rows: ContentNumberer.Filed<Element.DifferenceIdentifier, Element> = HashBuckets()
    private var numberer = ContentNumberer()

    /// The replay state of `data`: ids and numbered contents.
    func state<Data: Collection>(of data: Data) -> State where Data.Element == SectionType {
        var states: [State.Section] = []
        states.reserveCapacity(data.count)
        for section in data {
            var rowStates: [State.Row] = []
            rowStates.reserveCapacity(section.elements.count)
            for element in section.elements {
                let id = element.differenceIdentifier
                rowStates.append(State.Row(id: id, content: number(element, id: id, in: &rows)))
            }
            let id = section.differenceIdentifier
            states.append(State.Section(id: id, content: number(section, id: id, in: &sections), rows: rowStates))
        }
        return State(sections: states)
    }

    /// The number of `value`, whose identity is `id`: that of the first
    /// earlier value of this identity it is content-equal to, or a new one.
    private func number<Value: Differentiable>(
        _ value: Value, id: Value.DifferenceIdentifier,
        in seen: inout ContentNumberer.Filed<Value.DifferenceIdentifier, Value>
    ) -> Int {
        numberer.number(value, key: id, in: &seen) { $0.isContentEqual(to: $1) }
    }
}

extension StagedChangeset where Data: RangeReplaceableCollection, Data.Element: DifferentiableSection {
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
    /// - Complexity: O(sections + elements + calls) per stage.
    public func violations(
        from source: Data, validator: BatchUpdateValidator = BatchUpdateValidator(flavor: .tableView)
    ) -> [BatchViolation] {
        guard !reloadsEverything, !stages.isEmpty else { return [] }
        let numbering = SectionedContentNumbering<Data.Element>()
        let before = numbering.state(of: source)
        let steps = stages.map { BatchReplayStep(update: $0.batchUpdate, afterState: numbering.state(of: $0.data)) }
        guard let target = steps.last?.afterState else { return [] }
        return validator.violations(from: before, to: target, steps: steps)
    }

    /// This sectioned changeset, after checking it against UIKit's
    /// batch-update rules for a view showing `source`
    /// (`violations(from:validator:)`). A debugging aid, for tests and
    /// debug builds.
    ///
    /// ```swift
    /// let changeset = try StagedChangeset(source: old, target: new).validated(from: old)
    /// ```
    /// - Throws: ``InvalidChangesetError`` naming every broken rule.
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
