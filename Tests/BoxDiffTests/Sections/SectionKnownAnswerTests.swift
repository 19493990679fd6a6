import BoxDiff
import BoxDiffValidation
import Testing

private func path(_ section: Int, _ row: Int) -> ElementPath { ElementPath(section: section, row: row) }

private func contacts(_ pairs: (Int, String)...) -> [Contact] { pairs.map { Contact(id: $0.0, name: $0.1) } }

@Suite("Sectioned diff: known answers")
struct SectionKnownAnswerTests {
    let friends = Group(id: 1, title: "Friends")
    let work = Group(id: 2, title: "Work")

    @Test func fieldIgnoredByIsContentEqualIsNotAnUpdate() throws {
        let old = [ContactSection(model: friends, elements: contacts((1, "Ann"), (2, "Bob")))]
        var new = old
        new[0].elements[0].lastSeen = 7
        new[0].model.unread = 3
        let changeset = try StagedChangeset(source: old, target: new)
        #expect(changeset.isEmpty)
        #expect(changeset.violations(from: old).isEmpty)
    }

    @Test func fieldComparedByIsContentEqualIsAnUpdate() throws {
        let old = [ContactSection(model: friends, elements: contacts((1, "Ann"), (2, "Bob")))]
        var new = old
        new[0].elements[0].lastSeen = 7  // ignored
        new[0].elements[1].name = "Rob"  // compared
        let changeset = try StagedChangeset(source: old, target: new)
        #expect(changeset.stages == [Changeset(data: new, elementUpdated: [path(0, 1)])])

        var options = DiffOptions()
        options.updateStyle = .reconfigure
        let reconfigured = try StagedChangeset(source: old, target: new, options: options)
        #expect(reconfigured.stages == [Changeset(data: new, elementReconfigured: [path(0, 1)])])
        #expect(changeset.violations(from: old).isEmpty && reconfigured.violations(from: old).isEmpty)
    }

    @Test func sectionModelDecidesSectionUpdates() throws {
        let old = [ContactSection(model: friends, elements: contacts((1, "Ann")))]
        var unread = old
        unread[0].model.unread = 9
        #expect(try StagedChangeset(source: old, target: unread).isEmpty)
        var renamed = old
        renamed[0].model.title = "Pals"
        let changeset = try StagedChangeset(source: old, target: renamed)
        #expect(changeset.stages == [Changeset(data: renamed, sectionUpdated: [0])])
        #expect(changeset.violations(from: old).isEmpty)
    }

