import BoxDiff
import Testing

/// Carbon's builders take an optional cell or section as a statement
/// (`Optional: CellsBuildable`, `Optional: SectionsBuildable`), and Bento's
/// `|---?` / `|-?` an optional row or section: a port writes `maybeRow` in
/// a `Section { ... }` body and `maybeSection` in a `Box { ... }` body.
/// Found by review (2026-11-30): neither compiled ("value of optional type
/// 'Node<Int>?' must be unwrapped").
@Suite("Builders: optional rows and sections as statements")
struct BuilderOptionalStatementTests {
    /// A `nil` row or section adds nothing; a non-`nil` one is added in
    /// its place, as the operators `|---?` and `|-?` add them.
    @Test func optionalStatementsAddWhatTheyHold() {
        let loadMore: Node<Int>? = -1 <> "Load more"
        let noBanner: Node<Int>? = nil
        let pinned: Section<String, Int>? = Section(id: "pinned", rows: [7 <> "Pinned"])
        let noDrafts: Section<String, Int>? = nil
        let built = Box<String, Int> {
            pinned
            Section(id: "inbox") {
                noBanner
                1 <> "One"
                loadMore
            }
            noDrafts
        }
        let expected =
            Box<String, Int>.empty
            |-? pinned
            |-+ Section(id: "inbox")
            |---? noBanner
            |---+ 1 <> "One"
            |---? loadMore
            |-? noDrafts
        #expect(built == expected)
        #expect(built.sections.map(\.id) == ["pinned", "inbox"])
        #expect(built.sections[1].rows.map(\.id) == [1, -1])
    }
}
