// A staged sectioned diff's stages, built as the caller's sections straight
// from the Box plan's calls and the matching's maps: no intermediate Box
// is built, copied into, mapped back and freed (at 20 rows in a section
// those Boxes were most of the sectioned diff's cost beyond the Box
// diff's own).

/// The sectioned diff's parts beyond the Box engine's matching and plans
/// (see ``SectionedSide`` for its input).
@usableFromInline
enum SectionedDiff {
    /// The stages of a staged sectioned diff: `plan`'s calls, each stage's
    /// data the caller's sections as they stand after the stage (the last
    /// stage's `target` itself), each section rebuilt with
    /// `init(source:elements:)` from a model (a section of `source` or of
    /// `target`, the sides ``SectionedSide`` made) and elements of the
    /// sides' flat lists, the source's models in every intermediate stage,
    /// as the Box engine's stages
    /// (``BoxStagedPlan/stages(_:source:target:keepsSourceHeaders:cancellation:)``)
    /// would show Boxes of the same sections:
    ///
    /// 1. (row updates) the source's sections, every paired element
    ///    showing its target value but a changed one that a later stage
    ///    reconfigures, or one in a deleted section, which shows its old
    ///    value;
    /// 2. (deletes) the same without the deleted sections and elements;
    /// 3. (section inserts and moves) the surviving sections of stage 2 in
    ///    their target order, and each inserted section with the target
    ///    elements that arrive with it (those not carried from a surviving
    ///    section);
    /// 4. (row inserts and moves) the target's elements under the old
    ///    models (inserted sections: their own), the elements stage 5
    ///    reconfigures still showing their old values;
    /// 5. (reconfigures) the target's elements under the old models;
    /// 6. (section updates) the target.
    ///
    /// A paired element whose value is unchanged shows its target value in
    /// every stage, as DifferenceKit's intermediate stages do.
    /// `cancellation` is checked before each of the first five stages,
    /// whether the plan has it or not (five checks).
    /// - Complexity: O(sections + elements) per intermediate stage.
    @inlinable
    static func stages<Data: RangeReplaceableCollection, C: DiffCancellation>(
        _ plan: consuming BoxStagedPlan, _ m: borrowing BoxMatching, source: borrowing SectionedSide<Data.Element>,
        target: Data, targetSide: borrowing SectionedSide<Data.Element>, cancellation: C
    ) throws(DiffError) -> [Changeset<Data>] where Data.Element: DifferentiableSection {
        typealias Element = Data.Element.Collection.Element
        let none = BoxMatching.none
        let shape = plan.shape
        let lastStage = shape.lastStage
        let reloads = plan.updateStyle == .reload
        // Whether a later stage reconfigures elements (which show their
        // old values until then).
        let anyReconfigured = !plan.update.elementReconfigured.isEmpty
        // Whether a section can show its target section's elements before
        // stage 3 (see `showsTarget`): not when the target has one section
        // and a row is inserted or moved, as it then lands there (a one-
        // section list, whose scans would be wasted).
        let mayShare =
            m.new.sectionCount > 1 || (plan.update.elementInserted.isEmpty && plan.update.elementMoved.isEmpty)
        var stages: [Changeset<Data>] = []
        if plan.update.hasChanges { stages.reserveCapacity(5) }

        // The section models and the flat elements of each side.
        let oldSections = source.sections
        let newSections = targetSide.sections
        let old = source.elements
        let new = targetSide.elements
        func oldModel(_ s: Int) -> Data.Element { oldSections[s] }
        func newModel(_ t: Int) -> Data.Element { newSections[t] }
        // Whether changed paired old element `i` (new `j`) is reloaded in
        // stage 1 when its section survives, rather than reconfigured by a
        // later stage (the plan's own test).
        func isReloaded(_ raw: BoxMatching.Raw, _ i: Int, _ j: Int) -> Bool {
            reloads && !(raw.oldContent(i) == 0 && raw.newContent(j) == 0)
        }
        // Old section `s`'s elements before stage 3: each paired one (and,
        // with `keepsDeleted`, each deleted one) in order. A paired one
        // shows its target value when unchanged, or when changed and
        // reloaded in stage 1 (its section survives: the rows of a deleted
        // section are not updated).
        func oldSectionElements(_ raw: BoxMatching.Raw, _ s: Int, keepsDeleted: Bool) -> [Element] {
            let start = raw.oldStart(s)
            let end = raw.oldStart(s + 1)
            let survives = raw.sectionOldToNew[s] != none
            var elements: [Element] = []
            elements.reserveCapacity(end - start)
            for i in start..<end {
                let j32 = raw.rowOldToNew[i]
                if j32 == none {
                    if keepsDeleted { elements.append(old[i]) }
                    continue
                }
                let j = Int(j32)
                let showsNew = !m.rowUpdated(old: i, new: j) || (survives && isReloaded(raw, i, j))
                elements.append(showsNew ? new[j] : old[i])
            }
            return elements
        }
        // Whether old section `s`'s elements before stage 3 (see
        // `oldSectionElements`) are, in order, the elements of its target
        // section `t`: none deleted (or, without `keepsDeleted`, the
        // deleted ones left out), none moved or carried to or from another
        // section, and, when the plan reconfigures anything, each showing
        // its target value (a reconfigured one shows its old value until
        // then). Stops at the first element out of place; a section of
        // another size than `t` is not scanned with `keepsDeleted`.
        func showsTarget(_ raw: BoxMatching.Raw, _ s: Int, _ t: Int, keepsDeleted: Bool) -> Bool {
            let start = raw.oldStart(s)
            let end = raw.oldStart(s + 1)
            var j = raw.newStart(t)
            let targetEnd = raw.newStart(t + 1)
            if keepsDeleted ? end - start != targetEnd - j : end - start < targetEnd - j { return false }
            for i in start..<end {
                let j32 = raw.rowOldToNew[i]
                if j32 == none {
                    if keepsDeleted { return false }
                    continue
                }
                if Int(j32) != j { return false }
                if anyReconfigured && m.rowUpdated(old: i, new: j) && !isReloaded(raw, i, j) { return false }
                j += 1
            }
            return j == targetEnd
        }
        // Old section `s` before stage 3, under its old model. A section
        // whose elements are its target section's, in order (an app's usual
        // render leaves most sections so), shares the target's collection
        // instead of a copy: no allocation, no copy per element (at 20 rows
        // in 5 sections, the benchmark's mix, 6 of the diff's 17
        // allocations were such copies).
        func oldSection(_ raw: BoxMatching.Raw, _ s: Int, keepsDeleted: Bool) -> Data.Element {
            let t32 = raw.sectionOldToNew[s]
            if mayShare && t32 != none && showsTarget(raw, s, Int(t32), keepsDeleted: keepsDeleted) {
                return Data.Element(source: oldModel(s), elements: newSections[Int(t32)].elements)
            }
            return Data.Element(source: oldModel(s), elements: oldSectionElements(raw, s, keepsDeleted: keepsDeleted))
        }
        // Whether new element `j` is one that stage 5 reconfigures
        // (changed, carried from a surviving section, not reloaded), so
        // that it shows its old value until then.
        func isReconfigured(_ raw: BoxMatching.Raw, _ j: Int) -> Bool {
            let i32 = raw.rowNewToOld[j]
            guard i32 != none else { return false }
            let i = Int(i32)
            return raw.isCarried(old: i) && m.rowUpdated(old: i, new: j) && !isReloaded(raw, i, j)
        }
        // Whether new section `t` has an element that stage 5 reconfigures.
        func showsOldElement(_ raw: BoxMatching.Raw, _ t: Int) -> Bool {
            (raw.newStart(t)..<raw.newStart(t + 1)).contains { isReconfigured(raw, $0) }
        }
        // New section `t`'s elements from stage 4 on; with `reconfigured`,
        // the elements that stage 5 reconfigures show their old values.
        func newSectionElements(_ raw: BoxMatching.Raw, _ t: Int, reconfigured: Bool) -> [Element] {
            let start = raw.newStart(t)
            let end = raw.newStart(t + 1)
            var elements: [Element] = []
            elements.reserveCapacity(end - start)
            for j in start..<end {
                if reconfigured && isReconfigured(raw, j) {
                    elements.append(old[Int(raw.rowNewToOld[j])])
                    continue
                }
                elements.append(new[j])
            }
            return elements
        }
        // The sections from stage 4 on (old models for paired sections).
        func settled(reconfigured: Bool) -> Data {
            m.withRaw { raw in
                var data = Data()
                data.reserveCapacity(m.new.sectionCount)
                for t in 0..<m.new.sectionCount {
                    let s = raw.sectionNewToOld[t]
                    let model = s == none ? newModel(t) : oldModel(Int(s))
                    // The target's own collection when no element of the
                    // section shows its old value.
                    data.append(
                        reconfigured && showsOldElement(raw, t)
                            ? Data.Element(source: model, elements: newSectionElements(raw, t, reconfigured: true))
                            : Data.Element(source: model, elements: newSections[t].elements))
                }
                return data
            }
        }

        // 1. Updates.
        try cancellation.check()
        if !plan.update.elementUpdated.isEmpty {
            let data =
                lastStage == 1
                ? target
                : m.withRaw { raw in
                    var data = Data()
                    data.reserveCapacity(m.old.sectionCount)
                    for s in 0..<m.old.sectionCount {
                        data.append(oldSection(raw, s, keepsDeleted: true))
                    }
                    return data
                }
            stages.append(Changeset(data: data, elementUpdated: Array.take(&plan.update.elementUpdated)))
        }

        // 2. Deletes; the survivors' elements are stage 3's too.
        var survivors: [Data.Element] = []
        try cancellation.check()
        if shape.hasDeleteStage || (shape.hasSectionStage && lastStage > 3) {
            m.withRaw { raw in
                survivors.reserveCapacity(m.old.sectionCount)
                for s in 0..<m.old.sectionCount where raw.sectionOldToNew[s] != none {
                    survivors.append(oldSection(raw, s, keepsDeleted: false))
                }
            }
        }
        if shape.hasDeleteStage {
            stages.append(
                Changeset(
                    data: lastStage == 2 ? target : Data(survivors),
                    sectionDeleted: Array.take(&plan.update.sectionDeleted),
                    elementDeleted: Array.take(&plan.update.elementDeleted)))
        }

        // 3. Section inserts (with the elements arriving with them) and moves.
        try cancellation.check()
        if shape.hasSectionStage {
            let data =
                lastStage == 3
                ? target
                : m.withRaw { raw in
                    // Each surviving old section's place among the survivors.
                    var position = [Int](repeating: -1, count: m.old.sectionCount)
                    var next = 0
                    for s in 0..<m.old.sectionCount where raw.sectionOldToNew[s] != none {
                        position[s] = next
                        next += 1
                    }
                    var data = Data()
                    data.reserveCapacity(m.new.sectionCount)
                    for t in 0..<m.new.sectionCount {
                        let s = raw.sectionNewToOld[t]
                        if s != none {
                            data.append(survivors[position[Int(s)]])
                            continue
                        }
                        let start = raw.newStart(t)
                        let count = raw.newStart(t + 1) - start
                        let arriving = BoxMatching.UncarriedRows(raw, newStart: start)
                        // All of them arrive (the usual new section): the
                        // target's own collection, shared.
                        if (0..<count).allSatisfy({ arriving.keeps($0) }) {
                            data.append(Data.Element(source: newModel(t), elements: newSections[t].elements))
                            continue
                        }
                        var elements: [Element] = []
                        elements.reserveCapacity(count)
                        for r in 0..<count where arriving.keeps(r) {
                            elements.append(new[start + r])
                        }
                        data.append(Data.Element(source: newModel(t), elements: elements))
                    }
                    return data
                }
            stages.append(
                Changeset(
                    data: data, sectionInserted: Array.take(&plan.update.sectionInserted),
                    sectionMoved: Array.take(&plan.update.sectionMoved)))
        }

        // 4. Row inserts and moves (with reloads, the re-bound rows'
        // reconfigures too: they then show their new values).
        try cancellation.check()
        if shape.hasRowStage {
            stages.append(
                Changeset(
                    data: lastStage == 4 ? target : settled(reconfigured: !shape.reconfiguresWithRows),
                    elementInserted: Array.take(&plan.update.elementInserted),
                    elementMoved: Array.take(&plan.update.elementMoved),
                    elementReconfigured: shape.reconfiguresWithRows ? Array.take(&plan.update.elementReconfigured) : []
                ))
        }

        // 5. Reconfigures.
        try cancellation.check()
        if shape.hasReconfigureStage {
            stages.append(
                Changeset(
                    data: lastStage == 5 ? target : settled(reconfigured: false),
                    elementReconfigured: Array.take(&plan.update.elementReconfigured)))
        }

        // 6. Section updates.
        if !plan.update.sectionUpdated.isEmpty {
            stages.append(Changeset(data: target, sectionUpdated: Array.take(&plan.update.sectionUpdated)))
        }
        return stages
    }
}
