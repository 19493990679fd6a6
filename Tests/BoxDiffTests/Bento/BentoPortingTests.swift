import BoxDiffValidation
import Testing

@testable import BoxDiff

/// A Bento-style component: a class holding closures, neither `Hashable`
/// nor `Sendable` (this target builds in Swift 6 mode, so the compiler
/// checks that it goes into a Box without any conformance).
private final class TextInput {
    let placeholder: String
    var text = ""
    let didChangeText: (String) -> Void
    init(placeholder: String, didChangeText: @escaping (String) -> Void = { _ in }) {
        self.placeholder = placeholder
        self.didChangeText = didChangeText
    }
}

/// A comparable view model that is a class.
private final class Title: Hashable, Sendable {
    let text: String
    init(_ text: String) { self.text = text }
    static func == (a: Title, b: Title) -> Bool { a.text == b.text }
    func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

/// A comparable view model that is a struct.
private struct Label: Hashable, Sendable { var text: String }

/// Porting from Bento: `id <> component`, components that are classes with
/// closures, `component(as:)`, and `==` of separately built Boxes.
@Suite("Bento porting: <>, incomparable classes, component(as:), ==")
struct BentoPortingTests {
    typealias B = Box<String, String>

    @Test func diamondMakesNodesAndBindsTighterThanAppend() {
        let input = TextInput(placeholder: "Name")
        let box =
            B.empty
            |-+ Section(id: "form", header: "Form")
            |---+ "title" <> "Sign up"
            |---+ "label" <> Label(text: "Name")
            |---+ "component" <> Component(42)
            |---+ "input" <> input
            |---+ "class" <> Title("Welcome")
        let rows = box.sections[0].rows
        #expect(rows.map(\.id) == ["title", "label", "component", "input", "class"])
        #expect(rows[0] == Node(id: "title", component: "Sign up"))
        #expect(rows[1] == Node(id: "label", component: Label(text: "Name")))
        #expect(rows[2] == Node(id: "component", component: Component(42)))
        #expect(rows[3].component.isComparable == false, "a class that is not Hashable & Sendable is incomparable")
        #expect(rows[3].component(as: TextInput.self) === input, "handed back as it is")
        #expect(rows[4].component.isComparable, "a Hashable & Sendable class is compared by content")
        #expect(rows[4].component == Component(Title("Welcome")))
        // On a section, too, without parentheses.
        let section = Section<String, Int>(id: "s") |---+ 1 <> "one" |---+ 2 <> "two"
        #expect(section.rows == [Node(id: 1, component: "one"), Node(id: 2, component: "two")])
    }

    @Test func componentAsNextToTheComponentProperty() {
        let node = Node(id: 1, component: Label(text: "Pears"))
        let component: Component = node.component
        #expect(component == Component(Label(text: "Pears")))
        #expect(node.component(as: Label.self) == Label(text: "Pears"))
        #expect(node.component(as: String.self) == nil)
        #expect(node.component.value(as: Label.self)?.text == "Pears")
        let tapped = TextInput(placeholder: "Mail")
        let row = 2 <> Component(incomparable: tapped)
        #expect(row.component(as: TextInput.self) === tapped)
        #expect(row.component.value is TextInput)
        #expect(row.component.description.hasPrefix("incomparable("))
    }

    /// A Box holding a non-Sendable class is still Sendable: it is diffed
    /// in a detached task, and the component comes back unchanged.
    @Test func nonSendableComponentTravelsInASendableBox() async throws {
        var seen: [String] = []
        let input = TextInput(placeholder: "Name") { seen.append($0) }
        let old = B.empty |-+ Section(id: "form") |---+ "input" <> input |---+ "title" <> "Hi"
        let new = B.empty |-+ Section(id: "form") |---+ "title" <> "Hi" |---+ "input" <> input
        let updated = try await Task.detached {
            let changeset = try StagedChangeset(source: old, target: new)
            #expect(changeset.violations(from: old).isEmpty)
            return changeset.flatMap(\.elementReconfigured)
        }.value
        #expect(updated == [ElementPath(section: 0, row: 1)], "an incomparable row is re-bound on every diff")
        let back = try #require(new.sections[0].rows[1].component(as: TextInput.self))
        back.didChangeText("Ada")
        #expect(seen == ["Ada"])
    }

    @Test func separatelyBuiltBoxesWithEqualContentAreEqual() {
        func make() -> B {
            B.empty
                |-+ Section(id: "a", header: "A", footer: Component(Label(text: "end")))
                |---+ "1" <> "one"
                |---+ "2" <> Label(text: "two")
                |---+ "3" <> Component(Double.nan)
                |-+ Section(id: "b")
        }
        let box = make()
        #expect(box == box, "reflexive, even holding a NaN")
        let copy = box
        #expect(copy == box)
        // Built again: the NaN is a new value, not equal to the old one;
        // everything else is.
        var again = make()
        #expect(again != box)
        again.sections[0].rows[2] = box.sections[0].rows[2]
        #expect(again == box)
        // Equal to the result of replaying a diff.
        let changeset = try? StagedChangeset(source: B.empty |-+ Section(id: "a"), target: box)
        #expect(changeset?.applied(to: B.empty |-+ Section(id: "a")) == box)
    }

    @Test func incomparableComponentsAreUnequalUnlessTheStorageIsShared() {
        let input = TextInput(placeholder: "x")
        func make() -> B { B.empty |-+ Section(id: "a") |---+ "input" <> input }
        let box = make()
        #expect(box.sections[0].rows[0] != box.sections[0].rows[0], "a node is not equal to itself")
        #expect(make() != make(), "separately built, never equal")
        // Array's == counts shared storage as equal: a Box equals itself.
        #expect(box == box)
        let header = Component(incomparable: TextInput(placeholder: "h"))
        #expect(Section<String, String>(id: "s", header: header) != Section(id: "s", header: header))
    }
}
