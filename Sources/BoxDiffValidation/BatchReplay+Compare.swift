import BoxDiff

extension BatchReplay {
    /// Compares the replayed view with the data source's `known` state,
    /// first resolving the rows and sections whose identity or content was
    /// not known yet from the same position in `known`.
    ///
    /// Identities are always compared. Contents only when `checkContent`
    /// (against the target): an intermediate state may hold contents the
    /// view is not meant to show yet (a section header updated in a later
    /// stage).
    ///
    /// - Returns: `false` when the replayed view does not match `known`.
    mutating func compare(_ replayed: inout [Section], with known: State, batchIndex: Int?, checkContent: Bool) -> Bool
    {
        var matches = true
        let place = batchIndex.map { "after batch \($0)" } ?? "before any batch"
        func report(_ rule: BatchRule, section: Int? = nil, path: ElementPath? = nil, _ message: String) {
            if rule == .replayMismatch { matches = false }
            violations.append(
                BatchViolation(
                    rule: rule, batchIndex: rule == .missedUpdate ? nil : batchIndex,
                    section: section, path: path, message: message))
        }
        if replayed.count != known.sections.count {
            report(
                .replayMismatch,
                messages.sectionCountMismatch(
                    replayed: replayed.count, expected: known.sections.count, where: place))
        }
        for index in 0..<min(replayed.count, known.sections.count) {
            let expected = known.sections[index]
            var section = replayed[index]
            if section.id == nil { section.id = expected.id }
            if section.content == nil { section.content = expected.content }
            guard Self.sameID(section.id, expected.id) else {
                report(
                    .replayMismatch, section: index,
                    messages.sectionMismatch(
                        index, replayed: Self.name(section.id), expected: Self.name(expected.id), where: place))
                replayed[index] = section
                continue
            }
            if checkContent, !Self.same(section.content, expected.content, contents.sections) {
                report(.missedUpdate, section: index, messages.missedSectionUpdate(index, id: Self.name(expected.id)))
            }
            if section.rows.count != expected.rows.count {
                report(
                    .replayMismatch, section: index,
                    messages.rowCountMismatch(
                        index, replayed: section.rows.count, expected: expected.rows.count, where: place))
            }
            var reportedRowMismatch = false
            for row in 0..<min(section.rows.count, expected.rows.count) {
                let want = expected.rows[row]
                let path = ElementPath(section: index, row: row)
                if section.rows[row].id == nil { section.rows[row].id = want.id }
                if section.rows[row].content == nil { section.rows[row].content = want.content }
                let have = section.rows[row]
                if !Self.sameID(have.id, want.id) {
                    if !reportedRowMismatch {
                        reportedRowMismatch = true
                        report(
                            .replayMismatch, section: index, path: path,
                            messages.rowMismatch(
                                path, replayed: Self.name(have.id), expected: Self.name(want.id), where: place))
                    }
                } else if checkContent, !Self.same(have.content, want.content, contents.rows) {
                    report(
                        .missedUpdate, section: index, path: path,
                        messages.missedRowUpdate(path, id: Self.name(want.id)))
                }
            }
            replayed[index] = section
        }
        return matches
    }

    /// Whether two ids (`nil`: unknown) name the same section or row: `==`,
    /// or both not `==` to themselves (a NaN, or a value holding one),
    /// which no id matches: such an id is judged by its place alone, as
    /// the diff, which pairs it with nothing, leaves it where it was put.
    ///
    /// `==` as the diff answers it (`validationEqual`): strings in linear
    /// time, however long their runs of combining marks.
    static func sameID<ID: Equatable>(_ a: ID?, _ b: ID?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        if validationEqual(a, b) { return true }
        return !validationEqual(a, a) && !validationEqual(b, b)
    }

    /// Whether a content the view shows (`nil`: unknown) is `expected`,
    /// by `equal`.
    static func same(_ content: Int?, _ expected: Int, _ equal: (Int, Int) -> Bool) -> Bool {
        content.map { equal($0, expected) } ?? false
    }

    /// How a finding names an id: as ``DiffError`` does
    /// (`String(reflecting:)`: a string quoted, so that an empty one or
    /// one with spaces reads as an id).
    static func name<T>(_ id: T?) -> String {
        id.map { String(reflecting: $0) } ?? "(unknown)"
    }
}
