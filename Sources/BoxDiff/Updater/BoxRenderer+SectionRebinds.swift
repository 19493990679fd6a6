extension BoxRenderer {
    /// Re-binds the sections of ``sectionRebinds`` that stage `index`'s
    /// batch re-binds, inside its block, after ``store(_:at:)`` handed the
    /// data source its data and before its calls (as Bento's adapters
    /// re-bind their visible headers and footers). All are the last
    /// stage's: the list is emptied then.
    @usableFromInline
    func reconfigureSections(ofStage index: Int) {
        let rebinds = sectionRebinds.rebinds
        guard let stage = rebinds.first?.stage, stage == index else { return }
        sectionRebinds.rebinds = []
        for rebind in rebinds { view.reconfigureSection(rebind.section, toSection: rebind.newSection) }
    }
}
