import Testing

@testable import BoxDiff

@Suite("Box: model and operators")
struct BoxOperatorTests {
    typealias B = Box<String, Int>

    @Test func sectionsWithHeadersAndNodes() {
        let built =
            B.empty
            |-+ Section(id: "fruit", header: "Fruit", footer: "2 kinds")
            |---+ Node(id: 1, component: "Apples")
            |---+ Node(id: 2, component: "Pears")
            |-+ Section(id: "veg", header: Component(42))
            |---+ Node(id: 3, component: 3.5)
        let plain = B(sections: [
            Section(
                id: "fruit", header: Component("Fruit"), footer: Component("2 kinds"),
                rows: [Node(id: 1, component: Component("Apples")), Node(id: 2, component: Component("Pears"))]),
            Section(id: "veg", header: Component(42), rows: [Node(id: 3, component: Component(3.5))]),
        ])
        #expect(built == plain)
        #expect(built.rowCount == 3)
    }

    @Test func conditionalSectionsAndNodes() {
        func make(_ flag: Bool, _ optional: Int?) -> B {
            B.empty
                |-+ Section(id: "a")
                |---? .iff(flag) { Node(id: 1, component: "one") }
                |---? optional.map { Node(id: $0, component: "opt") }
                |---+ Node(id: 2, component: "two")
                |-? .iff(flag) { Section(id: "b", header: "B") |---+ Node(id: 5, component: "five") }
                |-? optional.map { Section(id: "o\($0)") }
        }
        let on = make(true, 7)
        let expectedOn = B.empty
            .appending(section: Section(id: "a"))
            .appending(node: Node(id: 1, component: "one"))
            .appending(node: Node(id: 7, component: "opt"))
            .appending(node: Node(id: 2, component: "two"))
            .appending(section: Section(id: "b", header: "B", rows: [Node(id: 5, component: "five")]))
            .appending(section: Section(id: "o7"))
        #expect(on == expectedOn)
        let off = make(false, nil)
        #expect(off == B(sections: [Section(id: "a", rows: [Node(id: 2, component: "two")])]))
        #expect(B.empty.appending(section: Section(id: "x"), if: false) == .empty)
        #expect(Section<String, Int>(id: "x").appending(node: Node(id: 1, component: 1), if: false).rows.isEmpty)
    }

    @Test func manyNodesAtOnce() {
        let nodes = (0..<5).map { Node(id: $0, component: "n\($0)") }
        let viaSection = B.empty |-+ Section(id: "s") |---* nodes |---? [Node(id: 9, component: "x")]
        let viaBox = (B.empty |-+ Section(id: "s")) |---* nodes |---+ Node(id: 9, component: "x")
        let plain = B(sections: [Section(id: "s", rows: nodes + [Node(id: 9, component: "x")])])
        #expect(viaSection == plain)
        #expect(viaBox == plain)
        let none: [Node<Int>]? = nil
        #expect((Section<String, Int>(id: "s") |---? none).rows.isEmpty)
        #expect(((B.empty |-+ Section(id: "s")) |---? nil) == B(sections: [Section(id: "s")]))
    }

    @Test func precedenceGroupsNodesUnderTheirSection() {
        // `|---+` binds tighter than `|-+`: nodes go to the section on their left.
        let box =
            B.empty |-+ Section(id: "a") |---+ Node(id: 1, component: 1) |-+ Section(id: "b")
            |---+ Node(id: 2, component: 2) |---+ Node(id: 3, component: 3)
        #expect(box.sections.map(\.rows.count) == [1, 2])
    }

    @Test func componentsCompareByValue() {
        #expect(Component("a") == Component("a"))
        #expect(Component("a") != Component("b"))
        #expect(Component(1) != Component(Int64(1)), "different types differ")
        #expect(Component(1).contentHash != Component(Int64(1)).contentHash)
        #expect(Component("a").contentHash == Component("a").contentHash)
        #expect(Component("a").contentHash != 0)
        let opaque = Component(incomparable: "view")
        #expect(opaque != opaque, "an incomparable component never equals anything")
        #expect(opaque.contentHash == 0)
        #expect(!opaque.isComparable)
        #expect(Component(7).value(as: Int.self) == 7)
        #expect(Section<Int, Int>(id: 0, header: opaque).contentHash == 0)
        #expect(Section<Int, Int>(id: 0, header: "a").contentHash != Section<Int, Int>(id: 0, footer: "a").contentHash)
    }

    @Test func identityTableIsCachedAndDroppedOnMutation() {
        var box =
            B.empty |-+ Section(id: "a") |---+ Node(id: 1, component: 1) |-+ Section(id: "b")
            |-+ Section(id: "c") |---+ Node(id: 2, component: 2) |---+ Node(id: 3, component: 3)
        #expect(!box.hasCachedIdentityTable)
        let table = box.identityTable
        #expect(box.hasCachedIdentityTable)
        let copy = box
        #expect(copy.hasCachedIdentityTable, "copies share the cache")
        #expect(table.sectionRowOffsets == [0, 1, 1, 3])
        #expect(table.rowIDs == [1, 2, 3])
        #expect(table.path(ofRow: 0) == ElementPath(section: 0, row: 0))
        #expect(table.path(ofRow: 1) == ElementPath(section: 2, row: 0))
        #expect(table.path(ofRow: 2) == ElementPath(section: 2, row: 1))
        #expect(table == IdentityTable(box))
        box.sections[1].rows.append(Node(id: 4, component: 4))
        #expect(!box.hasCachedIdentityTable)
        #expect(box.identityTable.sectionRowOffsets == [0, 1, 2, 4])
        #expect(copy.identityTable == table)
    }
}
