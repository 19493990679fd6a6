import BoxDiff

extension BatchUpdateValidator {
    /// Rules 8–10 and 12–18: calls that clash with each other. They are read
    /// on the calls as given (in range or not), each distinct call once.
    func conflictViolations(_ update: BatchUpdate, _ sim: BatchSimulation, batchIndex: Int) -> [BatchViolation] {
        var result: [BatchViolation] = []
        func report(
            _ rule: BatchRule, section: Int? = nil, path: ElementPath? = nil,
            severity: BatchViolation.Severity = .error, _ message: String
        ) {
            result.append(
                BatchViolation(
                    rule: rule, batchIndex: batchIndex, section: section, path: path, severity: severity,
                    message: message))
        }

        let deletedSections = Set(update.sectionDeleted)
        let insertedSections = Set(update.sectionInserted)
        let reloadedSections = Set(update.sectionUpdated)
        let deletedRows = Set(update.elementDeleted)
        let insertedRows = Set(update.elementInserted)
        let reloadedRows = Set(update.elementUpdated)
        let sectionMoves = firstOccurrences(update.sectionMoved)
        let rowMoves = firstOccurrences(update.elementMoved)
        let sectionReloadTargets = Set(sim.sectionReloadTargets.values)
        let rowReloadTargets = Set(sim.rowReloadTargets.values)
        // An N section whose content is new: inserted, or a reloaded section's target.
        let freshSections = insertedSections.union(sectionReloadTargets)

        // Rule 8: a delete (or the delete half of a reload) and a move from the same place.
        for move in sectionMoves where deletedSections.contains(move.source) {
            report(.deleteAndMoveFromSamePlace, section: move.source, messages.deleteAndMove(section: move.source))
        }
        for source in firstOccurrences(rowMoves.map(\.source))
        where deletedRows.contains(source) || reloadedRows.contains(source) {
            report(.deleteAndMoveFromSamePlace, section: source.section, path: source, messages.deleteAndMove(source))
        }

        // Rule 9: an insert (or the insert half of a reload) and a move to the same place.
        for destination in firstOccurrences(sectionMoves.map(\.destination))
        where insertedSections.contains(destination) || sectionReloadTargets.contains(destination) {
            report(.insertAndMoveToSamePlace, section: destination, messages.insertAndMove(section: destination))
        }
        for destination in firstOccurrences(rowMoves.map(\.destination))
        where insertedRows.contains(destination) || rowReloadTargets.contains(destination) {
            report(
                .insertAndMoveToSamePlace, section: destination.section, path: destination,
                messages.insertAndMove(destination))
        }

        // Rule 10.
        for path in firstOccurrences(update.elementUpdated) where deletedRows.contains(path) {
            report(.deleteAndReloadSamePath, section: path.section, path: path, messages.deleteAndReload(path))
        }

        // Rule 12.
        for section in firstOccurrences(update.sectionUpdated) where deletedSections.contains(section) {
            report(.reloadInDeletedSection, section: section, messages.deleteAndReload(section: section))
        }
        for path in firstOccurrences(update.elementUpdated)
        where deletedSections.contains(path.section) || reloadedSections.contains(path.section) {
            report(.reloadInDeletedSection, section: path.section, path: path, messages.reloadInDeletedSection(path))
        }

        // Rule 13.
        result += conflictingMoveViolations(update, batchIndex: batchIndex)

        // Rule 14.
        for (verb, sections) in [
            ("delete", update.sectionDeleted), ("insert", update.sectionInserted),
            ("reload", update.sectionUpdated),
        ] {
            for section in repeatedElements(sections) {
                report(.duplicateDeleteOrInsert, section: section, messages.duplicate(verb, section: section))
            }
        }
        for (verb, paths) in [
            ("delete", update.elementDeleted), ("insert", update.elementInserted),
            ("reload", update.elementUpdated),
        ] {
            for path in repeatedElements(paths) {
                report(
                    .duplicateDeleteOrInsert, section: path.section, path: path, messages.duplicate(verb, path: path))
            }
        }

        // Rule 15: row deletes and inserts UIKit does not drop, those inside a
        // reloaded section (deleted and inserted at once).
        for path in firstOccurrences(update.elementDeleted)
        where reloadedSections.contains(path.section) && !deletedSections.contains(path.section) {
            report(
                .rowOperationInDeletedOrInsertedSection, section: path.section, path: path,
                messages.rowDeleteInReloadedSection(path))
        }
        let reloadedSectionAt = Dictionary(sim.sectionReloadTargets.map { ($1, $0) }, uniquingKeysWith: min)
        for path in firstOccurrences(update.elementInserted) where !insertedSections.contains(path.section) {
            guard let reloaded = reloadedSectionAt[path.section] else { continue }
            report(
                .rowOperationInDeletedOrInsertedSection, section: path.section, path: path,
                messages.rowInsertInReloadedSection(path, reloadedSection: reloaded))
        }

        // Rule 15, with row reloads: UIKit drops the row deletes inside
        // deleted sections and the row inserts inside inserted ones only
        // after it has turned each reload into a delete and an insert; it
        // walks the calls in index order (a section's own insert or delete
        // after the row calls inside it) and shifts a reload by each row
        // call in the section the reload has reached so far, so such a
        // call moves a reload's target (found by review, 2026-12-03, in a
        // decompilation of UXKit, UIKit's port to macOS). Rejected when
        // the batch reloads rows.
        if let reload = update.elementUpdated.first {
            for path in firstOccurrences(update.elementDeleted) where deletedSections.contains(path.section) {
                report(
                    .rowOperationInDeletedOrInsertedSection, section: path.section, path: path,
                    messages.rowCallInChangedSectionWithReload("delete", path, reload: reload))
            }
            for path in firstOccurrences(update.elementInserted) where insertedSections.contains(path.section) {
                report(
                    .rowOperationInDeletedOrInsertedSection, section: path.section, path: path,
                    messages.rowCallInChangedSectionWithReload("insert", path, reload: reload))
            }
        }

        // Rule 16.
        for move in rowMoves {
            if deletedSections.contains(move.source.section) || reloadedSections.contains(move.source.section) {
                report(
                    .rowMoveAcrossDeletedOrInsertedSection, section: move.source.section, path: move.source,
                    messages.rowMoveOutOfDeletedSection(move))
            }
            if freshSections.contains(move.destination.section) {
                report(
                    .rowMoveAcrossDeletedOrInsertedSection, section: move.destination.section,
                    path: move.destination, messages.rowMoveIntoInsertedSection(move))
            }
        }

        // Rules 17 and 18.
        result += sectionMoveViolations(update, sim, batchIndex: batchIndex)
        return result
    }

