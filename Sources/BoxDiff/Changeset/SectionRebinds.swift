/// A section whose header and footer views are re-bound in place instead
/// of its reload: the diff for a view that re-binds sections
/// (``ListView/reconfiguresSections``, through ``BoxRenderer``) does not
/// report it updated, and lists it here.
@frozen @usableFromInline
struct SectionRebind: Sendable, Hashable {
    /// The index of the stage whose batch re-binds it (the last one).
    @usableFromInline let stage: Int
    /// The section's index in the state before that batch.
    @usableFromInline let section: Int
    /// Its index in that stage's data (the target).
    @usableFromInline let newSection: Int

    @inlinable
    init(stage: Int, section: Int, newSection: Int) {
        self.stage = stage
        self.section = section
        self.newSection = newSection
    }
}

/// Where a diff writes its section re-binds (see
/// ``StagedChangeset/init(source:target:options:workspace:rowContentChanged:sectionRebinds:)``):
/// a renderer's own, reused from render to render, or a background diff's.
@usableFromInline
final class SectionRebindList {
    /// The re-binds of the last diff that wrote them; emptied by their
    /// reader.
    @exclusivity(unchecked) @usableFromInline var rebinds: [SectionRebind] = []

    // Not inlinable, as every class initializer the module's inlinable
    // code calls (see IndexPathBuffer).
    @usableFromInline
    init() {}
}

extension Section {
    /// Whether `old` becomes `new` by re-binding its header and footer
    /// views in place: each of them stays absent, stays an equal
    /// comparable component, or stays an incomparable component
    /// (``Component/init(incomparable:)``, as Bento's component classes
    /// go in) of one type, and at least one is incomparable. A diff
    /// reports such a section updated on every render (nothing says it
    /// did not change) where Bento re-binds its visible header. A header
    /// or footer that appears, disappears, changes comparable content or
    /// changes type is not re-bound (a re-bind cannot add or remove a
    /// view, and a reused view keeps its class): its section is reloaded.
    @usableFromInline
    static func rebindsInPlace(_ old: Section, _ new: Section) -> Bool {
        guard let header = supplementRebinds(old.header, new.header),
            let footer = supplementRebinds(old.footer, new.footer)
        else { return false }
        return header || footer
    }

    /// For one header or footer: `true` when a re-bind shows it
    /// (incomparable on both sides, of one type), `false` when it needs
    /// nothing (absent, or equal comparable components), `nil` when its
    /// section needs a reload.
    @usableFromInline
    static func supplementRebinds(_ old: Component?, _ new: Component?) -> Bool? {
        switch (old, new) {
        case (nil, nil):
            return false
        case (let a?, let b?):
            if !a.isComparable && !b.isComparable {
                return ObjectIdentifier(type(of: a.value)) == ObjectIdentifier(type(of: b.value)) ? true : nil
            }
            return a.isComparable && b.isComparable && a == b ? false : nil
        default:
            return nil
        }
    }
}

extension BoxMatching {
    /// For each old section, whether it is paired (`pairs`: the sections'
    /// old-to-new map first) and re-bound in place
    /// (``Section/rebindsInPlace(_:_:)``), in the workspace's
    /// `reboundSections`; `nil` when none is. Only sections incomparable
    /// on both sides (content hash 0) are looked at.
    /// - Complexity: O(sections).
    @usableFromInline
    static func reboundSections<S, R>(
        _ source: borrowing Box<S, R>, _ target: borrowing Box<S, R>, old: IdentityTable, new: IdentityTable,
        pairs: borrowing [UInt32], workspace: borrowing DiffWorkspace
    ) -> UnsafePointer<Bool>? {
        var flags = workspace.reboundSections
        workspace.reboundSections = []
        flags.removeAll(keepingCapacity: true)
        flags.append(contentsOf: repeatElement(false, count: old.sectionCount))
        var any = false
        for s in 0..<old.sectionCount {
            let t = pairs[s]
            guard t != none, old.sectionContent(s) == 0, new.sectionContent(Int(t)) == 0,
                Section.rebindsInPlace(source.sections[s], target.sections[Int(t)])
            else { continue }
            flags[s] = true
            any = true
        }
        // The buffer moves to the workspace (same storage, same address).
        let rebound = any ? flags.unretained.baseAddress : nil
        workspace.reboundSections = consume flags
        return rebound
    }

    /// The re-binds of ``reboundSections``, in the last of `stages`' batch
    /// (after every structural change), each with the section's index
    /// before that batch: the old index when the last stage is the
    /// update or delete stage (its batch starts from the source's
    /// sections, as a single batch does: `singleBatch`), its index among
    /// the surviving sections before the section stage, the target's
    /// index before the row, reconfigure and section-update stages (the
    /// sections are in the target's order by then). With no stage (nothing
    /// else changed), in the stage without calls that the diff adds for
    /// them, from the old indices (the same sections in the same order).
    @usableFromInline
    func sectionRebinds<Data>(in stages: borrowing [Changeset<Data>], singleBatch: Bool) -> [SectionRebind] {
        guard let reboundSections else { return [] }
        // Where the last batch starts from: 0 the source's sections, 1 the
        // survivors', 2 the target's.
        let last = stages.count - 1
        var before = 0
        if !singleBatch, last >= 0 {
            let calls = stages[last].batchUpdate
            if !calls.sectionUpdated.isEmpty || !calls.elementInserted.isEmpty || !calls.elementMoved.isEmpty
                || !calls.elementReconfigured.isEmpty
            {
                before = 2
            } else if !calls.sectionInserted.isEmpty || !calls.sectionMoved.isEmpty {
                before = 1
            }
        }
        var rebinds: [SectionRebind] = []
        var survivors = 0
        for s in 0..<old.sectionCount {
            let t = sectionOldToNew(s)
            guard t != Self.none else { continue }
            defer { survivors += 1 }
            guard reboundSections[s] else { continue }
            let section = before == 0 ? s : before == 1 ? survivors : Int(t)
            rebinds.append(SectionRebind(stage: max(0, last), section: section, newSection: Int(t)))
        }
        return rebinds
    }
}
