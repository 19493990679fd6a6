// The module's integer conversions as on a 32-bit `Int` (watchOS devices:
// arm64_32, armv7k). In the run built with
// `-Xswiftc -DBOXDIFF_CHECK_32BIT_INDICES` (the second Swift run of
// .ci/run), every `Int(x)` of a `UInt32`, `UInt64`, `Int64` or `UInt` in
// the package's modules stops the program past `Int32.max`
// (Sources/BoxDiff/Internals/ThirtyTwoBitCheck.swift): that run is the whole
// suite with a 32-bit device's conversions. Without the flag these tests
// run as any others.

import BoxDiffValidation
import Testing

@testable import BoxDiff

@Suite struct ThirtyTwoBitIndexTests {
    typealias B = Box<String, Int>

    static func box(_ sections: (String, [(Int, String)])...) -> B {
        B(
            sections: sections.map { s in
                Section(id: s.0, header: Component("h \(s.0)"), rows: s.1.map { Node(id: $0.0, component: $0.1) })
            })
    }

    /// The staged Box plan converted each old section's and row's partner
    /// to `Int` before comparing it with the core's "no partner"
    /// (0xFFFFFFFF), and converted that value too: on a 32-bit `Int` the
    /// conversion traps, so every staged Box diff of a non-empty source
    /// (`StagedChangeset(source:target:)`'s default, and every
    /// `BoxRenderer` render) stopped the program on watchOS devices. Under
    /// the check, this test (and most of the suite) stopped there. Here: a
    /// deleted section, deleted, inserted, moved and updated rows, in both
    /// modes and update styles, each changeset valid and ending on the
    /// target.
    @Test(arguments: [BatchMode.staged, .singleBatch], [UpdateStyle.reload, .reconfigure])
    func boxDiffWithDeletedSectionsAndRows(mode: BatchMode, style: UpdateStyle) throws {
        let old = Self.box(
            ("a", [(1, "x"), (2, "x"), (8, "x"), (3, "x")]), ("b", [(4, "x"), (5, "x")]), ("c", [(6, "x")]))
        let new = Self.box(("c", [(6, "x"), (2, "x")]), ("a", [(1, "x"), (3, "changed"), (7, "x")]))
        var options = DiffOptions()
        options.mode = mode
        options.updateStyle = style
        let changes = try StagedChangeset(source: old, target: new, options: options)
        #expect(changes.violations(from: old).isEmpty)
        #expect(changes.last?.data == new)
        #expect(changes.contains { !$0.sectionDeleted.isEmpty })
        // In one batch, section a (moved and changed) may be replaced whole.
        if mode == .staged { #expect(changes.contains { !$0.elementDeleted.isEmpty }) }
    }

    #if BOXDIFF_CHECK_32BIT_INDICES
        /// The check is in effect in this build: `Int` of the core's "no
        /// partner" stops the program, as on a 32-bit `Int`.
        @Test func theCheckStopsAConversionPastInt32Max() async {
            await #expect(processExitsWith: .failure) {
                let none = CCore.none
                _ = Int(none)
            }
        }
    #endif
}
