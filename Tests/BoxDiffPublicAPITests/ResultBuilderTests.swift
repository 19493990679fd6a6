import BoxDiff
import Testing

/// A Box written as a Carbon screen's `render { ... }` body: sections and
/// rows as statements, with `if`, `else`, `switch`, `for`, optional rows
/// and arrays made elsewhere. Each must give the Box the operators (or
/// arrays) give.
@Suite("Public API: result builders for Boxes and sections")
struct ResultBuilderTests {
    struct Draft {
        var id: Int
        var title: String
    }

    enum Filter { case all, unread, flagged }

    static func built(isAdmin: Bool, drafts: [Draft], filter: Filter, archived: [Section<String, Int>]) -> Box<
        String, Int
    > {
        Box {
            Section(id: "account", header: "Account") {
                1 <> "Sync"
                if isAdmin { 2 <> "Admin tools" }
            }
            if !drafts.isEmpty {
                Section(id: "drafts", header: "Drafts", footer: Component("\(drafts.count) drafts")) {
                    for draft in drafts { draft.id <> draft.title }
                }
            }
            switch filter {
            case .all:
                Section(id: "filter", rows: [Node(id: 10, component: "All")])
            case .unread:
                Section(id: "filter") {
                    10 <> "Unread"
                    11 <> "Mark all read"
                }
            case .flagged:
                Section(id: "filter") {}
            }
            if isAdmin {
                Section(id: "admin") { drafts.map { Node(id: $0.id + 1_000, component: $0.title) } }
            } else {
                Section(id: "help") { 20 <> "Help" }
            }
            archived
        }
    }

    static func expected(isAdmin: Bool, drafts: [Draft], filter: Filter, archived: [Section<String, Int>]) -> Box<
        String, Int
    > {
        var box = Box<String, Int>.empty
        var account = Section<String, Int>(id: "account", header: "Account", rows: [1 <> "Sync"])
        if isAdmin { account.append(node: 2 <> "Admin tools") }
        box = box |-+ account
        if !drafts.isEmpty {
            box = box
                |-+ Section(
                    id: "drafts", header: "Drafts", footer: Component("\(drafts.count) drafts"),
                    rows: drafts.map { $0.id <> $0.title })
        }
        switch filter {
        case .all: box = box |-+ Section(id: "filter", rows: [10 <> "All"])
        case .unread: box = box |-+ Section(id: "filter", rows: [10 <> "Unread", 11 <> "Mark all read"])
        case .flagged: box = box |-+ Section(id: "filter")
        }
        box =
            isAdmin
            ? box |-+ Section(id: "admin", rows: drafts.map { ($0.id + 1_000) <> $0.title })
            : box |-+ Section(id: "help", rows: [20 <> "Help"])
        for section in archived { box = box |-+ section }
        return box
    }

    /// Every combination of the branches gives the Box the operators give,
    /// section by section (ids, headers, footers, rows and their content).
    @Test(arguments: [false, true], [Filter.all, .unread, .flagged])
    func builtBoxesEqualOperatorBoxes(isAdmin: Bool, filter: Filter) {
        let archived = [
            Section<String, Int>(id: "2025", header: "2025", rows: [100 <> "Old"]), Section(id: "2024"),
        ]
        for drafts in [[], [Draft(id: 5, title: "Hello")], [Draft(id: 5, title: "a"), Draft(id: 6, title: "b")]] {
            for archive in [[], archived] {
                let built = Self.built(isAdmin: isAdmin, drafts: drafts, filter: filter, archived: archive)
                let expected = Self.expected(isAdmin: isAdmin, drafts: drafts, filter: filter, archived: archive)
                #expect(built == expected)
                #expect(built.sections.map(\.id) == expected.sections.map(\.id))
                #expect(built.sections.map(\.footer) == expected.sections.map(\.footer))
                #expect(built.sections.map { $0.rows.map(\.id) } == expected.sections.map { $0.rows.map(\.id) })
            }
        }
    }

    /// Empty bodies give empty Boxes and sections; a built Box diffs like
    /// any other (here one row inserted, one section removed).
    @Test func emptyBodiesAndDiffs() throws {
        let empty = Box<String, Int> {}
        #expect(empty.sections.isEmpty)
        #expect(Section<String, Int>(id: "a") {}.rows.isEmpty)

        let old = Self.built(isAdmin: false, drafts: [], filter: .all, archived: [])
        let new = Self.built(isAdmin: false, drafts: [], filter: .unread, archived: [])
        let changeset = try StagedChangeset(source: old, target: new)
        #expect(changeset.flatMap(\.elementInserted) == [ElementPath(section: 1, row: 1)])
        #expect(changeset.flatMap(\.elementUpdated) == [ElementPath(section: 1, row: 0)])
        #expect(changeset.last?.data == new)
    }

    /// A class-instance header (a Bento component) in the builder form, as
    /// its doc says to write it: incomparable, as in the array form, so
    /// the section is updated on every diff.
    @Test func classHeadersGoThroughIncomparableComponents() throws {
        final class Spacer { var height = 24 }
        let built = Box<String, Int> {
            Section(id: "a", header: Component(incomparable: Spacer())) { 1 <> "one" }
        }
        let listed = Box<String, Int>(sections: [Section(id: "a", header: Spacer(), rows: [1 <> "one"])])
        #expect(built.sections.map(\.id) == listed.sections.map(\.id))
        #expect(built.sections[0].header?.isComparable == false)
        #expect(listed.sections[0].header?.isComparable == false)
        let changeset = try StagedChangeset(source: built, target: listed)
        #expect(changeset.flatMap(\.sectionUpdated) == [0])
    }

    /// An interpolated string is a header, a footer or a row's component,
    /// as a plain literal is: a comparable `String`.
    @Test func interpolatedStringsAreComponents() {
        let count = 3
        let section = Section<String, Int>(id: "a", header: "\(count) drafts", footer: "of \(count + 1)") {
            1 <> "row \(count)"
        }
        #expect(section.header == Component("3 drafts"))
        #expect(section.footer == Component("of 4"))
        #expect(section.header?.value(as: String.self) == "3 drafts")
        #expect(section.rows[0].component == Component("row 3"))
        let chained = Box<String, Int>.empty |-+ Section(id: "a", header: "\(count) drafts") |---+ 1 <> "row \(count)"
        #expect(chained.sections[0].header == section.header)
    }
}
