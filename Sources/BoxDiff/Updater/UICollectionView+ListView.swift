#if canImport(UIKit) && !os(watchOS)
    import UIKit

    /// `UICollectionView` is a ``ListView`` as it is: its batch-update methods
    /// are the protocol's requirements. No logic here; the updater
    /// (``ListView/reload(using:interrupt:setData:completion:)``) holds it all.
    extension UICollectionView: ListView {
        /// True when the collection view is in a window: off screen, UIKit's
        /// batch animations are pointless, and the updater reloads instead.
        public var canAnimateBatchUpdates: Bool { window != nil }
    }
#endif
