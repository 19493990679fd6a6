import BoxDiff

/// A row as the replayed view shows it. `nil` id or content: not known yet
/// (inserted or refreshed in a step whose resulting data is unknown);
/// resolved from the next known state, at the row's position there.
struct ReplayRow<RowID: Hashable> {
    var id: RowID?
    var content: Int?
    /// The batch that inserted or reloaded the row (its cell is new in
    /// that batch), or `nil`. A batch index rather than a flag cleared
    /// before each batch: clearing it walked every row of the view, so a
    /// long list replayed through many shape-only steps cost rows × steps.
    var freshIn: Int? = nil
    /// The latest pending check of a reload or reconfigure of this row
    /// (an index into `BatchReplay.refreshes`).
    var refresh: Int? = nil
}

/// A section as the replayed view shows it (see `ReplayRow`).
struct ReplaySection<SectionID: Hashable, RowID: Hashable> {
    var id: SectionID?
    var content: Int?
    var rows: [ReplayRow<RowID>]
    /// The latest pending check of a reload of this section.
    var refresh: Int? = nil
}

/// Applies batches to a list the way UIKit applies them to its cells
/// (deletes by O path, inserts at N paths, moves from O to N keeping their
/// cell, a reload replacing the row at `r` with the data source's row at
/// the `r'` UIKit computes, reconfigures refreshing the row at an N path
/// after the batch) and compares the result with the data source.
///
/// Where each section and row ends up is BoxDiff's one batch layout
/// (`BatchSimulation.sectionLayout()` / `rowLayout(of:at:count:)`, the one
/// `Changeset.applied(to:)` uses); what the replay adds is its own model of
/// the view: rows whose identity is not known yet, the pending checks of
/// reloads and reconfigures, and the comparison with each known state.
struct BatchReplay<SectionID: Hashable, RowID: Hashable> {
    typealias State = BatchReplayState<SectionID, RowID>
    typealias Row = ReplayRow<RowID>
    typealias Section = ReplaySection<SectionID, RowID>

    let messages: BatchMessages
    /// How contents are compared (numbers, or occurrences of the caller's
    /// values).
    let contents: ContentEquality
    /// Most rows the unknown inserted sections of one batch may claim
    /// together with the sections the batch keeps: no intermediate state
    /// needs more rows than the before and target states hold together.
    /// (Capped one section at a time, a batch inserting n unknown sections
    /// of that many rows each built n times the rows its input holds.)
    let rowLimit: Int
    /// Most rows the replay may lay out in all (the rows of the sections
    /// the batches' calls touch, reconfigures included, and of the sections
    /// of unknown rows they insert or reload, summed over the batches): a
    /// fixed allowance plus ``workPerInputValue`` per value of the input
    /// (see `init`). Steps whose states are known lay out fewer rows than their
    /// states hold, so only steps of shapes alone reach it: `k` of them,
    /// each inserting one row into a section of `n` rows, laid out `k × n`
    /// rows from `k + n` values (1,000 over 40,000 rows: 9.9 s in a debug
    /// build, found by review).
    let workLimit: Int
    /// Rows laid out so far.
    var work = 0
    /// The rows ``workLimit`` allows whatever the input (about 0.1 s of
    /// replay in a release build).
    static var workAllowance: Int { 4_000_000 }
    /// The rows ``workLimit`` allows per value of the input.
    static var workPerInputValue: Int { 16 }
    var violations: [BatchViolation] = []
    /// The reloads and reconfigures issued so far, in order, each judged
    /// once its row or section reaches the target (`reportRefreshes`).
    var refreshes: [PendingRefresh<SectionID, RowID>] = []
    /// The reloads that landed where the data source has their row or
    /// section (rule 11 holds for them).
    var landedReloads: Set<LandedReload> = []

