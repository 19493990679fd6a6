import BoxDiff
import Testing

/// What `print` shows for paths, moves, stages and staged changesets.
@Suite("DifferenceKit porting: printing")
struct ChangesetDescriptionTests {
    @Test func pathsAndMoves() {
        let path = ElementPath(element: 3, section: 0)
        #expect("\(path)" == "[0, 3]", "a lone path keeps UIKit's spacing, quoted by the validator")
        let move = Move(source: ElementPath(element: 1, section: 0), target: ElementPath(element: 0, section: 0))
        #expect("\(move)" == "[0,1]→[0,0]")
        #expect("\(Move(source: 2, target: 0))" == "2→0")
        #expect("\(Move(source: 12, target: 104))" == "12→104")
    }

    @Test func changesetListsNonEmptyCallsSectionsFirst() {
        let stage = Changeset(
            data: [String](),
            elementDeleted: [ElementPath(element: 3, section: 0), ElementPath(element: 0, section: 1)],
            elementMoved: [
                Move(source: ElementPath(element: 1, section: 0), target: ElementPath(element: 0, section: 0))
            ])
        #expect("\(stage)" == "delete [0,3] [1,0]; move [0,1]→[0,0]")

        let everything = Changeset(
            data: 0,
            sectionDeleted: [4], sectionInserted: [0, 1], sectionUpdated: [2],
            sectionMoved: [Move(source: 3, target: 2)],
            elementDeleted: [ElementPath(element: 0, section: 0)],
            elementInserted: [ElementPath(element: 1, section: 2)],
            elementUpdated: [ElementPath(element: 2, section: 0)],
            elementMoved: [
                Move(source: ElementPath(element: 5, section: 0), target: ElementPath(element: 0, section: 3))
            ],
            elementReconfigured: [ElementPath(element: 7, section: 1), ElementPath(element: 8, section: 1)])
        #expect(
            "\(everything)"
                == "delete section 4; insert sections 0 1; update section 2; move section 3→2; "
                + "delete [0,0]; insert [2,1]; update [0,2]; move [0,5]→[3,0]; reconfigure [1,7] [1,8]")
        #expect("\(Changeset(data: 0))" == "no changes")
        #expect(BatchUpdate(sectionMoved: [Move(source: 1, target: 0)]).compactDescription == "move section 1→0")
    }

    @Test func existingLabelledFormsStay() {
        let stage = Changeset(data: 0, elementDeleted: [ElementPath(element: 1, section: 0)])
        #expect(stage.debugDescription == "Changeset(elementDeleted: [[0, 1]])")
        #expect(stage.batchUpdate.description == "BatchUpdate(elementDeleted: [[0, 1]])")
    }

    @Test func stagedChangesetPrintsOneLinePerStage() throws {
        let changeset = try StagedChangeset(source: ["a", "b", "c", "d"], target: ["d", "a", "x", "c"])
        #expect("\(changeset)" == "stage 1: delete [0,1]\nstage 2: insert [0,2]; move [0,2]→[0,0]")

        let updated = try StagedChangeset(source: [1, 2, 3, 4], target: [1, 3, 4], options: DiffOptions())
        #expect("\(updated)" == "stage 1: delete [0,1]")

        #expect("\(try StagedChangeset(source: [1, 2], target: [1, 2]))" == "no changes")
        #expect("\(StagedChangeset([Changeset(data: [1])]))" == "stage 1: no changes")
    }

    @Test func reloadEverythingPlan() throws {
        var options = DiffOptions()
        options.reloadThreshold = 1
        let old =
            Box<String, Int>.empty |-+ Section(id: "a") |---* [1, 2, 3].map { Node(id: $0, component: Component($0)) }
        let new =
            Box<String, Int>.empty |-+ Section(id: "a") |---* [3, 4, 1].map { Node(id: $0, component: Component($0)) }
        let changeset = try StagedChangeset(source: old, target: new, options: options)
        #expect(changeset.reloadsEverything)
        #expect("\(changeset)" == "reload everything")
        #expect("\(StagedChangeset([Changeset(data: [1])], reloadsEverything: true))" == "reload everything")
    }
}

/// What `print` shows for a Box and its sections, as their comments say.
@Suite("Box printing")
struct BoxDescriptionTests {
    /// Box's comment said "one line per section" (it prints one line, the
    /// sections separated by `; `) and Section's `id [header] (rows)` (the
    /// rows are in brackets, and a footer shows in braces). Both comments
    /// now say what is printed: a documentation defect, this passes on the
    /// code before.
    @Test func boxAndSectionPrintAsDocumented() {
        let box =
            Box<String, Int>.empty
            |-+ Section(id: "a", header: "A") |---+ Node(id: 1, component: "one") |---+ Node(id: 2, component: "two")
            |-+ Section(id: "b")
        #expect(box.description == "Box(a [A] [1: one, 2: two]; b [])")
        #expect(!box.description.contains("\n"))
        let footed = Section<String, Int>(id: "c", header: "H", footer: "F", rows: [Node(id: 3, component: 3)])
        #expect(footed.description == "c [H] {F} [3: 3]")
        #expect(Section<String, Int>(id: "d", footer: "F").description == "d {F} []")
    }
}
