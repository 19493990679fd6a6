// Snippets of Bento's own code (babylonhealth/Bento: README, Example app,
// BentoTests), ported to BoxDiff's public API: the model and its
// operators as Bento writes them, with Bento's UIKit components replaced
// by stand-ins of the same shape (final classes holding closures, or
// plain structs), and `tableView.render(box)` by asserting the Box built.

import BoxDiff
import Testing

// MARK: - Stand-ins for Bento's components

/// Bento's `EmptySpaceComponent`: a class, neither Hashable nor Sendable.
private final class EmptySpaceComponent {
    let height: Double
    init(height: Double) { self.height = height }
}

/// Bento's `IconTextComponent`: a class.
private final class IconTextComponent {
    let title: String?
    init(image: String?, title: String?) { self.title = title }
}

/// Bento's `LoadingIndicatorComponent`: a class.
private final class LoadingIndicatorComponent {
    let isLoading: Bool
    init(isLoading: Bool) { self.isLoading = isLoading }
}

/// Bento's `TextInput`: a class holding a closure.
private final class TextInputComponent {
    let title: String?
    let textDidChange: ((String?) -> Void)?
    init(title: String?, textDidChange: ((String?) -> Void)?) {
        self.title = title
        self.textDidChange = textDidChange
    }
}

/// BentoTests' `TestCustomEqualityRenderable`: a struct with its own `==`
/// (made `Hashable & Sendable` here, which BoxDiff asks for comparing; as
/// a header or footer it goes in as `Component(value)`).
private struct TestCustomEqualityRenderable: Hashable, Sendable {
    let value: Int
}

/// BentoTests' `TestDefaultEqualityRenderable`: a class with no equality.
private final class TestDefaultEqualityRenderable {}

private enum TestSectionId: Hashable, Sendable { case first, second }
private enum TestRowId: Hashable, Sendable { case first, second }

/// The rows of `section` as `"id:type"` strings, to assert a Box's shape.
private func shape<S, R>(_ box: Box<S, R>) -> [String] {
    box.sections.map { section in
        let header = section.header.map { "\(type(of: $0.value))" } ?? "-"
        let footer = section.footer.map { "\(type(of: $0.value))" } ?? "-"
        let rows = section.rows.map { "\($0.id):\(type(of: $0.component.value))" }
        return "\(section.id) [\(header)|\(footer)] \(rows.joined(separator: " "))"
    }
}

@Suite("Bento snippets ported to BoxDiff")
struct BentoSnippetPortTests {
    enum SectionId: Hashable, Sendable { case user, consultantDate, first, third, intro }
    enum RowId: Hashable, Sendable {
        case user, loading, note, toggle
        case introPage(Int)
    }

