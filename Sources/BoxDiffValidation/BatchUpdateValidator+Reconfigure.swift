import BoxDiff

extension BatchUpdateValidator {
    /// The reconfigure checks of one batch (spec, "Reconfigure"): its
    /// `elementReconfigured` run right after the batch, so they are N paths of
    /// that batch, must name rows that exist, and must not name rows the
    /// batch itself inserts or reloads (those cells are new already).
    /// Whether the rows' content changed needs identities: see
    /// `replayViolations(from:to:steps:)`.
    func reconfigureViolations(_ update: BatchUpdate, _ sim: BatchSimulation, batchIndex: Int) -> [BatchViolation] {
        var result: [BatchViolation] = []
        func report(
            _ rule: BatchRule, _ path: ElementPath, severity: BatchViolation.Severity = .error, _ message: String
        ) {
            result.append(
                BatchViolation(
                    rule: rule, batchIndex: batchIndex, section: path.section, path: path, severity: severity,
                    message: message))
        }
        let insertedRows = Set(update.elementInserted)
        let reloadTargets = Set(sim.rowReloadTargets.values)
        let freshSections = Set(update.sectionInserted).union(sim.sectionReloadTargets.values)
        for path in firstOccurrences(update.elementReconfigured) {
            if !sim.new.indices.contains(path.section) {
                report(
                    .reconfigureOutOfRange, path,
                    messages.reconfigureSectionOutOfRange(path, sectionCount: sim.new.count))
            } else if !sim.isInNew(path) {
                report(.reconfigureOutOfRange, path, messages.reconfigureOutOfRange(path, count: sim.new[path.section]))
            } else if insertedRows.contains(path) || reloadTargets.contains(path)
                || freshSections.contains(path.section)
            {
                report(.reconfigureOfReplacedRow, path, messages.reconfigureOfReplacedRow(path))
            }
        }
        for path in repeatedElements(update.elementReconfigured) {
            report(.duplicateReconfigure, path, severity: .warning, messages.duplicateReconfigure(path))
        }
        return result
    }

    /// A batch's reconfigures are N paths of that batch; a later batch that
    /// deletes, inserts or moves shifts them before they are shown. One
    /// violation per reconfiguring batch, naming the first such later batch.
    func reconfigureOrderViolations(_ steps: [BatchStep]) -> [BatchViolation] {
        var result: [BatchViolation] = []
        var nextStructural: Int? = nil
        for index in steps.indices.reversed() {
            let update = steps[index].update
            if !update.elementReconfigured.isEmpty, let later = nextStructural {
                result.append(
                    BatchViolation(
                        rule: .reconfigureBeforeStructuralChange, batchIndex: index,
                        message: messages.reconfigureBeforeStructuralChange(batch: index, laterBatch: later)))
            }
            if update.hasStructuralChanges { nextStructural = index }
        }
        return result.reversed()
    }
}
