import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiff

// Diffs reentered from the caller's own code (a component's `==`, an
// element's `isContentEqual(to:)`) with the workspace of the diff that
// calls it. The outer diff reads its core results from the workspace, as
// raw pointers, while it calls that code: the inner diff runs on a
// temporary workspace of its own (`DiffWorkspace.isBusy`), so the outer
// one never reads overwritten or freed results.

/// A comparable component value whose `==` runs a hook once (a user's
/// `==` that does more than compare, e.g. triggers a render). All values
/// hash alike, so every paired row with distinct storage is confirmed
/// with `==`.
private struct HookedValue: Hashable, Sendable {
    let n: Int
    nonisolated(unsafe) static var hook: (() -> Void)?
    static func == (lhs: HookedValue, rhs: HookedValue) -> Bool {
        if let hook {
            Self.hook = nil
            hook()
        }
        return lhs.n == rhs.n
    }
    func hash(into hasher: inout Hasher) {}
}

/// One section of `count` rows (ids 0..<count) of fresh `HookedValue`
/// components (new storage objects on every call).
private func hookedBox(_ count: Int) -> Box<Int, Int> {
    Box(sections: [Section(id: 0, rows: (0..<count).map { Node(id: $0, component: HookedValue(n: $0)) })])
}

/// One section of Int rows with the given ids.
private func intBox(_ ids: [Int]) -> Box<Int, Int> {
    Box(sections: [Section(id: 1, rows: ids.map { Node(id: $0, component: $0) })])
}

@Suite("Diffs reentered from the caller's code", .serialized)
@MainActor
struct ReentrantDiffTests {
    /// A render reentered from a component's `==` (called while the outer
    /// render's diff confirms equal content hashes), with inner diffs of
    /// the same size: on the same main workspace they rewrote the row map
    /// the outer diff was reading in place
    /// (`BoxMatching.rowsChangedDespiteHash(oldToNew: result.oldToNew)`),
    /// and unchanged rows came out updated. (The renderer now runs such
    /// renders after the outer one; `boxDiffReenteredFromComponentEquality`
    /// covers the workspace itself.)
    @Test func renderReenteredFromComponentEqualityKeepsTheOuterRowMap() {
        let view = RecordingListView()
        let renderer = BoxRenderer<Int, Int, RecordingListView>(view: view) { _ in }
        let old = hookedBox(4)
        renderer.render(old)
        // Inner renders of the same row count: the result's buffers are
        // rewritten in place (old → new row map reversed).
        let a = intBox([10, 11, 12, 13])
        let b = intBox([13, 12, 11, 10])
        HookedValue.hook = {
            MainActor.assumeIsolated {
                renderer.render(a)
                renderer.render(b)
            }
        }
        view.log = []
        // Equal content, new storage objects: no change expected at all.
        let new = hookedBox(4)
        renderer.render(new)
        HookedValue.hook = nil
        let updates = view.log.filter { $0.hasPrefix("reloadItems [[0, ") }
        #expect(updates.isEmpty, "unchanged rows of section 0 reloaded: \(view.log)")
    }

    /// The same with larger inner diffs: on the same workspace the C core
    /// reallocated the result's old→new map, freeing the buffer the outer
    /// diff still read (AddressSanitizer: heap-use-after-free in
    /// `Component.appendUnequal`; without it, a crash reading past
    /// `newContents`).
    @Test func renderReenteredFromComponentEqualityWithLargerDiffs() {
        let view = RecordingListView()
        let renderer = BoxRenderer<Int, Int, RecordingListView>(view: view) { _ in }
        let old = hookedBox(64)
        renderer.render(old)
        let a = intBox(Array(0..<20_000).map { $0 + 100 })
        let b = intBox(Array(0..<20_000).map { $0 + 100 }.reversed())
        HookedValue.hook = {
            MainActor.assumeIsolated {
                renderer.render(a)
                renderer.render(b)
            }
        }
        view.log = []
        renderer.render(hookedBox(64))
        HookedValue.hook = nil
        let updates = view.log.filter { $0.hasPrefix("reloadItems [[0, ") }
        #expect(updates.isEmpty, "unchanged rows reloaded after the row map was freed")
    }

    /// The flat API with a caller's workspace: an `isContentEqual` that
    /// diffs again with that workspace overwrote the result the outer diff
    /// was reading in place (`stages(... result: ws.result)`, `o2n`).
    @Test func flatDiffReenteredFromIsContentEqualOnItsWorkspace() throws {
        let workspace = try DiffWorkspace()
        struct Item: Differentiable, Hashable, Sendable {
            let id: Int
            let n: Int
            var differenceIdentifier: Int { id }
            nonisolated(unsafe) static var hook: (() -> Void)?
            func isContentEqual(to source: Item) -> Bool {
                if let hook = Self.hook {
                    Self.hook = nil
                    hook()
                }
                return n == source.n
            }
        }
        let source = (0..<4).map { Item(id: $0, n: $0) }
        let target = [0, 1, 2, 3, 99].map { Item(id: $0, n: $0) }  // one insert, nothing updated
        Item.hook = {
            let x = (0..<4).map { Item(id: 10 + $0, n: 0) }
            _ = try? StagedChangeset(source: x, target: Array(x.reversed()), workspace: workspace)
        }
        let changeset = try StagedChangeset(source: source, target: target, workspace: workspace)
        Item.hook = nil
        let expected = try StagedChangeset(source: source, target: target)
        #expect(changeset == expected)
    }

    /// The Box API with a caller's workspace: a component's `==` that diffs
    /// other Boxes with that workspace, of the same size (the row map
    /// rewritten in place) and larger (the map reallocated, the outer
    /// diff's view of it freed): the outer changeset is the one a diff
    /// without the inner diffs gives.
    @Test(arguments: [4, 20_000])
    func boxDiffReenteredFromComponentEqualityOnItsWorkspace(innerRows: Int) throws {
        let workspace = try DiffWorkspace()
        let old = hookedBox(4)
        let new = hookedBox(4) |---+ Node(id: 99, component: HookedValue(n: 99))
        let ids = Array(0..<innerRows).map { $0 + 100 }
        HookedValue.hook = {
            _ = try? StagedChangeset(source: intBox(ids), target: intBox(ids.reversed()), workspace: workspace)
        }
        let changeset = try StagedChangeset(source: old, target: new, workspace: workspace)
        HookedValue.hook = nil
        let expected = try StagedChangeset(source: old, target: new)
        #expect(changeset.stages.map(\.batchUpdate) == expected.stages.map(\.batchUpdate))
        #expect(changeset.applied(to: old) == new)
    }
}
