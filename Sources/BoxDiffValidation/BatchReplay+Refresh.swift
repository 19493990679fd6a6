import BoxDiff

/// A reload or reconfigure whose need is judged once the replay knows which
/// target row or section the refreshed one became: the one at its final
/// position, when the identities agree there. Looking it up by id instead
/// cannot tell duplicates apart (ids may repeat; the diff pairs them in
/// order).
struct PendingRefresh<SectionID: Hashable, RowID: Hashable> {
    /// What was refreshed, as the view showed it just before.
    enum Subject {
        case row(RowID, content: Int, reconfigure: Bool)
        case section(SectionID, content: Int, rows: [ReplayRow<RowID>])
    }

    let subject: Subject
    let batchIndex: Int
    /// Where the refresh was issued (O index or path; N path for a reconfigure).
    let section: Int
    let path: ElementPath?
    /// The earlier pending refresh of the same row or section, if any.
    let previous: Int?
    /// Whether the refresh was of unchanged content, once its row or
    /// section reached the target.
    var isUnchanged: Bool?
}

/// A reload that landed where the data source has the reloaded row or
/// section (same identity at UIKit's target `r'` / `s'`): rule 11 holds for
/// it whatever the moves of its batch, so the shape-only verdict is dropped.
struct LandedReload: Hashable {
    let batchIndex: Int
    /// The O section reloaded, or the O section of the reloaded row.
    let section: Int
    /// The O row reloaded; `nil` for a section reload.
    let row: Int?
}

extension BatchReplay {
    // MARK: Noting refreshes

    /// Notes the reload of `section` (as the view shows it, at O index
    /// `index`); returns the pending check, or `nil` when its identity or
    /// content is not known.
    mutating func noteSectionReload(_ section: Section, at index: Int, batchIndex: Int) -> Int? {
        guard let id = section.id, let content = section.content else { return nil }
        refreshes.append(
            PendingRefresh(
                subject: .section(id, content: content, rows: section.rows), batchIndex: batchIndex, section: index,
                path: nil, previous: section.refresh))
        return refreshes.count - 1
    }

    /// Notes the reload (or reconfigure) of `row` at `path`; returns the
    /// pending check, or `nil` when its identity or content is not known.
    mutating func noteRowRefresh(_ row: Row, at path: ElementPath, reconfigure: Bool, batchIndex: Int) -> Int? {
        guard let id = row.id, let content = row.content else { return nil }
        refreshes.append(
            PendingRefresh(
                subject: .row(id, content: content, reconfigure: reconfigure), batchIndex: batchIndex,
                section: path.section, path: path, previous: row.refresh))
        return refreshes.count - 1
    }

    // MARK: Judging them

    /// Judges the pending refreshes of the rows and sections of the final
    /// view that sit where `target` has the same identity. Call after
    /// `compare(_:with:batchIndex:checkContent:)` against the target, which
    /// resolves the identities not known before.
    mutating func settleRefreshes(on screen: [Section], against target: State) {
        for index in 0..<min(screen.count, target.sections.count) {
            let section = screen[index]
            let expected = target.sections[index]
            guard Self.sameID(section.id, expected.id) else { continue }
            var next = section.refresh
            while let check = next {
                if case .section(_, let content, let rows) = refreshes[check].subject {
                    refreshes[check].isUnchanged = isUnchanged(content: content, rows: rows, target: expected)
                }
                next = refreshes[check].previous
            }
            for row in 0..<min(section.rows.count, expected.rows.count) where section.rows[row].refresh != nil {
                let want = expected.rows[row]
                guard Self.sameID(section.rows[row].id, want.id) else { continue }
                var next = section.rows[row].refresh
                while let check = next {
                    if case .row(_, let content, _) = refreshes[check].subject {
                        refreshes[check].isUnchanged = contents.rows(content, want.content)
                    }
                    next = refreshes[check].previous
                }
            }
        }
    }

    /// Reports every refresh of unchanged content, in the order the
    /// refreshes were issued. A refresh whose row or section did not reach
    /// the target (deleted later, or the replay stopped or went wrong
    /// before) is judged by its identity, when that identity is unique in
    /// `target`; a duplicate identity cannot be told apart and is not judged.
    mutating func reportRefreshes(against target: State) {
        guard !refreshes.isEmpty else { return }
        // The target's rows and sections by identity, nil for a repeated
        // one (see ``UniqueByID``: no dictionary keyed by the caller's ids).
        var rowsByID = UniqueByID<RowID, State.Row>()
        var sectionsByID = UniqueByID<SectionID, State.Section>()
        if refreshes.contains(where: { $0.isUnchanged == nil }) {
            for section in target.sections {
                sectionsByID.add(section, id: section.id)
                for row in section.rows { rowsByID.add(row, id: row.id) }
            }
        }
        for refresh in refreshes {
            let message: String
            let rule: BatchRule
            switch refresh.subject {
            case .row(let id, let content, let reconfigure):
                let unchanged =
                    refresh.isUnchanged ?? (rowsByID[id].map { contents.rows(content, $0.content) } ?? false)
                guard unchanged, let path = refresh.path else { continue }
                let name = String(reflecting: id)
                rule = reconfigure ? .reconfigureOfUnchangedRow : .reloadOfUnchangedContent
                message =
                    reconfigure
                    ? messages.reconfigureOfUnchangedRow(path, id: name) : messages.reloadOfUnchangedRow(path, id: name)
            case .section(let id, let content, let rows):
                let unchanged =
                    refresh.isUnchanged
                    ?? (sectionsByID[id].map {
                        isUnchanged(content: content, rows: rows, target: $0)
                    }
                        ?? false)
                guard unchanged else { continue }
                rule = .reloadOfUnchangedContent
                message = messages.reloadOfUnchangedSection(refresh.section, id: String(reflecting: id))
            }
            violations.append(
                BatchViolation(
                    rule: rule, batchIndex: refresh.batchIndex, section: refresh.section, path: refresh.path,
                    message: message))
        }
        refreshes = []
    }

    /// Whether a section showing `content` and `rows` before its reload
    /// already showed `target`.
    func isUnchanged(content: Int, rows: [Row], target: State.Section) -> Bool {
        contents.sections(content, target.content) && rows.count == target.rows.count
            && zip(rows, target.rows).allSatisfy {
                Self.sameID($0.id, $1.id) && Self.same($0.content, $1.content, contents.rows)
            }
    }
}

/// The values of a list by identity, those whose identity appears once
/// (filed in ``HashBuckets``: no dictionary keyed by the caller's ids).
struct UniqueByID<ID: Hashable, Value> {
    /// Each identity's value, nil once repeated.
    private var filed = HashBuckets<ID, Value?>()

    /// Files `value` under `id`; a second value under the same id makes it
    /// ambiguous (nil).
    mutating func add(_ value: Value, id: ID) {
        if !filed.modifyFirst(id, { $0 = nil }) { filed.append(value, for: id) }
    }

    /// The value of `id` when it was filed exactly once.
    subscript(id: ID) -> Value? { filed.first(id) ?? nil }
}
