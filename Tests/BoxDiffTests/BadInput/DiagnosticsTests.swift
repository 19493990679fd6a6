import BoxDiff
import BoxDiffTestSupport
import BoxDiffValidation
import Testing

/// What a developer reads when given input is wrong: the errors and traps
/// name what was wrong, where.
@Suite("Diagnostics of bad input")
struct DiagnosticsTests {
    /// `validatedOrTrap` names the broken rules in every build configuration,
    /// as documented. A `preconditionFailure` printed them only in debug
    /// builds: an optimized build (CI's release run) stopped with "Illegal
    /// instruction", naming nothing. Found by review (2026-12-01).
    @Test func validatedOrTrapNamesTheRulesInEveryConfiguration() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // Deletes a row the list does not have.
            let changeset = StagedChangeset([Changeset(data: [1], elementDeleted: [ElementPath(section: 0, row: 5)])])
            _ = changeset.validatedOrTrap(from: [1, 2])
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("rule 4 (row delete out of range)"), "\(stderr)")
    }

    /// A flat changeset made for section 2 (`StagedChangeset(source:target:section:)`)
    /// and checked there: the findings name its own paths. They named
    /// section 0 (the list was read as section 0's): "attempt to delete
    /// row 7 from section 0", path [0, 7], for the call at [2, 7]. Found by
    /// review (2026-12-01).
    @Test func flatFindingsNameTheChangesetsSection() throws {
        let old = ["a", "b", "c"]
        var changeset = try StagedChangeset(source: old, target: ["c", "a"], section: 2)
        #expect(changeset.violations(from: old, section: 2).isEmpty)
        changeset[0].elementDeleted.append(ElementPath(section: 2, row: 7))
        let found = changeset.violations(from: old, section: 2)
        let outOfRange = found.first { $0.rule == .rowDeleteOutOfRange }
        #expect(outOfRange?.path == ElementPath(section: 2, row: 7))
        #expect(outOfRange?.section == 2)
        #expect(
            outOfRange?.message
                == "attempt to delete row 7 from section 2, which only contains 3 rows before the update")
        let count = found.first { $0.rule == .rowCount }
        #expect(count?.section == 2)
        #expect(count?.message.hasPrefix("Invalid update: invalid number of rows in section 2.") == true)
        // A call in another section is out of range, named as given.
        var elsewhere = try StagedChangeset(source: old, target: ["c", "a"], section: 2)
        elsewhere[0].elementDeleted[0].section = 0
        #expect(
            elsewhere.violations(from: old, section: 2).contains {
                $0.rule == .rowDeleteOutOfRange && $0.path == ElementPath(section: 0, row: 1)
            })
        // Every option set and section: valid changesets stay valid.
        for section in [1, 3, 4096, 4097] {
            for options in [DiffOptions(), DiffOptions(mode: .singleBatch), DiffOptions(updateStyle: .reconfigure)] {
                let new = ["d", "c", "a", "b2"]
                let c = try StagedChangeset(
                    source: ["a", "b", "c", "b2"], target: new, section: section, options: options)
                #expect(c.violations(from: ["a", "b", "c", "b2"], section: section).isEmpty, "section \(section)")
            }
        }
    }

    /// A render whose diff fails still shows its Box (a reload), and the
    /// renderer keeps the error until the next render applied: which id was
    /// repeated, where, on which side. It only counted the fallback, so an
    /// app rendering with `.reject` could not learn which id broke its
    /// animations. Found by review (2026-12-01).
    @Test @MainActor func aRendererKeepsItsFailedDiffsError() async {
        let shown = BoxGenerators.TestBox(sections: [Section(id: 0, rows: [Node(id: 1, component: "a")])])
        let duplicated = BoxGenerators.TestBox(sections: [
            Section(id: 0, rows: [Node(id: 1, component: "a")]), Section(id: 5, rows: [Node(id: 1, component: "b")]),
        ])
        let screen = RendererScreen(showing: shown, options: DiffOptions(duplicates: .reject))
        #expect(screen.renderer.lastDiffError == nil)
        screen.renderer.render(duplicated)
        #expect(screen.renderer.fallbackReloadCount == 1)
        #expect(
            screen.renderer.lastDiffError
                == .duplicateIdentifier(
                    "1", side: .new, location: .row(ElementPath(section: 1, row: 0)),
                    firstLocation: .row(ElementPath(section: 0, row: 0))))
        #expect(screen.problems(showing: duplicated).isEmpty)
        // Off the main actor too.
        let background = RendererScreen(showing: shown, options: DiffOptions(duplicates: .reject))
        await background.renderer.renderAsync(duplicated)
        #expect(background.renderer.fallbackReloadCount == 1)
        #expect(background.renderer.lastDiffError?.description.contains("duplicate identifier 1") == true)
        // Leaving it fails on the old side now, and says so.
        screen.renderer.render(shown)
        #expect(screen.renderer.lastDiffError?.description.contains("in the old data") == true)
        // The next render applied clears it: one with no diff, or one
        // whose diff succeeds.
        screen.renderer.render(shown, animated: false)
        #expect(screen.renderer.lastDiffError == nil)
        screen.renderer.render(duplicated)
        #expect(screen.renderer.lastDiffError?.description.contains("in the new data") == true)
        screen.renderer.render(shown)
        #expect(screen.renderer.lastDiffError?.description.contains("in the old data") == true)
        screen.renderer.render(shown)
        #expect(screen.renderer.lastDiffError == nil)
        #expect(screen.problems(showing: shown).isEmpty)
    }

    /// A data source whose setter re-renders the Box it is handed (an
    /// observer): the re-render of a Box with a repeated id fails again,
    /// and the one after it is not applied (the loop guard), which must
    /// not clear the error. It did: `lastDiffError` read nil after every
    /// such render. Found by review (2026-12-01).
    @Test @MainActor func aSetterThatReRendersKeepsTheError() async {
        let shown = BoxGenerators.TestBox(sections: [Section(id: 0, rows: [Node(id: 1, component: "a")])])
        let duplicated = BoxGenerators.TestBox(sections: [
            Section(id: 0, rows: [Node(id: 1, component: "a"), Node(id: 1, component: "b")])
        ])
        for background in [false, true] {
            let screen = RendererScreen(showing: shown, options: DiffOptions(duplicates: .reject))
            screen.store.onSetData = { [unowned screen] in
                if background {
                    screen.renderer.renderInBackground(screen.store.box)
                } else {
                    screen.renderer.render(screen.store.box)
                }
            }
            screen.renderer.render(duplicated)
            await screen.backgroundRendersEnd()
            screen.store.onSetData = nil
            #expect(screen.renderer.fallbackReloadCount >= 1, "background \(background)")
            #expect(
                screen.renderer.lastDiffError?.description.contains("duplicate identifier 1") == true,
                "background \(background)")
            #expect(screen.problems(showing: duplicated).isEmpty, "background \(background)")
        }
    }
}