    /// `inputSize`: the values of the steps (their calls, their shapes'
    /// sections and their known states' rows), beside `before` and
    /// `target`, whose rows are counted here.
    init(
        messages: BatchMessages, before: State, target: State, inputSize: Int = 0,
        contents: ContentEquality = .numbers
    ) {
        self.messages = messages
        self.contents = contents
        rowLimit = (before.sections + target.sections).reduce(0) { $0 + $1.rows.count }
        let (product, overflow) = Self.workPerInputValue.multipliedReportingOverflow(by: rowLimit &+ max(0, inputSize))
        workLimit = overflow ? Int.max : Self.workAllowance &+ min(product, Int.max - Self.workAllowance)
    }

    static func screen(_ state: State) -> [Section] {
        state.sections.map { section in
            Section(
                id: section.id, content: section.content, rows: section.rows.map { Row(id: $0.id, content: $0.content) }
            )
        }
    }

    // MARK: Applying one batch

    /// The view after `update`, or `nil` (with a violation) when the step
    /// cannot be replayed.
    mutating func apply(
        _ update: BatchUpdate, to current: [Section], after: State?, afterShape: [Int], batchIndex: Int
    ) -> [Section]? {
        let screen = current
        let sim = BatchSimulation(update: update, old: screen.map(\.rows.count), new: afterShape)

        var sectionChecks: [Int: Int] = [:]
        for section in sim.sectionReloads {
            let shown = screen[section]
            sectionChecks[section] = noteSectionReload(shown, at: section, batchIndex: batchIndex)
            if let target = sim.sectionReloadTargets[section], let id = shown.id, let after,
                after.sections.indices.contains(target), Self.sameID(after.sections[target].id, id)
            {
                landedReloads.insert(LandedReload(batchIndex: batchIndex, section: section, row: nil))
            }
        }
        var rowChecks: [ElementPath: Int] = [:]
        for path in sim.rowReloads {
            let shown = screen[path.section].rows[path.row]
            rowChecks[path] = noteRowRefresh(shown, at: path, reconfigure: false, batchIndex: batchIndex)
            if let target = sim.rowReloadTargets[path], let id = shown.id,
                Self.sameID(row(at: target, in: after)?.id, id)
            {
                landedReloads.insert(LandedReload(batchIndex: batchIndex, section: path.section, row: path.row))
            }
        }

        // Sections and rows laid out by the library's one model of a batch;
        // inserted and reloaded ones come fresh from the data source.
        let layout = sim.sectionLayout()
        // What unknown inserted sections may still claim: the limit less the
        // rows of the sections the batch keeps.
        var room = rowLimit
        for case .carried(let oldIndex) in layout { room -= screen[oldIndex].rows.count }
        var result: [Section] = []
        // The N sections whose rows this batch built anew (the others still
        // share theirs with `screen`).
        var built = Set<Int>()
        for (index, origin) in layout.enumerated() {
            switch origin {
            case .inserted(let newIndex):
                guard
                    let section = freshSection(
                        at: newIndex, after: after, shape: sim.new, room: &room, batchIndex: batchIndex)
                else { return nil }
                built.insert(index)
                result.append(section)
            case .reloaded(let oldIndex, let newIndex):
                // Like a reloaded row, a reloaded section keeps its identity.
                guard
                    var section = freshSection(
                        at: newIndex, after: after, shape: sim.new, room: &room, batchIndex: batchIndex)
                else { return nil }
                section.id = screen[oldIndex].id ?? section.id
                section.refresh = sectionChecks[oldIndex] ?? screen[oldIndex].refresh
                built.insert(index)
                result.append(section)
            case .carried(let oldIndex):
                var section = screen[oldIndex]
                if sim.changesRows(of: oldIndex, at: index) {
                    guard charge(section.rows.count, section: oldIndex, batchIndex: batchIndex) else { return nil }
                    built.insert(index)
                    section.rows = rows(
                        of: oldIndex, at: index, screen: screen, sim: sim, after: after, rowChecks: rowChecks,
                        batchIndex: batchIndex)
                }
                result.append(section)
            }
        }

        // Reconfigures: N paths, after the batch.
        for path in firstOccurrences(update.elementReconfigured) {
            guard result.indices.contains(path.section), result[path.section].rows.indices.contains(path.row),
                result[path.section].rows[path.row].freshIn != batchIndex
            else { continue }
            // Refreshing a row of a section the batch did not build copies
            // its rows (shared with `screen`): counted toward the cap, once
            // per section and batch, as a laid-out section is.
            if !built.contains(path.section) {
                guard charge(result[path.section].rows.count, section: path.section, batchIndex: batchIndex)
                else { return nil }
                built.insert(path.section)
            }
            let shown = result[path.section].rows[path.row]
            if let check = noteRowRefresh(shown, at: path, reconfigure: true, batchIndex: batchIndex) {
                result[path.section].rows[path.row].refresh = check
            }
            result[path.section].rows[path.row].content = row(at: path, in: after)?.content
        }
        return result
    }

