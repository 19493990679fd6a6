import BoxDiff
import BoxDiffTestSupport
import Testing

/// An element: identity `id`, content `version`.
private struct Item: Differentiable, Equatable {
    var id: Int
    var version: Int
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Item) -> Bool { version == source.version }
}

/// A section model: identity `id`, content `title`.
private struct Header: Differentiable, Equatable {
    var id: Int
    var title: Int
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Header) -> Bool { title == source.title }
}

private typealias Sec = ArraySection<Header, Item>

/// What DifferenceKit's sectioned algorithm reports, as sets: the k-th
/// occurrence of an id in the target pairs with its k-th occurrence in the
/// source (sections, then the elements of all sections flattened); a
/// section is deleted, inserted or updated (at its target index) as paired;
/// an element is updated (at its source path) when it and both its
/// sections are paired and its content changed; deleted when unpaired in a
/// kept section or paired into an inserted section; inserted when unpaired
/// in a kept target section or paired out of a deleted section.
private struct DifferenceKitModel {
    var sectionDeleted: Set<Int> = []
    var sectionInserted: Set<Int> = []
    var sectionUpdated: Set<Int> = []
    var elementDeleted: Set<ElementPath> = []
    var elementInserted: Set<ElementPath> = []
    var elementUpdated: Set<ElementPath> = []
    /// Rows paired into an inserted section: deleted in DifferenceKit,
    /// moved in BoxDiff.
    var pairedIntoInsertedSections: Set<ElementPath> = []

    init(_ source: [Sec], _ target: [Sec]) {
        func pair<ID: Hashable>(_ old: [ID], _ new: [ID]) -> [Int?] {
            var queues: [ID: [Int]] = [:]
            for (i, id) in old.enumerated() { queues[id, default: []].append(i) }
            var next: [ID: Int] = [:]
            return new.map { id in
                let k = next[id, default: 0]
                next[id] = k + 1
                guard let queue = queues[id], k < queue.count else { return nil }
                return queue[k]
            }
        }
        let sectionOf = pair(source.map(\.model.id), target.map(\.model.id))
        var sourceSectionKept = Set<Int>()
        for (t, s) in sectionOf.enumerated() {
            if let s {
                sourceSectionKept.insert(s)
                if !target[t].model.isContentEqual(to: source[s].model) { sectionUpdated.insert(t) }
            } else {
                sectionInserted.insert(t)
            }
        }
        sectionDeleted = Set(source.indices).subtracting(sourceSectionKept)
        let oldPaths = source.enumerated().flatMap { s, section in
            section.elements.indices.map { ElementPath(element: $0, section: s) }
        }
        let newPaths = target.enumerated().flatMap { t, section in
            section.elements.indices.map { ElementPath(element: $0, section: t) }
        }
        let rowOf = pair(
            source.flatMap { $0.elements.map(\.id) }, target.flatMap { $0.elements.map(\.id) })
        var pairedOld = [ElementPath: ElementPath]()
        for (n, o) in rowOf.enumerated() {
            let new = newPaths[n]
            let targetKept = sectionOf[new.section] != nil
            guard let o else {
                if targetKept { elementInserted.insert(new) }
                continue
            }
            let old = oldPaths[o]
            pairedOld[old] = new
            let sourceKept = sourceSectionKept.contains(old.section)
            if targetKept && !sourceKept { elementInserted.insert(new) }
            if !targetKept && sourceKept { pairedIntoInsertedSections.insert(old) }
            if targetKept && sourceKept
                && !target[new.section].elements[new.element].isContentEqual(
                    to: source[old.section].elements[old.element])
            {
                elementUpdated.insert(old)
            }
        }
        for old in oldPaths where sourceSectionKept.contains(old.section) && pairedOld[old] == nil {
            elementDeleted.insert(old)
        }
    }
}

