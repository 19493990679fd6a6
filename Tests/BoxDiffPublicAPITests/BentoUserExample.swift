// A screen as a Bento user writes it, compiled against BoxDiff's public API
// only (no @testable): component classes holding closures (neither
// Hashable nor Sendable) as incomparable components, a render function
// built with Bento's operators, and each new render diffed against the
// shown one and applied with `reload(using:setData:)`.

import BoxDiff
import BoxDiffTestSupport
import Testing

/// A Bento component: a text field that reports edits through a closure.
/// Not `Hashable`, not `Sendable`: BoxDiff only hands it back.
final class TextFieldComponent {
    let placeholder: String
    let text: String
    let didChangeText: (String) -> Void

    init(placeholder: String, text: String, didChangeText: @escaping (String) -> Void) {
        self.placeholder = placeholder
        self.text = text
        self.didChangeText = didChangeText
    }
}

/// A Bento screen: the state, a render function and the table it drives.
@MainActor
final class SignUpScreen {
    enum SectionID: Hashable, Sendable { case form, errors }
    enum RowID: Hashable, Sendable {
        case title, name, email
        case error(Int)
    }

    /// What the screen shows.
    struct State {
        var name = ""
        var email = ""
        var asksEmail = false
        var errors: [String] = []
    }

    private(set) var state = State()
    /// The Box the table shows (what its data source reads).
    private(set) var box = Box<SectionID, RowID>.empty
    /// The table, its data source reading ``box``.
    private(set) lazy var tableView = SimulatedListView<SimulatedHeader<SectionID>, Node<RowID>> { [unowned self] in
        SimulatedListView.sections(of: self.box)
    }

    init() {
        box = render(state)
        _ = tableView
    }

    /// Bento's render: the whole screen from the state.
    func render(_ state: State) -> Box<SectionID, RowID> {
        Box<SectionID, RowID>.empty
            |-+ Section(id: .form, header: "Sign up")
            |---+ RowID.title <> (state.name.isEmpty ? "Welcome" : "Welcome, \(state.name)")
            |---+ RowID.name
            <> Component(
                incomparable: TextFieldComponent(placeholder: "Name", text: state.name) { [unowned self] in
                    self.state.name = $0
                })
            |---? .iff(state.asksEmail) {
                RowID.email
                    <> Component(
                        incomparable: TextFieldComponent(placeholder: "Mail", text: state.email) { [unowned self] in
                            self.state.email = $0
                        })
            }
            |-? .iff(!state.errors.isEmpty) {
                Section(id: SectionID.errors, header: "Errors")
                    |---* state.errors.enumerated().map { RowID.error($0.offset) <> $0.element }
            }
    }

    /// Renders `state` and animates the table to it.
    func update(_ change: (inout State) -> Void) throws {
        change(&state)
        let changeset = try StagedChangeset(source: box, target: render(state))
        tableView.reload(using: changeset, setData: { self.box = $0 })
        tableView.finishAnimations()
    }

    /// The text field the table shows in row `id`, if any.
    func shownField(_ id: RowID) -> TextFieldComponent? {
        tableView.shown.lazy.flatMap(\.items).first { $0.id == id }?.component(as: TextFieldComponent.self)
    }

    /// Each shown row: its id and what it shows (a title, an error, or a
    /// field's placeholder and text).
    var shownRows: [String] {
        tableView.shown.flatMap(\.items).map { node in
            if let field = node.component(as: TextFieldComponent.self) {
                return "\(node.id): \(field.placeholder)=\(field.text)"
            }
            return "\(node.id): \(node.component)"
        }
    }
}

@Suite("Example: a Bento user")
@MainActor
struct BentoUserExample {
    @Test func rendersAreDiffedAndApplied() throws {
        let screen = SignUpScreen()
        #expect(screen.shownRows == ["title: Welcome", "name: Name="])

        // Typing goes through the component's closure, handed back as is.
        let field = try #require(screen.box.sections[0].rows[1].component(as: TextFieldComponent.self))
        #expect(screen.shownField(.name) === field)
        field.didChangeText("Ada")
        #expect(screen.state.name == "Ada")

        try screen.update { $0.asksEmail = true }
        #expect(screen.shownRows == ["title: Welcome, Ada", "name: Name=Ada", "email: Mail="])
        try screen.update {
            $0.email = "ada@"
            $0.errors = ["Mail is incomplete"]
        }
        #expect(
            screen.shownRows == [
                "title: Welcome, Ada", "name: Name=Ada", "email: Mail=ada@", "error(0): Mail is incomplete",
            ])
        try screen.update {
            $0.asksEmail = false
            $0.errors = []
        }
        #expect(screen.shownRows == ["title: Welcome, Ada", "name: Name=Ada"])
        #expect(screen.tableView.issues.isEmpty, "\(screen.tableView.issues)")
        #expect(screen.tableView.reloadDataCount == 0)
        // The fields shown are the last render's objects, with its closures.
        screen.shownField(.name)?.didChangeText("Grace")
        #expect(screen.state.name == "Grace")
    }

    /// Incomparable rows are re-bound on every render (reconfigured in
    /// place, no reload animation), as Bento does; a comparable row that
    /// changed is reloaded.
    @Test func incomparableRowsAreReconfiguredNotReloaded() throws {
        let screen = SignUpScreen()
        try screen.update { $0.name = "Ada" }
        let log = screen.tableView.log
        // The title changed: reloaded. The name field: re-bound.
        #expect(log.contains("reloadItems([[0, 0]])"), "\(log)")
        #expect(log.contains("reconfigureItems([[0, 1]])"), "\(log)")
        #expect(!log.contains { $0.hasPrefix("reloadItems") && $0.contains("[0, 1]") }, "\(log)")
        #expect(screen.shownField(.name)?.text == "Ada")
        #expect(screen.tableView.issues.isEmpty, "\(screen.tableView.issues)")

        // A render that changes nothing still re-binds the fields, and
        // reloads nothing.
        let before = screen.tableView.log.count
        try screen.update { _ in }
        let again = screen.tableView.log[before...]
        #expect(again.contains("reconfigureItems([[0, 1]])"), "\(again)")
        #expect(!again.contains { $0.hasPrefix("reloadItems") }, "\(again)")
        #expect(screen.tableView.issues.isEmpty, "\(screen.tableView.issues)")

        // In one batch too.
        var options = DiffOptions()
        options.mode = .singleBatch
        let changeset = try StagedChangeset(source: screen.box, target: screen.render(screen.state), options: options)
        #expect(changeset.count == 1)
        #expect(changeset[0].elementReconfigured == [ElementPath(section: 0, row: 1)])
        #expect(changeset[0].elementUpdated.isEmpty)
    }
}