    /// Counts `rows` more rows laid out (or copied) toward ``workLimit``:
    /// false, with a violation, when they do not fit under it.
    private mutating func charge(_ rows: Int, section: Int, batchIndex: Int) -> Bool {
        guard rows <= workLimit &- work else {
            violations.append(
                BatchViolation(
                    rule: .replayMismatch, batchIndex: batchIndex, section: section,
                    message: messages.replayTooLong(limit: workLimit)))
            return false
        }
        work &+= rows
        return true
    }

    /// The rows of the O section `oldIndex`, carried to N section `newIndex`
    /// (`BatchSimulation.rowLayout(of:at:count:)`); a reloaded row keeps its
    /// identity and carries its pending check from `rowChecks`.
    private func rows(
        of oldIndex: Int, at newIndex: Int, screen: [Section], sim: BatchSimulation, after: State?,
        rowChecks: [ElementPath: Int], batchIndex: Int
    ) -> [Row] {
        sim.rowLayout(of: oldIndex, at: newIndex, count: screen[oldIndex].rows.count).map { origin in
            switch origin {
            case .inserted(let row):
                return fresh(ElementPath(section: newIndex, row: row), after: after, batchIndex: batchIndex)
            case .reloaded(let source, let row):
                // A reload keeps the row's identity: if the data source has another
                // row at r', the comparison with the next known state says so.
                var reloaded = fresh(ElementPath(section: newIndex, row: row), after: after, batchIndex: batchIndex)
                let shown = screen[source.section].rows[source.row]
                reloaded.id = shown.id ?? reloaded.id
                reloaded.refresh = rowChecks[source] ?? shown.refresh
                return reloaded
            case .carried(let source):
                return screen[source.section].rows[source.row]
            }
        }
    }

    private func row(at path: ElementPath, in state: State?) -> State.Row? {
        guard let state, state.sections.indices.contains(path.section),
            state.sections[path.section].rows.indices.contains(path.row)
        else { return nil }
        return state.sections[path.section].rows[path.row]
    }

    private func fresh(_ path: ElementPath, after: State?, batchIndex: Int) -> Row {
        let known = row(at: path, in: after)
        return Row(id: known?.id, content: known?.content, freshIn: batchIndex)
    }

    /// The section the data source has at N index `index`: from `after`
    /// when known, else `shape[index]` unknown rows, taken from `room` (nil,
    /// with a violation, when they do not fit in it).
    private mutating func freshSection(
        at index: Int, after: State?, shape: [Int], room: inout Int, batchIndex: Int
    ) -> Section? {
        if let after, after.sections.indices.contains(index) {
            let known = after.sections[index]
            return Section(
                id: known.id, content: known.content,
                rows: known.rows.map { Row(id: $0.id, content: $0.content, freshIn: batchIndex) })
        }
        let count = shape.indices.contains(index) ? shape[index] : 0
        guard count == 0 || count <= room else {
            violations.append(
                BatchViolation(
                    rule: .replayMismatch, batchIndex: batchIndex, section: index,
                    message: messages.replayTooLarge(section: index, count: count)))
            return nil
        }
        // Unknown rows are built from one shape value each time: counted
        // toward the cap, as the rows a call touches are.
        guard charge(count, section: index, batchIndex: batchIndex) else { return nil }
        room -= count
        return Section(
            id: nil, content: nil, rows: Array(repeating: Row(id: nil, content: nil, freshIn: batchIndex), count: count)
        )
    }
}