/// BoxDiff's sectioned changesets against DifferenceKit's, on random lists
/// with repeated section and element ids: the same section deletes,
/// inserts and updates, the same element deletes, inserts and updates,
/// except that a row paired into an inserted section is a move here (a
/// delete there), and each stage in DifferenceKit's order.
@Test func sectionedChangesetsAgreeWithDifferenceKitsModel() throws {
    var rng = SeededGenerator(seed: 0xD1FF_E4E0_CE4B)
    func sections(using rng: inout SeededGenerator) -> [Sec] {
        (0..<Int.random(in: 0...4, using: &rng)).map { _ in
            Sec(
                model: Header(id: Int.random(in: 0...4, using: &rng), title: Int.random(in: 0...1, using: &rng)),
                elements: (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                    Item(id: Int.random(in: 0...9, using: &rng), version: Int.random(in: 0...1, using: &rng))
                })
        }
    }
    for _ in 0..<3000 {
        let source = sections(using: &rng)
        let target = sections(using: &rng)
        let model = DifferenceKitModel(source, target)
        let changeset = try StagedChangeset(source: source, target: target)
        let all = changeset.map(\.batchUpdate)
        let context = "\(source) -> \(target)\n\(changeset)"
        #expect(Set(all.flatMap(\.sectionDeleted)) == model.sectionDeleted, "\(context)")
        #expect(Set(all.flatMap(\.sectionInserted)) == model.sectionInserted, "\(context)")
        #expect(Set(all.flatMap(\.sectionUpdated)) == model.sectionUpdated, "\(context)")
        #expect(
            Set(all.flatMap(\.elementDeleted)) == model.elementDeleted,
            "\(context)")
        #expect(Set(all.flatMap(\.elementInserted)) == model.elementInserted, "\(context)")
        #expect(
            Set(all.flatMap(\.elementUpdated)).subtracting(model.pairedIntoInsertedSections) == model.elementUpdated,
            "\(context)")
        #expect(changeset.last?.data ?? source == target, "\(context)")
        // DifferenceKit's stage order: updates; deletes; section inserts and
        // moves; row inserts and moves; section updates.
        let kinds = changeset.map { stage -> Int in
            if !stage.elementUpdated.isEmpty { return 1 }
            if !stage.sectionDeleted.isEmpty || !stage.elementDeleted.isEmpty { return 2 }
            if !stage.sectionInserted.isEmpty || !stage.sectionMoved.isEmpty { return 3 }
            if !stage.elementInserted.isEmpty || !stage.elementMoved.isEmpty { return 4 }
            return 5
        }
        #expect(kinds == kinds.sorted() && Set(kinds).count == kinds.count, "\(context)")
    }
}

/// BoxDiff's flat changesets against DifferenceKit's flat algorithm on
/// random lists with repeated ids: the same stages (updates, deletes,
/// inserts and moves) holding the same calls (moves aside: both are valid,
/// BoxDiff's are fewer) and the same data, DifferenceKit's intermediate
/// data being the source order with every paired element's target value
/// (the elements here are equal whenever their contents are).
@Test func flatChangesetsAgreeWithDifferenceKitsModel() throws {
    var rng = SeededGenerator(seed: 0xF1A7_D1FF)
    func list(using rng: inout SeededGenerator) -> [Item] {
        (0..<Int.random(in: 0...8, using: &rng)).map { _ in
            Item(id: Int.random(in: 0...6, using: &rng), version: Int.random(in: 0...1, using: &rng))
        }
    }
    for _ in 0..<3000 {
        let source = list(using: &rng)
        let target = list(using: &rng)
        // k-th occurrence pairing, as DifferenceKit's occurrence table does.
        var queues: [Int: [Int]] = [:]
        for (i, item) in source.enumerated() { queues[item.id, default: []].append(i) }
        var seen: [Int: Int] = [:]
        var newOf = [Int?](repeating: nil, count: source.count)
        var inserted: [ElementPath] = []
        for (j, item) in target.enumerated() {
            let k = seen[item.id, default: 0]
            seen[item.id] = k + 1
            if let queue = queues[item.id], k < queue.count {
                newOf[queue[k]] = j
            } else {
                inserted.append(ElementPath(element: j, section: 0))
            }
        }
        let deleted = source.indices.filter { newOf[$0] == nil }.map { ElementPath(element: $0, section: 0) }
        let updated = source.indices.filter { i in newOf[i].map { !target[$0].isContentEqual(to: source[i]) } ?? false }
            .map { ElementPath(element: $0, section: 0) }
        var expected: [Changeset<[Item]>] = []
        if !updated.isEmpty {
            expected.append(
                Changeset(
                    data: source.indices.map { newOf[$0].map { target[$0] } ?? source[$0] }, elementUpdated: updated))
        }
        if !deleted.isEmpty {
            expected.append(
                Changeset(data: source.indices.compactMap { newOf[$0].map { target[$0] } }, elementDeleted: deleted))
        }
        let changeset = try StagedChangeset(source: source, target: target)
        var stages = changeset.stages
        if let last = stages.last, !last.elementInserted.isEmpty || !last.elementMoved.isEmpty {
            #expect(last.elementInserted == inserted && last.data == target, "\(source) -> \(target)\n\(changeset)")
            stages.removeLast()
        } else {
            #expect(inserted.isEmpty, "\(source) -> \(target)\n\(changeset)")
        }
        if !expected.isEmpty {
            expected[expected.count - 1].data =
                changeset.count == expected.count ? target : expected[expected.count - 1].data
        }
        #expect(stages == expected, "\(source) -> \(target)\n\(changeset)")
    }
}
