import BoxDiff

extension BatchUpdateValidator {
    /// Rules 1, 2 and 11, and the range checks of the reload targets UIKit
    /// computes (rules 5 and 6 applied to `s'` and `r'`).
    ///
    /// Counts are taken as UIKit's messages state them: every distinct call
    /// whose section exists counts, even when its row is out of range (that
    /// is reported by rules 4–7, and not again as a wrong count), after
    /// UIKit's drops (row deletes inside deleted sections, row inserts
    /// inside inserted sections). When the section count is wrong (rule 1),
    /// or right only thanks to out-of-range section calls, the sections
    /// cannot be matched up, so rules 2 and 11 are skipped: UIKit stops at
    /// the first exception too.
    func countViolations(_ update: BatchUpdate, _ sim: BatchSimulation, batchIndex: Int) -> [BatchViolation] {
        var result: [BatchViolation] = []
        func report(_ rule: BatchRule, section: Int?, path: ElementPath? = nil, _ message: String) {
            result.append(
                BatchViolation(rule: rule, batchIndex: batchIndex, section: section, path: path, message: message))
        }
        let old = sim.old
        let new = sim.new

        // Rule 1.
        let inserted = Set(update.sectionInserted).count
        let deleted = Set(update.sectionDeleted).count
        let sectionsAgree = new.count - old.count == inserted - deleted
        if !sectionsAgree {
            report(
                .sectionCount, section: nil,
                messages.sectionCount(after: new.count, before: old.count, inserted: inserted, deleted: deleted))
        }
        let sectionMapIsSound = new.count - old.count == sim.sectionInserts.count - sim.sectionDeletes.count

        // Reload targets out of range (rules 5 and 6, as UIKit would raise them).
        for section in sim.sectionReloads {
            guard let target = sim.sectionReloadTargets[section], !new.indices.contains(target) else { continue }
            report(
                .sectionInsertOutOfRange, section: target, messages.sectionInsertOutOfRange(target, count: new.count))
        }
        for path in sim.rowReloads {
            guard let target = sim.rowReloadTargets[path], !sim.isInNew(target) else { continue }
            if new.indices.contains(target.section) {
                report(
                    .rowInsertOutOfRange, section: target.section, path: target,
                    messages.rowInsertOutOfRange(target, count: new[target.section]))
            } else {
                report(
                    .rowInsertOutOfRange, section: target.section, path: target,
                    messages.rowInsertSectionOutOfRange(target, sectionCount: new.count))
            }
        }
        guard sectionsAgree, sectionMapIsSound else { return result }

        // Rule 2, for every O section carried to an N section.
        let goneSections = Set(sim.sectionDeletes).union(sim.sectionReloads)
        let freshSections = Set(sim.sectionInserts).union(sim.sectionReloadTargets.values)
        let deletedRows = Set(update.elementDeleted)
        var deletedIn: [Int: Int] = [:]
        for path in deletedRows where old.indices.contains(path.section) && !goneSections.contains(path.section) {
            deletedIn[path.section, default: 0] += 1
        }
        var insertedIn: [Int: Int] = [:]
        for path in Set(update.elementInserted)
        where new.indices.contains(path.section) && !freshSections.contains(path.section) {
            insertedIn[path.section, default: 0] += 1
        }
        for path in sim.rowReloads {
            deletedIn[path.section, default: 0] += 1
            if let target = sim.rowReloadTargets[path] { insertedIn[target.section, default: 0] += 1 }
        }
        var movedOut: [Int: Int] = [:]
        var movedIn: [Int: Int] = [:]
        let countedMoves = BatchSimulation.firstPerEnd(
            update.elementMoved.filter {
                old.indices.contains($0.source.section) && new.indices.contains($0.destination.section)
                    && !deletedRows.contains($0.source)
            })
        for move in countedMoves {
            let carriedTo =
                sim.sectionMap.indices.contains(move.source.section) ? sim.sectionMap[move.source.section] : nil
            guard carriedTo != move.destination.section else { continue }
            movedOut[move.source.section, default: 0] += 1
            movedIn[move.destination.section, default: 0] += 1
        }
        var badSections = Set<Int>()
        for (target, origin) in sim.sectionSource.enumerated() {
            guard let origin, new.indices.contains(target), old.indices.contains(origin) else { continue }
            let ins = insertedIn[target] ?? 0
            let del = deletedIn[origin] ?? 0
            let moveIn = movedIn[target] ?? 0
            let moveOut = movedOut[origin] ?? 0
            // Differences of non-negative Ints and small call counts: no overflow.
            if new[target] - old[origin] != ins - del + moveIn - moveOut {
                badSections.insert(origin)
                report(
                    .rowCount, section: target,
                    messages.rowCount(
                        section: target, after: new[target], before: old[origin],
                        inserted: ins, deleted: del, movedIn: moveIn, movedOut: moveOut))
            }
        }

        // Rule 11: the reload target UIKit computes against where the
        // reloaded section or row really ends up.
        for section in sim.sectionReloads {
            guard let target = sim.sectionReloadTargets[section], new.indices.contains(target),
                let truePosition = sim.trueSectionMap[section], truePosition != target
            else { continue }
            report(
                .reloadTarget, section: section,
                messages.sectionReloadTarget(section, uikitTarget: target, truePosition: truePosition))
        }
        for path in sim.rowReloads where !badSections.contains(path.section) {
            guard let target = sim.rowReloadTargets[path], sim.isInNew(target) else { continue }
            if let truePosition = sim.truePosition(ofRowAt: path) {
                guard truePosition != target else { continue }
                report(
                    .reloadTarget, section: path.section, path: path,
                    messages.rowReloadTarget(path, uikitTarget: target, truePosition: truePosition))
            } else if let trueSection = sim.trueSectionMap[path.section], trueSection != target.section {
                // No place for the row in its own section (the counts have it
                // leave with the insert half): `r'` is in another section,
                // so it is provably not where the row ends up.
                report(
                    .reloadTarget, section: path.section, path: path,
                    messages.rowReloadTarget(path, uikitTarget: target, trueSection: trueSection))
            }
        }
        return result
    }
}