    /// README, "What's it like?": sections with a component class as
    /// header (`Section(id:header:)`), rows with component classes.
    @Test func readmeBox() {
        let box =
            Box<SectionId, RowId>.empty
            |-+ Section(id: SectionId.user, header: EmptySpaceComponent(height: 24))
            |---+ Node(id: RowId.user, component: IconTextComponent(image: nil, title: "Chuck Norris"))
            |-+ Section(id: SectionId.consultantDate, header: EmptySpaceComponent(height: 24))
            |---+ Node(id: RowId.loading, component: LoadingIndicatorComponent(isLoading: true))
        #expect(
            shape(box) == [
                "user [EmptySpaceComponent|-] user:IconTextComponent",
                "consultantDate [EmptySpaceComponent|-] loading:LoadingIndicatorComponent",
            ])
        #expect(box.sections[0].header?.value(as: EmptySpaceComponent.self)?.height == 24)
        #expect(box.sections[0].header?.isComparable == false)
        #expect(box.sections[1].rows[0].component(as: LoadingIndicatorComponent.self)?.isLoading == true)
    }

    /// Example/Basic and PinnedSectionsExample: sections made by helper
    /// functions with a header and a footer, a footer alone, an implicit
    /// member id (`.third`), and rows made with `<>`.
    @Test func pinnedSectionsExample() {
        func renderFirstSection(airplane: Bool) -> Section<SectionId, RowId> {
            if airplane {
                let headerComponent = EmptySpaceComponent(height: 20)
                let footerComponent = EmptySpaceComponent(height: 20)
                return Section(id: SectionId.first, header: headerComponent, footer: footerComponent)
            }
            return Section(id: SectionId.first, footer: EmptySpaceComponent(height: 100))
        }
        func renderThirdSection() -> Section<SectionId, RowId> {
            Section(
                id: .third,
                header: IconTextComponent(image: nil, title: "WiFi"),
                footer: EmptySpaceComponent(height: 20))
        }
        func renderIconText() -> Node<RowId> { RowId.note <> IconTextComponent(image: "wifi", title: "WIFI Off") }
        func renderToggle() -> Node<RowId> { RowId.toggle <> TextInputComponent(title: "Airplane", textDidChange: nil) }

        let airplane =
            Box<SectionId, RowId>.empty
            |-+ renderFirstSection(airplane: true)
            |---+ renderToggle()
            |---+ renderIconText()
            |-+ renderThirdSection()
            |---+ renderIconText()
        #expect(
            shape(airplane) == [
                "first [EmptySpaceComponent|EmptySpaceComponent] toggle:TextInputComponent note:IconTextComponent",
                "third [IconTextComponent|EmptySpaceComponent] note:IconTextComponent",
            ])
        let wifi = Box<SectionId, RowId>.empty |-+ renderFirstSection(airplane: false) |---+ renderIconText()
        #expect(shape(wifi) == ["first [-|EmptySpaceComponent] note:IconTextComponent"])
        #expect(wifi.sections[0].footer?.value(as: EmptySpaceComponent.self)?.height == 100)
    }

    /// Example/CollectionViewExample/IntroRenderer (and FoodListRenderer):
    /// `Box(sections:)` with `Section(id:header:footer:items:)`, and a
    /// loading Box with `Section(id:header:)` and `id <> component`.
    @Test func introRenderer() {
        func renderLoading() -> Box<SectionId, RowId> {
            return Box<SectionId, RowId>.empty
                |-+ Section(id: SectionId.intro, header: IconTextComponent(image: nil, title: "Loading"))
                |---+ RowId.loading <> LoadingIndicatorComponent(isLoading: true)
        }
        func render(pages: [Int]) -> Box<SectionId, RowId> {
            return Box<SectionId, RowId>(
                sections: [
                    Section(
                        id: SectionId.intro,
                        header: IconTextComponent(image: nil, title: "Header"),
                        footer: IconTextComponent(image: nil, title: "Footer"),
                        items: pages.map { page in
                            return Node(
                                id: RowId.introPage(page), component: IconTextComponent(image: nil, title: "\(page)"))
                        }
                    )
                ]
            )
        }
        #expect(shape(renderLoading()) == ["intro [IconTextComponent|-] loading:LoadingIndicatorComponent"])
        let loaded = render(pages: [1, 2])
        #expect(
            shape(loaded) == [
                "intro [IconTextComponent|IconTextComponent] introPage(1):IconTextComponent introPage(2):IconTextComponent"
            ])
        #expect(loaded.sections[0].footer?.value(as: IconTextComponent.self)?.title == "Footer")
        #expect(loaded.sections[0].items.map(\.id) == [.introPage(1), .introPage(2)])
    }

    /// Example/SignUp/SignUpRenderer.createBox: `|---*` of a helper's
    /// array, `|-? .iff { section |---+ … |---? .iff { … } }`, and
    /// `Section(id:footer:)` / `Section(id:header:footer:)` with component
    /// classes from a helper.
    @Test func signUpRenderer() {
        enum SectionID { case credential, securityQuestion, info, signUpAction }
        enum RowID { case email, password, confirmPassword, securityQuestion, securityAnswer, birthday, signUpButton }
        struct State {
            var isSecurityQuestionsSectionVisible = false
            var chosenSecurityQuestion: String?
            var isAdditionalInfoSectionVisible = false
            var isSignUpButtonVisible = false
        }
        func section(id: SectionID, text: String? = nil) -> Section<SectionID, RowID> {
            let footer = EmptySpaceComponent(height: 16)
            guard let text = text else {
                return Section(id: id, footer: footer)
            }
            return Section(id: id, header: IconTextComponent(image: nil, title: text), footer: footer)
        }
        func input(_ title: String?) -> TextInputComponent { TextInputComponent(title: title, textDidChange: nil) }
        func email() -> Node<RowID> { Node(id: .email, component: input("E-mail")) }
        func passwordComponents(_ state: State) -> [Node<RowID>] {
            [
                Node(id: .password, component: input("Password")),
                Node(id: .confirmPassword, component: input("Confirm")),
            ]
        }
        func securityQuestion(_ state: State) -> Node<RowID> {
            Node(id: RowID.securityQuestion, component: input(state.chosenSecurityQuestion))
        }
        func securityQuestionAnswer(_ state: State) -> Node<RowID> {
            Node(id: RowID.securityAnswer, component: input(nil))
        }
        func birthday(_ state: State) -> Node<RowID> { Node(id: RowID.birthday, component: input("Birthday")) }
        func signUpButton(_ state: State) -> Node<RowID> { Node(id: RowID.signUpButton, component: input("Sign Up")) }

        func createBox(from state: State) -> Box<SectionID, RowID> {
            return Box.empty
                |-+ section(id: .credential, text: "Credential")
                |---+ email()
                |---* passwordComponents(state)
                |-? .iff(state.isSecurityQuestionsSectionVisible) {
                    section(id: .securityQuestion, text: "Security question")
                        |---+ securityQuestion(state)
                        |---? .iff(state.chosenSecurityQuestion != nil) {
                            securityQuestionAnswer(state)
                        }
                }
                |-? .iff(state.isAdditionalInfoSectionVisible) {
                    section(id: .info, text: "Additional information")
                        |---+ birthday(state)
                }
                |-? .iff(state.isSignUpButtonVisible) {
                    section(id: .signUpAction)
                        |---+ signUpButton(state)
                }
        }

        var state = State()
        #expect(
            shape(createBox(from: state)) == [
                "credential [IconTextComponent|EmptySpaceComponent] email:TextInputComponent"
                    + " password:TextInputComponent confirmPassword:TextInputComponent"
            ])
        state.isSecurityQuestionsSectionVisible = true
        state.isSignUpButtonVisible = true
        #expect(
            createBox(from: state).sections.map { "\($0.id) " + $0.rows.map { "\($0.id)" }.joined(separator: ", ") }
                == [
                    "credential email, password, confirmPassword",
                    "securityQuestion securityQuestion",
                    "signUpAction signUpButton",
                ])
        state.chosenSecurityQuestion = "Movie?"
        state.isAdditionalInfoSectionVisible = true
        let box = createBox(from: state)
        #expect(
            box.sections.map { "\($0.id) " + $0.rows.map { "\($0.id)" }.joined(separator: ", ") } == [
                "credential email, password, confirmPassword",
                "securityQuestion securityQuestion, securityAnswer",
                "info birthday",
                "signUpAction signUpButton",
            ])
        #expect(box.sections[3].header == nil)
        #expect(box.sections[3].footer?.value(as: EmptySpaceComponent.self)?.height == 16)
    }

    /// Example/Movies/MoviesListViewController: rows made with `<>` in a
    /// `map` closure, appended with `|---*` to a Box typed by the return.
    @Test func moviesList() {
        final class MovieComponent {
            let title: String
            let didDelete: () -> Void
            init(title: String, didDelete: @escaping () -> Void) {
                self.title = title
                self.didDelete = didDelete
            }
        }
        var deleted: [Int] = []
        func render(movies: [String]) -> Box<SectionId, RowId> {
            let rows = movies.enumerated().map { (index, movie) in
                return RowId.introPage(index) <> MovieComponent(title: movie, didDelete: { deleted.append(index) })
            }
            return Box.empty
                |-+ Section(id: SectionId.intro)
                |---* rows
        }
        let box = render(movies: ["Alien", "Heat"])
        #expect(box.sections[0].rows.map(\.id) == [.introPage(0), .introPage(1)])
        box.sections[0].rows[1].component(as: MovieComponent.self)?.didDelete()
        #expect(deleted == [1])
    }

    /// Bento's Node.swift joins rows into an array with `node |---+ node`;
    /// here rows without a section are an array literal, appended with
    /// `|---*`. Overloads of `|---+` and `|---?` taking a row or an array
    /// on the left made this 16-operator chain (0.2 s to type-check without
    /// them) fail to type-check "in reasonable time": it must compile.
    @Test func longChainOfOptionalRowsTypeChecks() {
        func section(_ flag: Bool) -> Section<String, Int> {
            Section(id: "a", header: "A")
                |---? .iff(flag) { 0 <> "r0" }
                |---+ 100 <> "q0"
                |---? .iff(flag) { 1 <> "r1" }
                |---+ 101 <> "q1"
                |---? .iff(flag) { 2 <> "r2" }
                |---+ 102 <> "q2"
                |---? .iff(flag) { 3 <> "r3" }
                |---+ 103 <> "q3"
                |---? .iff(flag) { 4 <> "r4" }
                |---+ 104 <> "q4"
                |---? .iff(flag) { 5 <> "r5" }
                |---+ 105 <> "q5"
                |---? .iff(flag) { 6 <> "r6" }
                |---+ 106 <> "q6"
                |---? .iff(flag) { 7 <> "r7" }
                |---+ 107 <> "q7"
        }
        #expect(section(true).rows.map(\.id) == (0..<8).flatMap { [$0, 100 + $0] })
        #expect(section(false).rows.map(\.id) == Array(100..<108))
        let a = Node(id: TestRowId.first, component: TestCustomEqualityRenderable(value: 0))
        let b = Node(id: TestRowId.second, component: TestCustomEqualityRenderable(value: 1))
        let rows = [a, b]
        #expect((Section<TestSectionId, TestRowId>(id: .first) |---* rows).rows == [a, b])
        // Appending to a Box's last section and to a section.
        let box = Box<TestSectionId, TestRowId>.empty |-+ Section(id: .first) |---+ a |---+ b
        #expect(box.sections[0].rows == [a, b])
    }

    /// BentoTests/ConcatenationTests: `|-? .some(optional) { _ in section }`
    /// and `|---? .some(optional) { _ in node }`.
    @Test func concatenationTests() {
        let section = Section<TestSectionId, TestRowId>(id: .first)
        let node = Node(id: TestRowId.first, component: TestCustomEqualityRenderable(value: 0))

        #expect((Box<TestSectionId, TestRowId>.empty |-+ section).sections.count == 1)
        let none: String? = nil
        let something: String? = "something"
        #expect((Box<TestSectionId, TestRowId>.empty |-? .some(none) { _ in section }).sections.count == 0)
        #expect((Box<TestSectionId, TestRowId>.empty |-? .some(something) { _ in section }).sections.count == 1)
        let result = section |---+ node
        #expect(result.rows.count == 1)
        let noRow: Section<TestSectionId, TestRowId> = section |---? .some(none) { _ in node }
        #expect(noRow.rows.count == 0)
        let oneRow: Section<TestSectionId, TestRowId> = section |---? .some(something) { _ in node }
        #expect(oneRow.rows.count == 1)
        // The value is handed to the closure.
        let titled =
            Box<TestSectionId, TestRowId>.empty
            |-? .some(something) { text in Section(id: .second, header: Component(text)) }
        #expect(titled.sections.first?.header == "something")
        // `.some(value)`, the enum case, still makes an optional.
        let plain: Section<TestSectionId, TestRowId>? = .some(section)
        #expect(plain != nil)
    }

    /// BentoTests/IfTests: `.iff(condition, value)`, `.iff(condition) { }`
    /// on sections and rows, and `section.items`.
    @Test func ifTests() {
        let section = Section<TestSectionId, TestRowId>(id: .first)
        let node = Node(id: TestRowId.first, component: TestCustomEqualityRenderable(value: 0))
        #expect((Box<TestSectionId, TestRowId>.empty |-? .iff(true, section)).sections.count == 1)
        #expect((Box<TestSectionId, TestRowId>.empty |-? .iff(true) { section }).sections.count == 1)
        #expect((Box<TestSectionId, TestRowId>.empty |-? .iff(false, section)).sections.count == 0)
        #expect((Box<TestSectionId, TestRowId>.empty |-? .iff(false) { section }).sections.count == 0)
        #expect((section |---? .iff(true, node)).items.count == 1)
        #expect((section |---? .iff(true) { node }).items.count == 1)
        #expect((section |---? .iff(false, node)).items.count == 0)
        #expect((section |---? .iff(false) { node }).items.count == 0)

        var mutable = section
        mutable.items.append(node)
        #expect(mutable.rows == [node])
        let item: Section<TestSectionId, TestRowId>.Item = node
        #expect(mutable.items == [item])
    }

    /// BentoTests/SectionTests: `Section(id:header:footer:rows:)` with
    /// component values, and `Section.hasEqualMetadata`. Comparable
    /// (`Hashable & Sendable`) headers and footers compare as in Bento; a
    /// component with no equality (`TestDefaultEqualityRenderable`) is
    /// incomparable in BoxDiff: its section equals nothing, and is
    /// updated on every diff.
    @Test func sectionTests() {
        typealias S = Section<TestSectionId, TestRowId>
        let template = S(
            id: .first, header: Component(TestCustomEqualityRenderable(value: 0)),
            footer: Component(TestCustomEqualityRenderable(value: 1)),
            rows: [])
        let templateWithNodes = S(
            id: .first, header: Component(TestCustomEqualityRenderable(value: 0)),
            footer: Component(TestCustomEqualityRenderable(value: 1)),
            rows: [Node(id: .first, component: TestCustomEqualityRenderable(value: 3))])
        #expect(S.hasEqualMetadata(template, template))
        #expect(S.hasEqualMetadata(template, templateWithNodes))
        #expect(template.header?.isComparable == true)

        let differentFooter = S(
            id: .first, header: Component(TestCustomEqualityRenderable(value: 0)),
            footer: Component(TestCustomEqualityRenderable(value: 2)),
            rows: [])
        #expect(S.hasEqualMetadata(differentFooter, differentFooter))
        #expect(!S.hasEqualMetadata(template, differentFooter))

        let omittedFooter = S(id: .first, header: Component(TestCustomEqualityRenderable(value: 0)), rows: [])
        #expect(!S.hasEqualMetadata(template, omittedFooter))
        let omittedHeader = S(id: .first, footer: Component(TestCustomEqualityRenderable(value: 1)), rows: [])
        #expect(!S.hasEqualMetadata(template, omittedHeader))
        #expect(
            omittedHeader.header == nil
                && omittedHeader.footer?.value(as: TestCustomEqualityRenderable.self)?.value == 1)

        #expect(templateWithNodes == templateWithNodes)
        let mutatedNodes = S(
            id: .first, header: Component(TestCustomEqualityRenderable(value: 0)),
            footer: Component(TestCustomEqualityRenderable(value: 1)),
            rows: [Node(id: .first, component: TestCustomEqualityRenderable(value: 4))])
        #expect(templateWithNodes != mutatedNodes)
        #expect(S.hasEqualMetadata(templateWithNodes, mutatedNodes))

        // No equality: incomparable, unequal even to itself.
        let defaultEquality = S(
            id: .first, header: Component(incomparable: TestDefaultEqualityRenderable()),
            footer: Component(TestCustomEqualityRenderable(value: 1)), rows: [])
        #expect(defaultEquality.header?.isComparable == false)
        #expect(defaultEquality.header?.value(as: TestDefaultEqualityRenderable.self) != nil)
        #expect(!S.hasEqualMetadata(defaultEquality, defaultEquality))
        #expect(!S.hasEqualMetadata(template, defaultEquality))
    }

    /// A ``Component`` or a literal next to another ``Component`` goes
    /// through the `Component?` initializer and stays comparable; a
    /// `Hashable & Sendable` class instance as a row is compared by content.
    @Test func componentsAndLiteralsStayComparable() {
        let literal = Section<TestSectionId, TestRowId>(id: .first, header: "Fruit")
        #expect(literal.header == "Fruit" && literal.header?.isComparable == true)
        let none = Section<TestSectionId, TestRowId>(id: .first, header: nil, footer: "f")
        #expect(none.header == nil && none.footer == "f")
        let component: Component = "Fruit"
        #expect(Section<TestSectionId, TestRowId>(id: .first, header: component).header == "Fruit")
        #expect(Section<TestSectionId, TestRowId>(id: .first, header: "A", footer: component).footer == "Fruit")
    }
}

