import BoxDiff

extension BatchUpdateValidator {
    /// Rules 3–7: every index read against the space it belongs to, deletes,
    /// reloads and move sources against O, inserts and move destinations
    /// against N. Each distinct bad value is reported once.
    func rangeViolations(_ update: BatchUpdate, _ sim: BatchSimulation, batchIndex: Int) -> [BatchViolation] {
        var result: [BatchViolation] = []
        func report(_ rule: BatchRule, section: Int? = nil, path: ElementPath? = nil, _ message: String) {
            result.append(
                BatchViolation(rule: rule, batchIndex: batchIndex, section: section, path: path, message: message))
        }
        let old = sim.old
        let new = sim.new

        // Rule 3, including the delete half of a section reload.
        for section in firstOccurrences(update.sectionDeleted + update.sectionUpdated)
        where !old.indices.contains(section) {
            report(
                .sectionDeleteOutOfRange, section: section, messages.sectionDeleteOutOfRange(section, count: old.count))
        }
        // Rule 4, including the delete half of a row reload.
        for path in firstOccurrences(update.elementDeleted + update.elementUpdated) {
            if !old.indices.contains(path.section) {
                report(
                    .rowDeleteOutOfRange, section: path.section, path: path,
                    messages.rowDeleteSectionOutOfRange(path, sectionCount: old.count))
            } else if path.row < 0 || path.row >= old[path.section] {
                report(
                    .rowDeleteOutOfRange, section: path.section, path: path,
                    messages.rowDeleteOutOfRange(path, count: old[path.section]))
            }
        }
        // Rule 5.
        for section in firstOccurrences(update.sectionInserted) where !new.indices.contains(section) {
            report(
                .sectionInsertOutOfRange, section: section, messages.sectionInsertOutOfRange(section, count: new.count))
        }
        // Rule 6.
        for path in firstOccurrences(update.elementInserted) {
            if !new.indices.contains(path.section) {
                report(
                    .rowInsertOutOfRange, section: path.section, path: path,
                    messages.rowInsertSectionOutOfRange(path, sectionCount: new.count))
            } else if path.row < 0 || path.row >= new[path.section] {
                report(
                    .rowInsertOutOfRange, section: path.section, path: path,
                    messages.rowInsertOutOfRange(path, count: new[path.section]))
            }
        }
        // Rule 7, sections.
        for move in firstOccurrences(update.sectionMoved) {
            if !old.indices.contains(move.source) {
                report(
                    .moveOutOfRange, section: move.source,
                    messages.sectionMoveSourceOutOfRange(move.source, count: old.count))
            } else if !new.indices.contains(move.destination) {
                report(
                    .moveOutOfRange, section: move.destination,
                    messages.sectionMoveDestinationOutOfRange(move, count: new.count))
            }
        }
        // Rule 7, rows.
        for move in firstOccurrences(update.elementMoved) {
            let source = move.source
            let destination = move.destination
            if !old.indices.contains(source.section) {
                report(
                    .moveOutOfRange, section: source.section, path: source,
                    messages.rowMoveSourceOutOfRange(source, count: old.count, unit: "sections"))
            } else if source.row < 0 || source.row >= old[source.section] {
                report(
                    .moveOutOfRange, section: source.section, path: source,
                    messages.rowMoveSourceOutOfRange(
                        source, count: old[source.section], unit: messages.rowsUnit(section: source.section)))
            } else if !new.indices.contains(destination.section) {
                report(
                    .moveOutOfRange, section: destination.section, path: destination,
                    messages.rowMoveDestinationOutOfRange(move, count: new.count, unit: "sections"))
            } else if destination.row < 0 || destination.row >= new[destination.section] {
                report(
                    .moveOutOfRange, section: destination.section, path: destination,
                    messages.rowMoveDestinationOutOfRange(
                        move, count: new[destination.section],
                        unit: messages.rowsUnit(section: destination.section)))
            }
        }
        return result
    }
}