    @Test func elementMovesAcrossSections() throws {
        let old = [
            ContactSection(model: friends, elements: contacts((1, "Ann"), (2, "Bob"), (3, "Cat"))),
            ContactSection(model: work, elements: contacts((4, "Dan"))),
        ]
        let new = [
            ContactSection(model: friends, elements: contacts((1, "Ann"), (3, "Cat"))),
            ContactSection(model: work, elements: contacts((4, "Dan"), (2, "Bob"))),
        ]
        let changeset = try StagedChangeset(source: old, target: new)
        #expect(
            changeset.stages == [
                Changeset(data: new, elementMoved: [Move(source: path(0, 1), destination: path(1, 1))])
            ])
        #expect(changeset.violations(from: old).isEmpty)
    }

    @Test func oneSectionMovedIsOneMove() throws {
        let sections = (1...4).map {
            ContactSection(model: Group(id: $0, title: "G\($0)"), elements: contacts(($0 * 10, "x")))
        }
        let new = [sections[3]] + sections[0..<3]
        let changeset = try StagedChangeset(source: sections, target: new)
        #expect(changeset.stages == [Changeset(data: new, sectionMoved: [Move(source: 3, destination: 0)])])
        #expect(changeset.violations(from: sections).isEmpty)
    }

    /// DifferenceKit's README example shape: `ArraySection(model:elements:)`
    /// over plain `String`s.
    @Test func differenceKitStyleArraySections() throws {
        let source = [ArraySection(model: "A", elements: ["a", "b"]), ArraySection(model: "B", elements: ["c"])]
        let target = [ArraySection(model: "B", elements: ["c", "d"]), ArraySection(model: "A", elements: ["a"])]
        let changeset = try StagedChangeset(source: source, target: target)
        #expect(changeset.count == 3)
        #expect(changeset[0].elementDeleted == [path(0, 1)])
        #expect(
            changeset[0].data == [ArraySection(model: "A", elements: ["a"]), ArraySection(model: "B", elements: ["c"])])
        #expect(changeset[1].sectionMoved == [Move(source: 0, destination: 1)])
        #expect(
            changeset[1].data == [ArraySection(model: "B", elements: ["c"]), ArraySection(model: "A", elements: ["a"])])
        #expect(changeset[2].elementInserted == [path(0, 1)])
        #expect(changeset[2].data == target)
        #expect(changeset.violations(from: source).isEmpty)
    }

    /// Every stage kind, each carrying its intermediate sections: the
    /// updated element already shows its new content, the deleted section
    /// is gone, the inserted one arrives with its elements, and an element
    /// of a deleted section is inserted elsewhere.
    @Test func stagesCarryIntermediateSections() throws {
        let old = [
            ContactSection(model: friends, elements: contacts((1, "Ann"), (2, "Bob"))),
            ContactSection(model: work, elements: contacts((3, "Cat"))),
        ]
        let family = Group(id: 3, title: "Family")
        let new = [
            ContactSection(model: friends, elements: contacts((1, "Anne"), (3, "Cat"))),
            ContactSection(model: family, elements: contacts((5, "Eve"))),
        ]
        let changeset = try StagedChangeset(source: old, target: new)
        let expected: [Changeset<[ContactSection]>] = [
            Changeset(
                data: [
                    ContactSection(model: friends, elements: contacts((1, "Anne"), (2, "Bob"))),
                    ContactSection(model: work, elements: contacts((3, "Cat"))),
                ],
                elementUpdated: [path(0, 0)]),
            Changeset(
                data: [ContactSection(model: friends, elements: contacts((1, "Anne")))],
                sectionDeleted: [1], elementDeleted: [path(0, 1)]),
            Changeset(
                data: [
                    ContactSection(model: friends, elements: contacts((1, "Anne"))),
                    ContactSection(model: family, elements: contacts((5, "Eve"))),
                ],
                sectionInserted: [1]),
            Changeset(data: new, elementInserted: [path(0, 1)]),
        ]
        #expect(changeset.stages == expected)
        #expect(changeset.violations(from: old).isEmpty)
    }

    @Test func duplicateElementsPairInOrderOrAreRejected() throws {
        let old = [ContactSection(model: friends, elements: contacts((1, "Ann"), (1, "Ann"), (2, "Bob")))]
        let new = [ContactSection(model: friends, elements: contacts((2, "Bob"), (1, "Ann")))]
        let changeset = try StagedChangeset(source: old, target: new)
        #expect(
            changeset.stages.map(\.batchUpdate) == [
                BatchUpdate(elementDeleted: [path(0, 1)]),
                BatchUpdate(elementMoved: [Move(source: path(0, 0), destination: path(0, 1))]),
            ])
        #expect(changeset.last?.data == new)
        #expect(changeset.violations(from: old).isEmpty)

        var reject = DiffOptions()
        reject.duplicates = .reject
        #expect(
            throws: DiffError.duplicateIdentifier(
                "1", side: .old, location: .row(path(0, 1)), firstLocation: .row(path(0, 0)))
        ) {
            try StagedChangeset(source: old, target: new, options: reject)
        }
    }

    @Test func singleBatchAndReloadThresholdPassThrough() throws {
        let old = [
            ContactSection(model: friends, elements: contacts((1, "Ann"), (2, "Bob"))),
            ContactSection(model: work, elements: contacts((3, "Cat"))),
        ]
        let new = [
            ContactSection(model: work, elements: contacts((3, "Kat"), (1, "Ann"))),
            ContactSection(model: friends, elements: contacts((4, "Dan"))),
        ]
        var single = DiffOptions()
        single.mode = .singleBatch
        let batch = try StagedChangeset(source: old, target: new, options: single)
        #expect(batch.count == 1 && batch[0].data == new && batch[0].hasChanges)
        #expect(batch.violations(from: old).isEmpty)

        var threshold = DiffOptions()
        threshold.reloadThreshold = 2
        let reload = try StagedChangeset(source: old, target: new, options: threshold)
        #expect(reload.reloadsEverything)
        #expect(reload.stages == [Changeset(data: new)])
    }

    /// A section type of one's own, and a collection that is not an Array.
    @Test func customSectionTypeAndCollection() throws {
        let old: ContiguousArray<Shelf> = [
            Shelf(name: "top", elements: contacts((1, "Ann"))), Shelf(name: "low", elements: contacts((2, "Bob"))),
        ]
        let new: ContiguousArray<Shelf> = [
            Shelf(name: "low", elements: contacts((2, "Bob"), (1, "Ann"))), Shelf(name: "top", elements: []),
        ]
        let changeset = try StagedChangeset(source: old, target: new)
        #expect(
            changeset.stages.map(\.batchUpdate) == [
                BatchUpdate(sectionMoved: [Move(source: 0, destination: 1)]),
                BatchUpdate(elementMoved: [Move(source: path(1, 0), destination: path(0, 1))]),
            ])
        #expect(
            changeset[0].data == [
                Shelf(name: "low", elements: contacts((2, "Bob"))), Shelf(name: "top", elements: contacts((1, "Ann"))),
            ])
        #expect(changeset.last?.data == new)
        #expect(changeset.violations(from: old).isEmpty)
    }

    /// The validator judges updates by `isContentEqual`: an update left out
    /// is a missed update, an update of an element whose compared fields
    /// did not change is a reload of unchanged content.
    @Test func validatorUsesIsContentEqual() throws {
        let old = [ContactSection(model: friends, elements: contacts((1, "Ann"), (2, "Bob")))]
        var new = old
        new[0].elements[0].name = "Anne"
        new[0].elements[1].lastSeen = 5
        var changeset = try StagedChangeset(source: old, target: new)
        #expect(try changeset.validated(from: old).count == 1)

        var missed = changeset
        missed[0].elementUpdated = []
        #expect(missed.violations(from: old).map(\.rule).contains(.missedUpdate))
        #expect(throws: InvalidChangesetError.self) { try missed.validated(from: old) }

        changeset[0].elementUpdated = [path(0, 0), path(0, 1)]
        #expect(changeset.violations(from: old).map(\.rule) == [.reloadOfUnchangedContent])
    }

    @Test func emptyAndUnchanged() throws {
        let none: [ContactSection] = []
        #expect(try StagedChangeset(source: none, target: none).isEmpty)
        let some = [ContactSection(model: friends, elements: contacts((1, "Ann")))]
        let inserted = try StagedChangeset(source: none, target: some)
        #expect(inserted.stages == [Changeset(data: some, sectionInserted: [0])])
        let deleted = try StagedChangeset(source: some, target: none)
        #expect(deleted.stages == [Changeset(data: none, sectionDeleted: [0])])
        #expect(try StagedChangeset(source: some, target: some).isEmpty)
    }
}