/// Mixed headers and footers: a `Component` or a literal next to another
/// `Component` stays comparable (the `Component?` initializer); a
/// component class next to a literal or a `Component` is wrapped by the
/// caller as `Component(incomparable:)`.
@Test func mixedHeaderAndFooterArguments() {
    typealias S = Section<Int, Int>
    let literalAndComponent = S(id: 0, header: "A", footer: Component(7))
    #expect(literalAndComponent.header == "A" && literalAndComponent.footer == Component(7))
    #expect(literalAndComponent.header?.isComparable == true)
    let classAndLiteral = S(id: 0, header: Component(incomparable: EmptySpaceComponent(height: 1)), footer: "B")
    #expect(classAndLiteral.header?.isComparable == false)
    #expect(classAndLiteral.contentHash == 0)
    #expect(classAndLiteral.footer?.value(as: String.self) == "B")
    #expect(classAndLiteral.footer?.isComparable == true)
    let componentAndClass = S(
        id: 0, header: Component(2), footer: Component(incomparable: EmptySpaceComponent(height: 3)), items: [])
    #expect(componentAndClass.header == Component(2))
    #expect(componentAndClass.footer?.value(as: EmptySpaceComponent.self)?.height == 3)
}

/// A header model that is a class, `Hashable & Sendable`: compared by
/// content, as `Node(id:component:)` compares it.
private final class HeaderModel: Hashable, Sendable {
    let title: String
    init(_ title: String) { self.title = title }
    static func == (lhs: HeaderModel, rhs: HeaderModel) -> Bool { lhs.title == rhs.title }
    func hash(into hasher: inout Hasher) { hasher.combine(title) }
}

