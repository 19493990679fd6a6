@testable import BoxDiff
@testable import BoxDiffValidation

/// `ElementPath(section:row:)`, short.
func ep(_ section: Int, _ row: Int) -> ElementPath {
    ElementPath(section: section, row: row)
}

/// A row move, short.
func mvRow(_ from: ElementPath, _ to: ElementPath) -> Move<ElementPath> {
    Move(source: from, destination: to)
}

/// A section move, short.
func mvSection(_ from: Int, _ to: Int) -> Move<Int> {
    Move(source: from, destination: to)
}

/// One batch from `before` to `after`, validated.
func validateBatch(
    _ before: [Int], _ update: BatchUpdate, _ after: [Int], flavor: BatchUpdateValidator.Flavor = .tableView
) -> [BatchViolation] {
    BatchUpdateValidator(flavor: flavor).validate(before: before, update: update, after: after)
}

extension Array where Element == BatchViolation {
    /// The distinct rules broken.
    var rules: Set<BatchRule> { Set(map(\.rule)) }

    /// The messages of the violations of `rule`, in order.
    func messages(_ rule: BatchRule) -> [String] {
        filter { $0.rule == rule }.map(\.message)
    }

    /// The violations that are errors.
    var errors: [BatchViolation] { filter(\.isError) }
}

// MARK: States for the replay tests

typealias ReplayTestState = BatchReplayState<String, String>

/// A section of a test state: `rows` are `"id"` (content 0) or `"id:content"`.
func replaySection(_ id: String, content: Int = 0, _ rows: [String]) -> ReplayTestState.Section {
    ReplayTestState.Section(
        id: id, content: content,
        rows: rows.map { spec in
            let parts = spec.split(separator: ":")
            let content = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            return ReplayTestState.Row(id: String(parts[0]), content: content)
        })
}

/// A test state from its sections.
func replayState(_ sections: ReplayTestState.Section...) -> ReplayTestState {
    ReplayTestState(sections: sections)
}
