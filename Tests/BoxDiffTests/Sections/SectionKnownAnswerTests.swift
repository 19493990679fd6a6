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

    /// A rejected duplicate names the element's own identifier, as the
    /// Box diff does (`String(reflecting:)`: a string id quoted), not the
    /// row id the sectioned diff wraps it in.
    @Test func aRejectedDuplicateStringIsNamedAsItself() throws {
        let old = [ArraySection(model: "s", elements: ["a", "dup", "dup"])]
        let new = [ArraySection(model: "s", elements: ["a"])]
        var reject = DiffOptions()
        reject.duplicates = .reject
        let expected = DiffError.duplicateIdentifier(
            "\"dup\"", side: .old, location: .row(path(0, 2)), firstLocation: .row(path(0, 1)))
        #expect(throws: expected) { try StagedChangeset(source: old, target: new, options: reject) }
        let box = Box<String, String>(sections: [
            Section(id: "s", rows: ["a", "dup", "dup"].map { Node(id: $0, component: $0) })
        ])
        #expect(throws: expected) { try StagedChangeset(source: box, target: .empty, options: reject) }
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

@Suite("Sectioned diff: steps for the validator")
struct SectionStepTests {
    /// `batchSteps()` and `replaySteps()` of a sectioned changeset answered
    /// with the flat methods (a section is `Differentiable` too): one
    /// section whose rows were the sections, so the shapes were `[2]` and
    /// the validator, given them, reported a changeset BoxDiff made as
    /// broken. They give each section's elements now.
    @Test func sectionedStepsHaveTheSectionsShape() throws {
        let old = [ArraySection(model: "A", elements: [1, 2]), ArraySection(model: "B", elements: [3])]
        let new = [ArraySection(model: "B", elements: [3, 1]), ArraySection(model: "A", elements: [2])]
        let changeset = try StagedChangeset(source: old, target: new)
        #expect(changeset.violations(from: old).isEmpty)
        let steps = changeset.batchSteps()
        #expect(steps.map(\.after) == [[1, 2], [2, 1]])
        #expect(steps.map(\.update) == changeset.map(\.batchUpdate))
        let validator = BatchUpdateValidator()
        #expect(validator.validate(before: [2, 1], steps: steps).isEmpty)

        let replay = changeset.replaySteps()
        #expect(replay.map(\.step) == steps)
        #expect(replay.last?.afterState?.sections.map(\.id) == ["B", "A"])
        #expect(replay.last?.afterState?.sections.map { $0.rows.map(\.id) } == [[3, 1], [2]])
        typealias State = BatchReplayState<String, Int>
        // Contents numbered as the replay steps number them, from 1 in the
        // order first met (stage 1's data is B [3], A [1, 2]).
        let before = State(sections: [
            State.Section(id: "A", content: 2, rows: [State.Row(id: 1, content: 2), State.Row(id: 2, content: 3)]),
            State.Section(id: "B", content: 1, rows: [State.Row(id: 3, content: 1)]),
        ])
        let target = try #require(replay.last?.afterState)
        #expect(validator.replayViolations(from: before, to: target, steps: replay).filter(\.isError).isEmpty)

        let reload = try StagedChangeset(
            source: old, target: new,
            options: {
                var o = DiffOptions()
                o.reloadThreshold = 0
                return o
            }())
        #expect(reload.reloadsEverything && reload.batchSteps().isEmpty && reload.replaySteps().isEmpty)
    }

    /// An element whose content changed (`isContentEqual(to:)`) gets a new
    /// content number; one whose ignored fields changed keeps its number.
    @Test func sectionedReplayStepsNumberContentsByIsContentEqual() throws {
        let old = [
            ContactSection(
                model: Group(id: 1, title: "F"), elements: [Contact(id: 1, name: "Ann"), Contact(id: 2, name: "Bob")])
        ]
        let new = [
            ContactSection(
                model: Group(id: 1, title: "F", unread: 4),
                elements: [Contact(id: 2, name: "Bob", lastSeen: 5), Contact(id: 1, name: "Anne")])
        ]
        var options = DiffOptions()
        options.updateStyle = .reconfigure
        let changeset = try StagedChangeset(source: old, target: new, options: options)
        #expect(changeset.map(\.description) == ["move [0,0]→[0,1]", "reconfigure [0,1]"])
        let states = changeset.replaySteps().compactMap(\.afterState)
        #expect(states.count == 2 && states.allSatisfy { $0.shape == [2] && $0.sections[0].id == 1 })
        let moved = states[0].sections[0]
        let target = states[1].sections[0]
        #expect(moved.rows.map(\.id) == [2, 1] && target.rows.map(\.id) == [2, 1])
        #expect(moved.rows[0].content == target.rows[0].content)  // Bob: lastSeen ignored
        #expect(moved.rows[1].content != target.rows[1].content)  // Ann, then Anne
        #expect(moved.content == target.content)  // unread ignored
    }
}
