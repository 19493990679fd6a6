// A stand-in for UIKit, for scripts/apple-standins.sh only: the classes
// and methods BoxDiff's UIKit adapters and the README's UIKit samples
// call, declared with the Swift signatures of Apple's UIKit documentation
// (main-actor isolated views, `open` classes, `UITableView.RowAnimation`,
// iOS 15's reconfigure calls), and bodies that do nothing. Linux has no
// UIKit, so without it the `#if canImport(UIKit)` files would never be
// compiled here. Not a test target: SwiftPM does not build this directory.

@_exported import Foundation

/// `UIResponder`.
@MainActor open class UIResponder: NSObject {}

/// `UIView`.
@MainActor open class UIView: UIResponder {
    /// The window the view is in, nil off screen.
    open var window: UIWindow? { nil }
}

/// `UIWindow`.
@MainActor open class UIWindow: UIView {}

/// `UIScrollView`.
@MainActor open class UIScrollView: UIView {}

/// `UIViewController`.
@MainActor open class UIViewController: UIResponder {
    /// Called on a memory warning (`BoxRenderer.releaseScratchMemory()`'s
    /// sample overrides it).
    open func didReceiveMemoryWarning() {}
}

/// `UICollectionViewLayout`.
@MainActor open class UICollectionViewLayout: NSObject {}

/// `UICollectionViewFlowLayout`.
@MainActor open class UICollectionViewFlowLayout: UICollectionViewLayout {}

/// `UITableView`: the batch-update calls.
@MainActor open class UITableView: UIScrollView {
    /// `UITableView.RowAnimation`.
    public enum RowAnimation: Int, @unchecked Sendable {
        case fade, right, left, top, bottom, none, middle
        case automatic = 100
    }

    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}
    open func reloadData() {}
    open func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}
    open func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}
    open func reloadSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}
    open func moveSection(_ section: Int, toSection newSection: Int) {}
    open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
    open func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
    open func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
    @available(iOS 15.0, tvOS 15.0, *)
    open func reconfigureRows(at indexPaths: [IndexPath]) {}
    open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? { nil }
    open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? { nil }
}

/// `UITableViewHeaderFooterView`.
@MainActor open class UITableViewHeaderFooterView: UIView {}

/// `UICollectionView`: the batch-update calls.
@MainActor open class UICollectionView: UIScrollView {
    /// The README's view controller creates its collection view with a
    /// layout, as UIKit requires (`UICollectionView()` compiles there but
    /// traps at run time: a collection view needs a non-nil layout).
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) { super.init() }
    /// Kept for the clients that write `UICollectionView()` for brevity.
    public override init() { super.init() }
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}
    open func reloadData() {}
    open func insertSections(_ sections: IndexSet) {}
    open func deleteSections(_ sections: IndexSet) {}
    open func reloadSections(_ sections: IndexSet) {}
    open func moveSection(_ section: Int, toSection newSection: Int) {}
    open func insertItems(at indexPaths: [IndexPath]) {}
    open func deleteItems(at indexPaths: [IndexPath]) {}
    open func reloadItems(at indexPaths: [IndexPath]) {}
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
    @available(iOS 15.0, tvOS 15.0, *)
    open func reconfigureItems(at indexPaths: [IndexPath]) {}
    open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionReusableView?
    { nil }
    public class var elementKindSectionHeader: String { "UICollectionElementKindSectionHeader" }
    public class var elementKindSectionFooter: String { "UICollectionElementKindSectionFooter" }
}

/// `UICollectionReusableView`.
@MainActor open class UICollectionReusableView: UIView {}