/// A class that is `Hashable & Sendable` as a header or footer is compared
/// by content, as the same class as a row's component is: a section whose
/// header did not change is not reloaded on every diff. (The class-instance
/// initializers made it incomparable, reloading the section every time.)
@Test func hashableSendableClassHeadersCompareByContent() throws {
    typealias S = Section<Int, Int>
    let plain = EmptySpaceComponent(height: 1)
    #expect(Node(id: 0, component: HeaderModel("a")).component.isComparable)
    let sections: [(S, S)] = [
        (S(id: 0, header: HeaderModel("a")), S(id: 0, header: HeaderModel("a"))),
        (S(id: 0, footer: HeaderModel("a")), S(id: 0, footer: HeaderModel("a"))),
        (
            S(id: 0, header: HeaderModel("a"), footer: HeaderModel("b")),
            S(id: 0, header: HeaderModel("a"), footer: HeaderModel("b"))
        ),
        (S(id: 0, header: HeaderModel("a"), items: []), S(id: 0, header: HeaderModel("a"), items: [])),
        (S(id: 0, footer: HeaderModel("a"), items: []), S(id: 0, footer: HeaderModel("a"), items: [])),
        (
            S(id: 0, header: HeaderModel("a"), footer: HeaderModel("b"), items: []),
            S(id: 0, header: HeaderModel("a"), footer: HeaderModel("b"), items: [])
        ),
    ]
    for (old, new) in sections {
        #expect(S.hasEqualMetadata(old, new), "\(old)")
        #expect(old.header?.isComparable != false && old.footer?.isComparable != false, "\(old)")
        let changeset = try StagedChangeset(source: Box(sections: [old]), target: Box(sections: [new]))
        #expect(changeset.isEmpty, "\(old): \(changeset)")
    }
    #expect(!S.hasEqualMetadata(S(id: 0, header: HeaderModel("a")), S(id: 0, header: HeaderModel("b"))))
    // Next to a class that is not comparable, each keeps its own kind.
    for section in [
        S(id: 0, header: HeaderModel("a"), footer: plain), S(id: 0, header: HeaderModel("a"), footer: plain, items: []),
    ] {
        #expect(section.header == Component(HeaderModel("a")))
        #expect(section.footer?.isComparable == false)
    }
    for section in [
        S(id: 0, header: plain, footer: HeaderModel("b")), S(id: 0, header: plain, footer: HeaderModel("b"), items: []),
    ] {
        #expect(section.header?.isComparable == false)
        #expect(section.footer == Component(HeaderModel("b")))
    }
    // A class that is not `Hashable & Sendable` stays incomparable.
    #expect(S(id: 0, header: plain).header?.isComparable == false)
}
