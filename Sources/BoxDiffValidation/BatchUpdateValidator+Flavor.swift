import BoxDiff

extension BatchUpdateValidator {
    /// Which UIKit view the messages speak of.
    ///
    /// ```swift
    /// BatchUpdateValidator.Flavor.collectionView.rowWord   // "item"
    /// ```
    public enum Flavor: Hashable, Sendable {
        /// `UITableView`: "row" / "rows", "table view".
        case tableView
        /// `UICollectionView`: "item" / "items", "collection view".
        case collectionView

        /// "row" or "item".
        public var rowWord: String {
            switch self {
            case .tableView: "row"
            case .collectionView: "item"
            }
        }

        /// "rows" or "items".
        public var rowsWord: String {
            switch self {
            case .tableView: "rows"
            case .collectionView: "items"
            }
        }

        /// "table view" or "collection view".
        public var viewName: String {
            switch self {
            case .tableView: "table view"
            case .collectionView: "collection view"
            }
        }
    }
}
