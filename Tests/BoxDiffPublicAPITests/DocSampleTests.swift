import BoxDiff
import BoxDiffValidation
import Testing

/// `DifferentiableSection`'s sample conformance, as its comment writes it
/// (`Group` and `Message` there; other test files of this target have a
/// `Message`).
private struct SampleMessage: Hashable, Differentiable {
    var id: Int
    var text: String
}

private struct SampleGroup: DifferentiableSection {
    var title: String
    var elements: [SampleMessage]
    var differenceIdentifier: String { title }
    func isContentEqual(to source: SampleGroup) -> Bool { true }
}

extension SampleGroup {
    init<C: Swift.Collection>(source: SampleGroup, elements: C) where C.Element == SampleMessage {
        self.init(title: source.title, elements: Array(elements))
    }
}

/// Samples of the README, the DocC articles and the doc comments, run with
/// the results their comments state.
struct DocSampleTests {
    /// `DifferentiableSection`'s sample declared `init(source:elements:)`
    /// in the struct's body, which removes the memberwise initializer: its
    /// `Group` could not be built as `Group(title:elements:)` ("incorrect
    /// argument label in call (have 'title:elements:', expected
    /// 'source:elements:')"), so the sample's `oldGroups` and `newGroups`
    /// could not be written. The sample now declares it in an extension,
    /// as here (a documentation defect: nothing to run before).
    @Test func differentiableSectionSampleBuildsAndDiffs() throws {
        let old = [
            SampleGroup(title: "Today", elements: [SampleMessage(id: 1, text: "a"), SampleMessage(id: 2, text: "b")])
        ]
        let new = [
            SampleGroup(title: "Today", elements: [SampleMessage(id: 2, text: "b"), SampleMessage(id: 3, text: "c")])
        ]
        let changeset = try StagedChangeset(source: old, target: new)
        #expect(changeset.map(\.description) == ["delete [0,0]", "insert [0,1]"])
        #expect(changeset.last?.data.map(\.elements) == [new[0].elements])
        #expect(changeset.violations(from: old) == [])
    }

    /// `Optional.some(_:_:)`'s sample: a header from a `String` value is
    /// wrapped in a `Component` (only literals convert on their own).
    @Test func someBuildsASectionFromAnOptional() {
        struct User { var name: String }
        func box(_ user: User?) -> Box<Int, Int> {
            Box<Int, Int>.empty
                |-? .some(user) { user in Section(id: 1, header: Component(user.name)) }
        }
        #expect(box(User(name: "Ada")).sections.map(\.header) == [Component("Ada")])
        #expect(box(nil).sections.isEmpty)
    }

    /// The sectioned `StagedChangeset` initializer's sample: an element
    /// move after a section move reads its source in the moved section.
    @Test func sectionedMoveSourceIsAfterTheSectionMove() throws {
        let old = [ArraySection(model: "A", elements: [1, 2]), ArraySection(model: "B", elements: [3])]
        let new = [ArraySection(model: "B", elements: [3, 1]), ArraySection(model: "A", elements: [2])]
        let changeset = try StagedChangeset(source: old, target: new)
        #expect(changeset.count == 2)
        #expect(changeset[0].sectionMoved == [Move(source: 0, destination: 1)])
        #expect(
            changeset[1].elementMoved == [
                Move(source: ElementPath(section: 1, row: 0), destination: ElementPath(section: 0, row: 1))
            ])
        #expect(changeset.violations(from: old) == [])
    }

    /// README's BoxDiffValidation sample: the violations its comments list.
    @Test func readmeValidationSample() throws {
        let validator = BatchUpdateValidator(flavor: .tableView)
        let update = BatchUpdate(
            elementDeleted: [ElementPath(section: 0, row: 0)],
            elementInserted: [ElementPath(section: 0, row: 2)])
        let violations = validator.validate(before: [2], steps: [BatchStep(update: update, after: [2])])
        #expect(violations.map(\.rule) == [.rowInsertOutOfRange])
        #expect(violations.first?.rule.number == 6)
        #expect(
            violations.first?.description
                == "batch 0: error, rule 6 (row insert out of range): attempt to insert row 2 into section 0, "
                + "but there are only 2 rows in section 0 after the update")

        typealias State = BatchReplayState<String, String>
        let before = State(sections: [
            State.Section(
                id: "inbox", content: 0, rows: [State.Row(id: "a", content: 1), State.Row(id: "b", content: 1)])
        ])
        let after = State(sections: [
            State.Section(
                id: "inbox", content: 0, rows: [State.Row(id: "b", content: 1), State.Row(id: "a", content: 2)])
        ])
        let move = Move(source: ElementPath(section: 0, row: 0), destination: ElementPath(section: 0, row: 1))
        let swap = BatchUpdate(elementMoved: [move])
        let found = validator.violations(
            from: before, to: after, steps: [BatchReplayStep(update: swap, afterState: after)])
        #expect(found.map(\.rule) == [.missedUpdate])
        let fixed = BatchUpdate(elementMoved: [move], elementReconfigured: [ElementPath(section: 0, row: 1)])
        #expect(
            validator.violations(from: before, to: after, steps: [BatchReplayStep(update: fixed, afterState: after)])
                == [])
    }
}
