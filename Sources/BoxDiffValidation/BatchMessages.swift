import BoxDiff

/// The text of every violation, in UIKit's wording where UIKit has one
/// (quoted in the batch-update rules article), in the same style where it has
/// none. "row"/"rows"/"table view" become "item"/"items"/"collection view"
/// in the collection-view flavour. Paths print as `ElementPath` does: `[1, 2]`.
struct BatchMessages {
    let flavor: BatchUpdateValidator.Flavor

    private var row: String { flavor.rowWord }
    private var rows: String { flavor.rowsWord }

    // MARK: Rules 1–2: counts

    func sectionCount(after: Int, before: Int, inserted: Int, deleted: Int) -> String {
        "Invalid update: invalid number of sections. The number of sections contained in the "
            + "\(flavor.viewName) after the update (\(after)) must be equal to the number of sections "
            + "contained in the \(flavor.viewName) before the update (\(before)), plus or minus the "
            + "number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
    }

    func rowCount(
        section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int
    ) -> String {
        "Invalid update: invalid number of \(rows) in section \(section). The number of \(rows) "
            + "contained in an existing section after the update (\(after)) must be equal to the "
            + "number of \(rows) contained in that section before the update (\(before)), plus or "
            + "minus the number of \(rows) inserted or deleted from that section (\(inserted) "
            + "inserted, \(deleted) deleted) and plus or minus the number of \(rows) moved into or "
            + "out of that section (\(movedIn) moved in, \(movedOut) moved out)."
    }

    // MARK: Rules 3–7: ranges

    func sectionDeleteOutOfRange(_ section: Int, count: Int) -> String {
        "attempt to delete section \(section), but there are only \(count) sections before the update"
    }

    func rowDeleteOutOfRange(_ path: ElementPath, count: Int) -> String {
        "attempt to delete \(row) \(path.row) from section \(path.section), which only contains "
            + "\(count) \(rows) before the update"
    }

    func rowDeleteSectionOutOfRange(_ path: ElementPath, sectionCount: Int) -> String {
        "attempt to delete \(row) \(path.row) from section \(path.section), but there are only "
            + "\(sectionCount) sections before the update"
    }

    func sectionInsertOutOfRange(_ section: Int, count: Int) -> String {
        "attempt to insert section \(section) but there are only \(count) sections after the update"
    }

    func rowInsertOutOfRange(_ path: ElementPath, count: Int) -> String {
        "attempt to insert \(row) \(path.row) into section \(path.section), but there are only "
            + "\(count) \(rows) in section \(path.section) after the update"
    }

    func rowInsertSectionOutOfRange(_ path: ElementPath, sectionCount: Int) -> String {
        "attempt to insert \(row) \(path.row) into section \(path.section), but there are only "
            + "\(sectionCount) sections after the update"
    }

    func sectionMoveSourceOutOfRange(_ section: Int, count: Int) -> String {
        "attempt to move section \(section), but there are only \(count) sections before the update"
    }

    func sectionMoveDestinationOutOfRange(_ move: Move<Int>, count: Int) -> String {
        "attempt to move section \(move.source) to section \(move.destination), but there are only "
            + "\(count) sections after the update"
    }

    func rowMoveSourceOutOfRange(_ path: ElementPath, count: Int, unit: String) -> String {
        "attempt to move index path (\(path)) that does not exist - there are only \(count) "
            + "\(unit) before the update"
    }

    func rowMoveDestinationOutOfRange(_ move: Move<ElementPath>, count: Int, unit: String) -> String {
        "attempt to move index path (\(move.source)) to index path (\(move.destination)) that does "
            + "not exist - there are only \(count) \(unit) after the update"
    }

    /// "rows in section S" or "sections", for the move messages.
    func rowsUnit(section: Int) -> String { "\(rows) in section \(section)" }

    // MARK: Rules 8–10: same place

    func deleteAndMove(_ path: ElementPath) -> String {
        "attempt to perform a delete and a move from the same index path (\(path))"
    }

    func deleteAndMove(section: Int) -> String {
        "attempt to perform a delete and a move from the same section (\(section))"
    }

    func insertAndMove(_ path: ElementPath) -> String {
        "attempt to perform an insert and a move to the same index path (\(path))"
    }

    func insertAndMove(section: Int) -> String {
        "attempt to perform an insert and a move to the same section (\(section))"
    }

    func deleteAndReload(_ path: ElementPath) -> String {
        "attempt to delete and reload the same index path (\(path))"
    }

    // MARK: Rule 11: reload target

    func rowReloadTarget(_ path: ElementPath, uikitTarget: ElementPath, truePosition: ElementPath) -> String {
        "attempt to reload \(row) at index path (\(path)), which UIKit reloads at index path "
            + "(\(uikitTarget)) after the update, but the \(row) ends up at index path "
            + "(\(truePosition)); UIKit does not consider moves when it maps a reload"
    }

