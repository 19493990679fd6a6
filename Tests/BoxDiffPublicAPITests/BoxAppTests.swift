import BoxDiff
import BoxDiffValidation
import Testing

// Uses BoxDiff the way an app does: no @testable import, only public API.

/// An app's row view model.
struct MessageRow: Hashable, Sendable {
    var text: String
    var unread: Bool
}

struct Inbox {
    var pinned: [Int: MessageRow]
    var messages: [(id: Int, row: MessageRow)]
    var showArchive: Bool
    var archiveCount: Int?

    func render() -> Box<String, Int> {
        Box<String, Int>.empty
            |-? .iff(!pinned.isEmpty) {
                Section(id: "pinned", header: "Pinned")
                    |---* pinned.keys.sorted().map { Node(id: $0, component: pinned[$0]!) }
            }
            |-+ Section(id: "inbox", header: "Inbox", footer: Component("\(messages.count) messages"))
            |---* messages.map { Node(id: $0.id, component: $0.row) }
            |-? .iff(showArchive) {
                Section(id: "archive", header: "Archive")
                    |---? archiveCount.map { Node(id: -1, component: "\($0) archived") }
            }
    }
}

@Suite("Public API: an app rendering Boxes")
struct BoxAppTests {
    let before = Inbox(
        pinned: [1: MessageRow(text: "Welcome", unread: false)],
        messages: [
            (2, MessageRow(text: "Lunch?", unread: true)),
            (3, MessageRow(text: "Invoice", unread: true)),
            (4, MessageRow(text: "Hello", unread: false)),
        ],
        showArchive: false, archiveCount: nil)

    @Test func renderDiffApplyInEveryMode() throws {
        var after = before
        after.pinned[3] = MessageRow(text: "Invoice", unread: false)  // pinned, read
        after.messages.removeAll { $0.id == 3 }
        after.messages.insert((5, MessageRow(text: "New!", unread: true)), at: 0)
        after.messages[1].row.unread = false
        after.showArchive = true
        after.archiveCount = 12

        let old = before.render()
        let new = after.render()
        #expect(new.sections.map(\.id) == ["pinned", "inbox", "archive"])
        #expect(new.sections[2].rows.map(\.id) == [-1])

        for mode in BatchMode.allCases {
            for style in UpdateStyle.allCases {
                var options = DiffOptions()
                options.mode = mode
                options.updateStyle = style
                let changeset = try StagedChangeset(source: old, target: new, options: options).validated(from: old)
                #expect(!changeset.isEmpty)
                #expect(changeset.applied(to: old) == new)
                #expect(changeset.last?.data == new)
                #expect(changeset.violations(from: old).isEmpty)
                #expect(changeset.batchSteps().count == changeset.count)
                if mode == .singleBatch { #expect(changeset.count == 1) }
            }
        }
    }

    @Test func nextRenderReusesTheCachedTable() throws {
        let workspace = try DiffWorkspace()
        var shown = before.render()
        var state = before
        for step in 0..<20 {
            state.messages.append((100 + step, MessageRow(text: "m\(step)", unread: true)))
            if step % 3 == 0 { state.messages.swapAt(0, state.messages.count - 1) }
            let next = state.render()
            let changeset = try StagedChangeset(source: shown, target: next, workspace: workspace)
            #expect(shown.hasCachedIdentityTable && next.hasCachedIdentityTable)
            #expect(changeset.applied(to: shown) == next)
            shown = next
        }
    }

    @Test func duplicateIdsAreRejectedWithTheirPlace() {
        let box =
            Box<String, Int>.empty
            |-+ Section(id: "a") |---+ Node(id: 7, component: "x")
            |-+ Section(id: "b") |---+ Node(id: 7, component: "y")
        var options = DiffOptions()
        options.duplicates = .reject
        #expect(throws: DiffError.self) { try StagedChangeset(source: .empty, target: box, options: options) }
        do {
            _ = try StagedChangeset(source: .empty, target: box, options: options)
        } catch {
            #expect(
                error
                    == .duplicateIdentifier(
                        "7", side: .new, location: .row(ElementPath(section: 1, row: 0)),
                        firstLocation: .row(ElementPath(section: 0, row: 0))))
            #expect(error.description.contains("duplicate identifier 7"))
        }
    }

    @Test func manyChangesReloadEverything() throws {
        var options = DiffOptions()
        options.reloadThreshold = 2
        var after = before
        after.messages.reverse()
        after.pinned = [:]
        let changeset = try StagedChangeset(source: before.render(), target: after.render(), options: options)
        #expect(changeset.reloadsEverything)
        #expect(changeset.applied(to: before.render()) == after.render())
    }
}
