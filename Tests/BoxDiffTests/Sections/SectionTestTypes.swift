import BoxDiff
import BoxDiffTestSupport

/// An element as a DifferenceKit user writes one: `isContentEqual` compares
/// the name only, so a change of `lastSeen` alone is no update.
struct Contact: Differentiable, Equatable, CustomStringConvertible {
    var id: Int
    var name: String
    var lastSeen: Int = 0

    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Contact) -> Bool { name == source.name }
    var description: String { "\(id):\(name)" }
}

/// A section model whose `isContentEqual` compares the title only, not
/// `unread`.
struct Group: Differentiable, Equatable, CustomStringConvertible {
    var id: Int
    var title: String?
    var unread: Int = 0

    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Group) -> Bool { title == source.title }
    var description: String { "G\(id)" }
}

typealias ContactSection = ArraySection<Group, Contact>

/// A section type of its own (not ``ArraySection``), as a DifferenceKit
/// user may write one: identity and content from `name`.
struct Shelf: DifferentiableSection, Equatable {
    var name: String
    var elements: [Contact]

    init(name: String, elements: [Contact]) {
        self.name = name
        self.elements = elements
    }

    init<C: Swift.Collection>(source: Shelf, elements: C) where C.Element == Contact {
        self.init(name: source.name, elements: Array(elements))
    }

    var differenceIdentifier: String { name }
    func isContentEqual(to source: Shelf) -> Bool { true }
}

enum SectionTestMapping {
    /// Sections of a test Box: a `Group` per section (title from the
    /// header, `unread` random), a `Contact` per row (name from the
    /// component, `lastSeen` random), so the fields that `isContentEqual`
    /// reads are the Box's content and the ignored ones are noise.
    static func sections(_ box: BoxGenerators.TestBox, using rng: inout SeededGenerator) -> [ContactSection] {
        box.sections.map { section in
            ArraySection(
                model: Group(
                    id: section.id, title: section.header.map(\.description), unread: Int.random(in: 0..<3, using: &rng)
                ),
                elements: section.rows.map {
                    Contact(id: $0.id, name: $0.component.description, lastSeen: Int.random(in: 0..<3, using: &rng))
                })
        }
    }

    /// The Box form of test sections: the fields `isContentEqual` reads as
    /// content, for the Box replay checks.
    static func box(_ sections: [ContactSection]) -> BoxGenerators.TestBox {
        BoxGenerators.TestBox(
            sections: sections.map { section in
                Section(
                    id: section.model.id, header: section.model.title.map { Component($0) },
                    rows: section.elements.map { Node(id: $0.id, component: Component($0.name)) })
            })
    }

    /// A sectioned changeset with every stage's data in Box form.
    static func box(_ changeset: StagedChangeset<[ContactSection]>) -> StagedChangeset<BoxGenerators.TestBox> {
        StagedChangeset(
            changeset.stages.map { Changeset(data: box($0.data), batchUpdate: $0.batchUpdate) },
            reloadsEverything: changeset.reloadsEverything, isMinimal: changeset.isMinimal)
    }
}