    func rowReloadTarget(_ path: ElementPath, uikitTarget: ElementPath, trueSection: Int) -> String {
        "attempt to reload \(row) at index path (\(path)), which UIKit reloads at index path "
            + "(\(uikitTarget)) after the update, but the \(row)'s section ends up at section "
            + "\(trueSection); UIKit does not consider moves when it maps a reload"
    }

    func sectionReloadTarget(_ section: Int, uikitTarget: Int, truePosition: Int) -> String {
        "attempt to reload section \(section), which UIKit reloads as section \(uikitTarget) after "
            + "the update, but the section ends up at section \(truePosition); UIKit does not "
            + "consider moves when it maps a reload"
    }

    // MARK: Rule 12: reload inside a deleted section

    func reloadInDeletedSection(_ path: ElementPath) -> String {
        "attempt to reload \(row) at index path (\(path)) in section \(path.section), which is "
            + "deleted or reloaded in the same update"
    }

    func deleteAndReload(section: Int) -> String {
        "attempt to delete and reload the same section (\(section))"
    }

    // MARK: Rule 13: conflicting moves

    func rowMovedToTwo(_ source: ElementPath, _ first: ElementPath, _ second: ElementPath) -> String {
        "attempt to move \(row) at index path \(source) to both \(first) and \(second)"
    }

    func rowsMovedToOne(_ first: ElementPath, _ second: ElementPath, to destination: ElementPath) -> String {
        "attempt to move both \(row) at index path \(first) and \(second) to \(destination)"
    }

    func rowMovedTwice(_ move: Move<ElementPath>) -> String {
        "attempt to move \(row) at index path \(move.source) to \(move.destination) more than once"
    }

    func sectionMovedToTwo(_ source: Int, _ first: Int, _ second: Int) -> String {
        "attempt to move section \(source) to both \(first) and \(second)"
    }

    func sectionsMovedToOne(_ first: Int, _ second: Int, to destination: Int) -> String {
        "attempt to move both section \(first) and \(second) to \(destination)"
    }

    func sectionMovedTwice(_ move: Move<Int>) -> String {
        "attempt to move section \(move.source) to \(move.destination) more than once"
    }

    // MARK: Rule 14: duplicates

    /// `verb` is "delete", "insert" or "reload".
    func duplicate(_ verb: String, section: Int) -> String {
        "attempt to \(verb) section \(section) more than once"
    }

    /// `verb` is "delete", "insert" or "reload".
    func duplicate(_ verb: String, path: ElementPath) -> String {
        "attempt to \(verb) \(row) at index path (\(path)) more than once"
    }

    // MARK: Rules 15–18: sections and their rows

    func rowDeleteInReloadedSection(_ path: ElementPath) -> String {
        "attempt to delete \(row) \(path.row) from section \(path.section), which is reloaded in the "
            + "same update"
    }

    func rowInsertInReloadedSection(_ path: ElementPath, reloadedSection: Int) -> String {
        "attempt to insert \(row) \(path.row) into section \(path.section), which is section "
            + "\(reloadedSection) reloaded in the same update"
    }

    /// `verb` is "delete" or "insert".
    func rowCallInChangedSectionWithReload(_ verb: String, _ path: ElementPath, reload: ElementPath) -> String {
        "attempt to \(verb) \(row) at index path (\(path)) in section \(path.section), which is "
            + (verb == "delete" ? "deleted" : "inserted")
            + " in the same update, together with a reload of \(row) at index path (\(reload)): UIKit counts "
            + "the \(verb) when it computes where the reload lands"
    }

    // UIKit's own wording ("cannot move a row from a deleted section (0)"),
    // then the move.
    func rowMoveOutOfDeletedSection(_ move: Move<ElementPath>) -> String {
        "cannot move \(article(row)) \(row) from a deleted section (\(move.source.section)): \(row) at index "
            + "path (\(move.source)) to index path (\(move.destination)), its section deleted or reloaded in "
            + "the same update"
    }

    func rowMoveIntoInsertedSection(_ move: Move<ElementPath>) -> String {
        "cannot move \(article(row)) \(row) into a newly inserted section (\(move.destination.section)): "
            + "\(row) at index path (\(move.source)) to index path (\(move.destination)), its section "
            + "inserted or reloaded in the same update"
    }

    /// "a" or "an" before `noun`.
    private func article(_ noun: String) -> String {
        noun.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }

    /// `operation` is e.g. "delete row at index path ([1, 2])".
    func rowOperationInMovedSection(_ operation: String, move: Move<Int>) -> String {
        "attempt to \(operation) while moving section \(move.source) to section \(move.destination) "
            + "in the same update"
    }

