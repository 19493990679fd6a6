import BoxDiff

/// Replays one stage of a Box changeset on a plain list of sections, call
/// by call, the way UIKit applies a batch to its cells; independent of the
/// library's own layout (`Changeset.applied(to:)`) and of the validator's
/// replay, it reads the stage's `data` only for the sections and rows the
/// stage inserts, reloads or reconfigures.
///
/// In UIKit's order: rows leave their old sections (deletes, move sources
/// and reloads, O paths, descending); sections leave (deletes, move
/// sources and reloads, O indices, descending); sections arrive (inserts
/// and reload targets from `data`, moved sections with their remaining
/// rows; N indices, ascending); rows arrive in the sections not taken from
/// `data` (inserts and reload targets from `data`, moved rows with their
/// node; N paths, ascending); then reconfigured rows take `data`'s node.
/// A reload lands where UIKit puts it: its index shifted by the deletes and
/// inserts of the batch, moves ignored.
public enum BoxStageReplay {
    /// A call the replay cannot apply.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// `box` after `stage`'s calls; with `reconfiguring` false, the
    /// reconfigured rows keep the node they had (their origin) instead of
    /// taking `data`'s.
    public static func apply<S, R>(
        _ stage: Changeset<Box<S, R>>, to box: Box<S, R>, reconfiguring: Bool = true
    ) throws(Failure) -> Box<S, R> {
        let data = stage.data.sections
        func fail(_ message: String) -> Failure { Failure(description: message) }

        // UIKit's target of a reload: x shifted down by the removed indices
        // below it, then up by each inserted index at or below it, ascending.
        func target(of x: Int, removing removed: [Int], inserting inserted: [Int]) -> Int {
            var y = x - removed.filter { $0 < x }.count
            for index in inserted.sorted() where index <= y { y += 1 }
            return y
        }
        let sectionDeletes = stage.sectionDeleted
        let sectionInserts = stage.sectionInserted
        func rows(_ paths: [ElementPath], in section: Int) -> [Int] {
            paths.filter { $0.section == section }.map(\.row)
        }

        // 1. Rows leave their old sections.
        var sections = box.sections
        var leaving: [ElementPath] = stage.elementDeleted + stage.elementUpdated
        leaving += stage.elementMoved.map(\.source)
        guard Set(leaving).count == leaving.count else { throw fail("a row leaves twice") }
        var movedRows: [ElementPath: Node<R>] = [:]
        for move in stage.elementMoved {
            let p = move.source
            guard sections.indices.contains(p.section), sections[p.section].rows.indices.contains(p.row)
            else { throw fail("move source \(p) out of range") }
            movedRows[p] = sections[p.section].rows[p.row]
        }
        for p in leaving.sorted(by: >) {
            guard sections.indices.contains(p.section), sections[p.section].rows.indices.contains(p.row)
            else { throw fail("row \(p) out of range") }
            sections[p.section].rows.remove(at: p.row)
        }

        // 2. Sections leave.
        let sectionsLeaving = sectionDeletes + stage.sectionUpdated + stage.sectionMoved.map(\.source)
        guard Set(sectionsLeaving).count == sectionsLeaving.count else { throw fail("a section leaves twice") }
        var movedSections: [Int: Section<S, R>] = [:]
        for s in sectionsLeaving.sorted(by: >) {
            guard sections.indices.contains(s) else { throw fail("section \(s) out of range") }
            movedSections[s] = sections.remove(at: s)
        }

        // 3. Sections arrive. `fromData`: N indices whose section is data's.
        var arriving: [(index: Int, section: Section<S, R>)] = []
        var fromData = Set<Int>()
        let reloadTargets = stage.sectionUpdated.map {
            target(of: $0, removing: sectionDeletes, inserting: sectionInserts)
        }
        for n in sectionInserts + reloadTargets {
            guard data.indices.contains(n) else { throw fail("section \(n) not in the stage's data") }
            arriving.append((n, data[n]))
            fromData.insert(n)
        }
        for move in stage.sectionMoved { arriving.append((move.destination, movedSections[move.source]!)) }
        guard Set(arriving.map(\.index)).count == arriving.count else { throw fail("two sections arrive at one index") }
        for (n, section) in arriving.sorted(by: { $0.index < $1.index }) {
            guard n <= sections.count else { throw fail("section \(n) arrives past the end") }
            sections.insert(section, at: n)
        }

        // 4. Rows arrive in the sections not taken from data.
        var rowsArriving: [(path: ElementPath, node: Node<R>)] = []
        func fromDataRow(_ p: ElementPath) throws(Failure) -> Node<R> {
            guard data.indices.contains(p.section), data[p.section].rows.indices.contains(p.row)
            else { throw fail("row \(p) not in the stage's data") }
            return data[p.section].rows[p.row]
        }
        for p in stage.elementInserted { rowsArriving.append((p, try fromDataRow(p))) }
        for p in stage.elementUpdated {
            let s = target(of: p.section, removing: sectionDeletes, inserting: sectionInserts)
            let r = target(
                of: p.row, removing: rows(stage.elementDeleted, in: p.section),
                inserting: rows(stage.elementInserted, in: s))
            let landing = ElementPath(section: s, row: r)
            rowsArriving.append((landing, try fromDataRow(landing)))
        }
        for move in stage.elementMoved { rowsArriving.append((move.destination, movedRows[move.source]!)) }
        rowsArriving.removeAll { fromData.contains($0.path.section) }
        guard Set(rowsArriving.map(\.path)).count == rowsArriving.count
        else { throw fail("two rows arrive at one path") }
        for (p, node) in rowsArriving.sorted(by: { $0.path < $1.path }) {
            guard sections.indices.contains(p.section), p.row <= sections[p.section].rows.count
            else { throw fail("row \(p) arrives out of range") }
            sections[p.section].rows.insert(node, at: p.row)
        }

        // 5. Reconfigures, N paths, after the batch.
        for p in stage.elementReconfigured where reconfiguring {
            guard sections.indices.contains(p.section), sections[p.section].rows.indices.contains(p.row)
            else { throw fail("reconfigure \(p) out of range") }
            sections[p.section].rows[p.row] = try fromDataRow(p)
        }
        return Box(sections: sections)
    }
}
