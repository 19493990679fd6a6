import Foundation

/// The README's UI-size table: the `--small` rows of JSON lines written
/// with `--json-append`, rendered by `--markdown-from` after the preset
/// table (Markdown.swift): µs per diff of each engine, the Box API's
/// ratios to the flat API and to the floor, the render loop's overhead
/// over its bare diff, and heap allocations per diff.
enum SmallMarkdown {
    /// One `--small` case, as read back from its JSON line.
    struct Row {
        var rows: Int
        var sections: Int
        /// `--batch-mode` ("staged" for lines written before it existed).
        var mode: String = "staged"
        var samples: Int
        var values: [String: Double]
        /// The values of every process that measured this case.
        var repeats: [[String: Double]] = []

        /// "20 rows, 1 section", "10,000 rows, 100 sections".
        var label: String {
            func grouped(_ n: Int) -> String {
                let digits = String(n)
                var out = ""
                for (i, c) in digits.enumerated() {
                    if i > 0, (digits.count - i) % 3 == 0 { out += "," }
                    out.append(c)
                }
                return out
            }
            return "\(grouped(rows)) rows, \(grouped(sections)) section" + (sections == 1 ? "" : "s")
                + (mode == "single" ? ", one batch" : "")
        }
    }

    /// The `"preset": "small"` lines of `text`, in order; a later line of
    /// the same case replaces an earlier one.
    static func rows(jsonLines text: String) throws -> [Row] {
        var out: [Row] = []
        for line in text.split(whereSeparator: \.isNewline) where line.first == "{" {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["preset"] as? String == "small", let rows = (object["count"] as? NSNumber)?.intValue,
                let sections = (object["sections"] as? NSNumber)?.intValue
            else { continue }
            var values: [String: Double] = [:]
            for (key, value) in object {
                if let number = value as? NSNumber { values[key] = number.doubleValue }
            }
            let row = Row(
                rows: rows, sections: sections, mode: object["batch_mode"] as? String ?? "staged",
                samples: (object["samples"] as? NSNumber)?.intValue ?? 0, values: values)
            if let i = out.firstIndex(where: { $0.rows == rows && $0.sections == sections && $0.mode == row.mode }) {
                out[i].repeats.append(row.values)
            } else {
                var first = row
                first.repeats = [row.values]
                out.append(first)
            }
        }
        // Cases measured by several processes: each value the median of
        // theirs (see Markdown.merged; the times shown are the
        // `_min_seconds` keys, each process's fastest sample).
        for i in out.indices where out[i].repeats.count > 1 {
            var values: [String: Double] = [:]
            for key in out[i].values.keys {
                values[key] = out[i].repeats.compactMap { $0[key] }.median
            }
            out[i].values = values
        }
        return out
    }

    /// The table and its legend.
    static func render(_ rows: [Row]) -> String {
        let samples = Set(rows.map(\.samples)).sorted().map(String.init).joined(separator: ", ")
        let processes = rows.map(\.repeats.count).max() ?? 1
        var out =
            "UI sizes (`--small`, mix preset): µs per diff in a steady loop, the fastest of \(samples) samples"
            + (processes > 1 ? " per process, the median of \(processes) processes" : "")
            + "; ratios: medians of per-sample ratios"
            + ".\n\n"
        out += "| UI size | box | flat | core-heckel | floor | box/flat | box/floor | render | render/diff "
        out += "| allocations per diff (box / flat / render) |\n"
        out += "|---|---|---|---|---|---|---|---|---|---|\n"
        for row in rows {
            // An engine's fastest sample (lines written before the
            // `_min_seconds` keys: its median one).
            func micro(_ engine: String) -> String {
                guard let v = row.values[engine + "_min_seconds"] ?? row.values[engine + "_median_seconds"] else {
                    return "n/a"
                }
                return Markdown.significant(v * 1e6)
            }
            func ratio(_ key: String) -> String { row.values[key].map { String(format: "×%.2f", $0) } ?? "n/a" }
            func count(_ key: String) -> String { row.values[key].map { String(format: "%.0f", $0) } ?? "n/a" }
            let cells = [
                row.label, micro("box"), micro("flat"), micro("core"), micro("floor"), ratio("box_over_flat"),
                ratio("box_over_floor"), micro("render"), ratio("render_over_diff"),
                [count("box_mallocs_per_diff"), count("flat_mallocs_per_diff"), count("render_mallocs_per_render")]
                    .joined(separator: " / "),
            ]
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        out += "\n(box: the Box API, old Box's table cached, new Box hashed each diff; flat: the same rows as "
        out += "arrays; render: `BoxRenderer.render` over a no-op list view, render/diff: its overhead over the "
        out += "bare diff of the same two Boxes in turn"
        if rows.contains(where: { $0.mode == "single" }) {
            out += "; one batch: `--batch-mode single`, every Swift engine's changesets in one batch each"
        }
        out += ".)\n"
        return out
    }
}