    /// Rule 13: one source to two destinations, two sources to one
    /// destination; identical duplicates are warnings.
    func conflictingMoveViolations(_ update: BatchUpdate, batchIndex: Int) -> [BatchViolation] {
        var result: [BatchViolation] = []
        func check<Index: Hashable>(
            _ moves: [Move<Index>], section: (Index) -> Int, path: (Index) -> ElementPath?,
            toTwo: (Index, Index, Index) -> String, toOne: (Index, Index, Index) -> String,
            twice: (Move<Index>) -> String
        ) {
            func report(_ at: Index, severity: BatchViolation.Severity = .error, _ message: String) {
                result.append(
                    BatchViolation(
                        rule: .conflictingMoves, batchIndex: batchIndex, section: section(at), path: path(at),
                        severity: severity, message: message))
            }
            for move in repeatedElements(moves) {
                report(move.source, severity: .warning, twice(move))
            }
            let distinct = firstOccurrences(moves)
            var firstDestination: [Index: Index] = [:]
            var firstSource: [Index: Index] = [:]
            for move in distinct {
                if let earlier = firstDestination[move.source] {
                    report(move.source, toTwo(move.source, earlier, move.destination))
                } else {
                    firstDestination[move.source] = move.destination
                }
                if let earlier = firstSource[move.destination] {
                    report(move.destination, toOne(earlier, move.source, move.destination))
                } else {
                    firstSource[move.destination] = move.source
                }
            }
        }
        check(
            update.sectionMoved, section: { $0 }, path: { _ in nil },
            toTwo: messages.sectionMovedToTwo, toOne: messages.sectionsMovedToOne, twice: messages.sectionMovedTwice)
        check(
            update.elementMoved, section: \.section, path: { $0 },
            toTwo: messages.rowMovedToTwo, toOne: messages.rowsMovedToOne, twice: messages.rowMovedTwice)
        return result
    }

