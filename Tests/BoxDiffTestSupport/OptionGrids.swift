import BoxDiff

/// The option sets the property tests run every diff under, defined once.
public enum OptionGrids {
    /// Every combination of algorithm, batch mode and update style.
    public static let all: [DiffOptions] = DiffAlgorithm.allCases.flatMap { algorithm in
        BatchMode.allCases.flatMap { mode in
            UpdateStyle.allCases.map { style in
                var options = DiffOptions(algorithm: algorithm)
                options.mode = mode
                options.updateStyle = style
                return options
            }
        }
    }

    /// ``all`` plus the default options with a reload threshold of 6, which
    /// some random changesets pass.
    public static let withThreshold: [DiffOptions] =
        all + [
            {
                var options = DiffOptions()
                options.reloadThreshold = 6
                return options
            }()
        ]
}