    func operation(_ verb: String, _ path: ElementPath) -> String {
        "\(verb) \(row) at index path (\(path))"
    }

    func reloadInsertOperation(_ source: ElementPath, target: ElementPath) -> String {
        "reload \(row) at index path (\(source)), which UIKit inserts at index path (\(target)) in the moved "
            + "section,"
    }

    func moveOperation(_ move: Move<ElementPath>) -> String {
        "move \(row) at index path (\(move.source)) to index path (\(move.destination))"
    }

    func reloadAndMove(section: Int) -> String {
        "attempt to reload and move the same section (\(section))"
    }

    func rowMoveOutOfSectionMovedToItself(_ move: Move<ElementPath>) -> String {
        "attempt to move section \(move.source.section) to itself while moving \(row) at index path "
            + "(\(move.source)) out of it to index path (\(move.destination))"
    }

    // MARK: Rule 19: stale before-state

    func staleBeforeState(batch: Int, matchingStateBeforeBatch older: Int) -> String {
        "batch \(batch) does not fit the state the \(flavor.viewName) shows before it (after batch "
            + "\(batch - 1)), but fits the state before batch \(older): it was computed against a "
            + "stale before-state"
    }

    // MARK: Reconfigure

    func reconfigureOutOfRange(_ path: ElementPath, count: Int) -> String {
        "attempt to reconfigure \(row) \(path.row) in section \(path.section), but there are only "
            + "\(count) \(rows) in section \(path.section) after the update"
    }

    func reconfigureSectionOutOfRange(_ path: ElementPath, sectionCount: Int) -> String {
        "attempt to reconfigure \(row) \(path.row) in section \(path.section), but there are only "
            + "\(sectionCount) sections after the update"
    }

    func reconfigureOfReplacedRow(_ path: ElementPath) -> String {
        "attempt to reconfigure \(row) at index path (\(path)), which is inserted or reloaded in the "
            + "same update"
    }

    func reconfigureBeforeStructuralChange(batch: Int, laterBatch: Int) -> String {
        "attempt to reconfigure \(rows) after batch \(batch), but batch \(laterBatch) deletes, inserts "
            + "or moves afterwards: reconfigure after the last structural batch, in its index space"
    }

    func duplicateReconfigure(_ path: ElementPath) -> String {
        "attempt to reconfigure \(row) at index path (\(path)) more than once"
    }

    func reconfigureOfUnchangedRow(_ path: ElementPath, id: String) -> String {
        "attempt to reconfigure \(row) \(id) at index path (\(path)), whose content did not change"
    }

    // MARK: Replay

    func reloadOfUnchangedRow(_ path: ElementPath, id: String) -> String {
        "attempt to reload \(row) \(id) at index path (\(path)), whose content did not change"
    }

    func reloadOfUnchangedSection(_ section: Int, id: String) -> String {
        "attempt to reload section \(id) at index \(section), whose content and \(rows) did not change"
    }

    func missedRowUpdate(_ path: ElementPath, id: String) -> String {
        "the content of \(row) \(id) at index path (\(path)) changed, but no batch reloads or "
            + "reconfigures it: the \(flavor.viewName) shows stale content"
    }

    func missedSectionUpdate(_ section: Int, id: String) -> String {
        "the content of section \(id) at index \(section) changed, but no batch reloads it: the "
            + "\(flavor.viewName) shows a stale header or footer"
    }

    func sectionCountMismatch(replayed: Int, expected: Int, where place: String) -> String {
        "replaying the batches leaves \(replayed) sections \(place), but the data source has \(expected)"
    }

    func sectionMismatch(_ index: Int, replayed: String, expected: String, where place: String) -> String {
        "replaying the batches leaves section \(replayed) at index \(index) \(place), but the data "
            + "source has section \(expected) there"
    }

    func rowCountMismatch(_ section: Int, replayed: Int, expected: Int, where place: String) -> String {
        "replaying the batches leaves \(replayed) \(rows) in section \(section) \(place), but the data "
            + "source has \(expected)"
    }

    func rowMismatch(_ path: ElementPath, replayed: String, expected: String, where place: String) -> String {
        "replaying the batches leaves \(row) \(replayed) at index path (\(path)) \(place), but the "
            + "data source has \(row) \(expected) there"
    }

    func replayTooLong(limit: Int) -> String {
        "cannot replay: the batches' calls touch sections of more than \(limit) \(rows) in all, "
            + "more than their input allows (steps of shapes alone over a long list: give the steps' "
            + "states, or replay fewer steps at a time)"
    }

    func replayTooLarge(section: Int, count: Int) -> String {
        "cannot replay: section \(section) is inserted with \(count) \(rows), more than the before "
            + "and after states hold together beside the other sections of the batch"
    }
}