    /// Rule 17: a moved section with row operations in it (in its O index
    /// for deletes, reloads and move sources, in its N index for inserts,
    /// move destinations and the insert half `r'` of a reload elsewhere,
    /// which UIKit computes ignoring the move). Rule 18: a section both
    /// reloaded and moved, and a no-op section move S→S with row moves out
    /// of S.
    func sectionMoveViolations(_ update: BatchUpdate, _ sim: BatchSimulation, batchIndex: Int) -> [BatchViolation] {
        var result: [BatchViolation] = []
        func report(_ rule: BatchRule, section: Int, path: ElementPath? = nil, _ message: String) {
            result.append(
                BatchViolation(rule: rule, batchIndex: batchIndex, section: section, path: path, message: message))
        }
        let reloadedSections = Set(update.sectionUpdated)
        // Row calls by the section they touch, so each section move looks only at its own.
        let deletes = Dictionary(grouping: firstOccurrences(update.elementDeleted), by: \.section)
        let reloads = Dictionary(grouping: firstOccurrences(update.elementUpdated), by: \.section)
        let inserts = Dictionary(grouping: firstOccurrences(update.elementInserted), by: \.section)
        let rowMoves = firstOccurrences(update.elementMoved)
        let movesOut = Dictionary(grouping: rowMoves, by: \.source.section)
        let movesIn = Dictionary(grouping: rowMoves, by: \.destination.section)
        // A section moved twice (rule 12, reported there) has its row
        // calls reported under its first move only: under every move, n
        // such moves beside m row calls gave n * m violations.
        var sourcesSeen = Set<Int>()
        var destinationsSeen = Set<Int>()
        for move in firstOccurrences(update.sectionMoved) {
            let newSource = sourcesSeen.insert(move.source).inserted
            let newDestination = destinationsSeen.insert(move.destination).inserted
            if reloadedSections.contains(move.source) {
                report(.reloadOfMovedSection, section: move.source, messages.reloadAndMove(section: move.source))
            }
            func clash(_ operation: String, _ path: ElementPath) {
                report(
                    .sectionMoveWithRowOperations, section: path.section, path: path,
                    messages.rowOperationInMovedSection(operation, move: move))
            }
            if newSource {
                for path in deletes[move.source] ?? [] { clash(messages.operation("delete", path), path) }
                for path in reloads[move.source] ?? [] { clash(messages.operation("reload", path), path) }
            }
            if newDestination {
                for path in inserts[move.destination] ?? [] { clash(messages.operation("insert", path), path) }
                // A reload's insert half landing here (those of the section's
                // own rows were reported above as reloads).
                for source in sim.rowReloadsByTargetSection[move.destination] ?? []
                where source.section != move.source {
                    guard let target = sim.rowReloadTargets[source] else { continue }
                    clash(messages.reloadInsertOperation(source, target: target), source)
                }
            }
            // A move of a section onto itself is checked for rule 18 even
            // when it is not the section's first move (firstOccurrences
            // leaves at most one such move per section).
            let movedToItself = move.source == move.destination
            for rowMove in newSource || movedToItself ? movesOut[move.source] ?? [] : [] {
                if movedToItself && rowMove.destination.section != move.source {
                    report(
                        .reloadOfMovedSection, section: move.source, path: rowMove.source,
                        messages.rowMoveOutOfSectionMovedToItself(rowMove))
                } else if newSource {
                    clash(messages.moveOperation(rowMove), rowMove.source)
                }
            }
            // Moves into the section from elsewhere (those from inside were reported above).
            for rowMove in newDestination ? movesIn[move.destination] ?? [] : []
            where rowMove.source.section != move.source {
                clash(messages.moveOperation(rowMove), rowMove.destination)
            }
        }
        return result
    }
}
