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

    /// The BoxDiff article's Box sample (and the README's validation
    /// sample's first part): the three stages its comment lists, a valid
    /// changeset, and `applied(to:)` giving the target, as the Bento
    /// guide's and the README's render loops say.
    @Test func articleBoxSampleStages() throws {
        let shown =
            Box<String, Int>.empty
            |-+ Section(id: "inbox", header: "Inbox")
            |---+ Node(id: 1, component: "Hello")
            |---+ Node(id: 2, component: "Lunch?")
        let next =
            Box<String, Int>.empty
            |-+ Section(id: "inbox", header: "Inbox")
            |---+ Node(id: 2, component: "Lunch? (read)")
            |---+ Node(id: 3, component: "Invoice")
        let changeset = try StagedChangeset(source: shown, target: next)
        // Stage 1 reloads row [0, 1]; stage 2 deletes row [0, 0]; stage 3 inserts row [0, 1].
        #expect(changeset.map(\.description) == ["update [0,1]", "delete [0,0]", "insert [0,1]"])
        #expect(changeset.applied(to: shown) == next)
        let validated = try StagedChangeset(source: shown, target: next).validated(from: shown)
        #expect(validated.violations(from: shown, validator: BatchUpdateValidator(flavor: .collectionView)) == [])
    }

    /// The flat and Box changeset initializers' samples and `ElementPath`'s
    /// and `Move`'s: the values their comments state.
    @Test func changesetAndPathSamples() throws {
        let path = ElementPath(section: 1, row: 4)
        let same = ElementPath(element: 4, section: 1)
        #expect(path == same)
        #expect(path.element == 4)

        let move = Move(source: ElementPath(element: 1, section: 0), target: ElementPath(element: 0, section: 0))
        #expect("\(move)" == "[0,1]→[0,0]")
        #expect(move.target.element == 0)

        let moved = try StagedChangeset(source: [1, 2, 3], target: [3, 1, 2])
        #expect(moved.count == 1)
        #expect(
            moved[0].elementMoved == [
                Move(source: ElementPath(section: 0, row: 2), destination: ElementPath(section: 0, row: 0))
            ])

        let inSection = try StagedChangeset(source: ["a", "b"], target: ["b"], section: 2)
        #expect(inSection[0].elementDeleted == [ElementPath(section: 2, row: 0)])
        #expect("\(inSection[0].elementDeleted)" == "[[2, 0]]")

        let old = Box<String, Int>.empty |-+ Section(id: "a") |---+ Node(id: 1, component: "one")
        let new = Box<String, Int>.empty |-+ Section(id: "a") |---+ Node(id: 1, component: "uno")
        let updated = try StagedChangeset(source: old, target: new)
        #expect(updated[0].elementUpdated == [ElementPath(section: 0, row: 0)])
        #expect(updated.applied(to: old) == new)

        let flat = try StagedChangeset(source: ["a", "b"], target: ["b", "c"])
        #expect(flat.violations(from: ["a", "b"]) == [])
    }

    /// `Differentiable`'s second sample: a `Hashable & Identifiable` type
    /// is identified by `id` and compared with `==`.
    @Test func identifiableDefaults() {
        struct User: Hashable, Identifiable, Differentiable {
            var id: Int
            var name: String
        }
        let user = User(id: 7, name: "Ada")
        var renamed = user
        renamed.name = "Grace"
        #expect(user.differenceIdentifier == user.id)
        #expect(user.isContentEqual(to: user))
        #expect(!user.isContentEqual(to: renamed))
    }

    /// `IdentityTable`'s sample: `rowStart(ofSection:)` is the flat index
    /// of the section's first row.
    @Test func identityTableSample() {
        let box =
            Box<String, Int>.empty
            |-+ Section(id: "a") |---+ Node(id: 1, component: "one") |---+ Node(id: 2, component: "two")
            |-+ Section(id: "b") |---+ Node(id: 3, component: "three")
        let table = box.identityTable
        #expect(table.rowCount(inSection: 0) == 2)
        #expect(table.rowContent(at: table.rowStart(ofSection: 1)) == box.sections[1].rows[0].component.contentHash)
    }

    /// `BatchAnimations`' sample, with an enum of `UITableView.RowAnimation`'s
    /// cases used there: a kind set on its own keeps its animation.
    @Test func batchAnimationsSample() {
        enum RowAnimation { case fade, right, none }
        var animations = BatchAnimations(RowAnimation.fade)
        animations.insertRows = .right
        #expect(animations.deleteRows == .fade)
        animations.animation = .none
        #expect(animations.deleteRows == .none)
        #expect(animations.insertRows == .right)
    }

    /// BoxDiffValidation's doc comment samples: `BatchReplayState`,
    /// `BatchRule`, `BatchStep`, `Flavor`, `replayViolations`,
    /// `BatchUpdateValidator` and `BatchViolation`, with the values their
    /// comments state.
    @Test func validationSamples() {
        typealias FruitState = BatchReplayState<String, Int>
        let state = FruitState(sections: [
            FruitState.Section(
                id: "fruit", content: 0, rows: [FruitState.Row(id: 1, content: 10), FruitState.Row(id: 2, content: 20)])
        ])
        #expect(state.shape == [2])

        #expect(BatchRule.rowCount.number == 2)
        #expect(BatchRule.missedUpdate.number == nil)

        let step = BatchStep(update: BatchUpdate(elementDeleted: [ElementPath(section: 0, row: 2)]), after: [2])
        #expect(BatchUpdateValidator().validate(before: [3], steps: [step]) == [])

        #expect(BatchUpdateValidator.Flavor.collectionView.rowWord == "item")

        typealias State = BatchReplayState<Int, String>
        let before = State(sections: [.init(id: 0, content: 0, rows: [.init(id: "a", content: 1)])])
        let after = State(sections: [.init(id: 0, content: 0, rows: [.init(id: "a", content: 2)])])
        let reload = BatchUpdate(elementUpdated: [ElementPath(section: 0, row: 0)])
        #expect(
            BatchUpdateValidator().replayViolations(
                from: before, to: after, steps: [BatchReplayStep(update: reload, afterState: after)]) == [])

        let inserted = BatchUpdateValidator(flavor: .collectionView).validate(
            before: [3],
            steps: [BatchStep(update: BatchUpdate(elementInserted: [ElementPath(section: 0, row: 5)]), after: [4])])
        #expect(inserted.map(\.rule) == [.rowInsertOutOfRange])
        #expect(
            inserted.first?.message
                == "attempt to insert item 5 into section 0, but there are only 4 items in section 0 after the update")

        let violations = BatchUpdateValidator().validate(
            before: [4], steps: [BatchStep(update: BatchUpdate(), after: [3])])
        #expect(violations.first?.rule == .rowCount)
        #expect(violations.first?.rule.number == 2)
        #expect(violations.first?.section == 0)
        #expect(violations.first?.message.hasPrefix("Invalid update: invalid number of rows in section 0. ") == true)
    }
}
