import BoxDiff
import Testing

/// Bento's `HeightCustomizing` header: a component class its adapters read
/// back from a section.
private final class SpacerComponent {
    let height: Double
    init(height: Double) { self.height = height }
}

/// Later Bento reads and sets a section's header and footer through
/// supplements (`component(of: .header, as:)`, `has(.footer)`,
/// `adding(.header, _:)`); the Bento guide maps them to BoxDiff's
/// `header` and `footer` properties.
@Test func bentoSupplementAccessorsMapToHeaderAndFooter() {
    var section = Section<Int, Int>(id: 1, header: SpacerComponent(height: 24), rows: [1 <> "a"])
    #expect(section.header?.value(as: SpacerComponent.self)?.height == 24)
    #expect(section.header?.value(as: String.self) == nil)
    #expect(section.footer == nil)
    section.footer = Component("12 messages")
    #expect(section.footer != nil && section.footer?.value(as: String.self) == "12 messages")
    #expect(section.rows.first?.component(as: String.self) == "a")

    let showFooter = true
    let box = Box<Int, Int>.empty |-+ section |---? .iff(showFooter) { 2 <> "b" }
    #expect(box.sections[0].rows.map(\.id) == [1, 2])
}
