// A stand-in for AppKit, for scripts/apple-standins.sh only: the classes
// and methods BoxDiff's AppKit adapters and the DifferenceKit migration
// article's AppKit samples call, declared with the Swift signatures of
// Apple's AppKit documentation (main-actor isolated views,
// `NSTableView.AnimationOptions`, the animator proxy), and bodies that do
// nothing. Not a test target: SwiftPM does not build this directory.

@_exported import Foundation

/// `NSResponder`.
@MainActor open class NSResponder: NSObject {}

/// `NSView`.
@MainActor open class NSView: NSResponder {
    /// The window the view is in, nil off screen.
    open var window: NSWindow? { nil }
    /// `NSAnimatablePropertyContainer.animator()`.
    open func animator() -> Self { self }
}

/// `NSWindow`.
@MainActor open class NSWindow: NSResponder {}

/// `NSControl`.
@MainActor open class NSControl: NSView {}

/// `NSTableColumn`.
@MainActor open class NSTableColumn: NSObject {}

/// `NSTableView`: the calls of a batch of row changes.
@MainActor open class NSTableView: NSControl {
    /// `NSTableView.AnimationOptions`.
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let effectFade = AnimationOptions(rawValue: 0x1)
        public static let effectGap = AnimationOptions(rawValue: 0x2)
        public static let slideUp = AnimationOptions(rawValue: 0x10)
        public static let slideDown = AnimationOptions(rawValue: 0x20)
        public static let slideLeft = AnimationOptions(rawValue: 0x30)
        public static let slideRight = AnimationOptions(rawValue: 0x40)
    }

    open var numberOfRows: Int { 0 }
    open var tableColumns: [NSTableColumn] { [] }
    open func beginUpdates() {}
    open func endUpdates() {}
    open func reloadData() {}
    open func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet) {}
    open func noteHeightOfRows(withIndexesChanged indexSet: IndexSet) {}
    open func insertRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {}
    open func removeRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {}
    open func moveRow(at oldIndex: Int, to newIndex: Int) {}
}

/// `NSCollectionView`: the batch-update calls.
@MainActor open class NSCollectionView: NSView {
    open func performBatchUpdates(_ updates: (() -> Void)?, completionHandler: ((Bool) -> Void)? = nil) {}
    open func reloadData() {}
    open func insertSections(_ sections: IndexSet) {}
    open func deleteSections(_ sections: IndexSet) {}
    open func reloadSections(_ sections: IndexSet) {}
    open func moveSection(_ section: Int, toSection newSection: Int) {}
    open func insertItems(at indexPaths: Set<IndexPath>) {}
    open func deleteItems(at indexPaths: Set<IndexPath>) {}
    open func reloadItems(at indexPaths: Set<IndexPath>) {}
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
}
