import BoxDiff
import Foundation

/// Tables, JSON lines and the target summary.
enum Report {
    static func time(_ seconds: Double) -> String {
        if seconds >= 1 { return String(format: "%.3f s", seconds) }
        if seconds >= 1e-3 { return String(format: "%.2f ms", seconds * 1e3) }
        return String(format: "%.1f µs", seconds * 1e6)
    }

    static func bytes(_ value: Int?) -> String {
        guard let value else { return "-" }
        let v = Double(value)
        let k = 1024.0
        if v >= k * k * k { return String(format: "%.2f GiB", v / (k * k * k)) }
        if v >= k * k { return String(format: "%.1f MiB", v / (k * k)) }
        if v >= k { return String(format: "%.1f KiB", v / k) }
        return "\(value) B"
    }

    static func number(_ value: Int?) -> String { value.map(String.init) ?? "-" }

    static func ratio(_ m: Measurement, to base: Measurement?) -> String {
        guard let base, base.ran, m.ran, base.median > 0 else { return "-" }
        let r = m.median / base.median
        return r >= 0.01 ? String(format: "×%.2f", r) : String(format: "×1/%.0f", 1 / r)
    }

    /// The table of one workload.
    static func table(_ ms: [Measurement], title: String) -> String {
        let floor = ms.first { $0.engine == EngineName.floor.rawValue }
        let stdlib = ms.first { $0.engine == EngineName.stdlib.rawValue }
        let header = [
            "engine", "median", "min", "max", "deleted", "inserted", "moved", "updated",
            "stages", "peak", "B/elem", "faults", "load", "vs floor", "vs stdlib", "check",
        ]
        var rows: [[String]] = []
        var notes: [String] = []
        for m in ms {
            guard m.ran else {
                rows.append([m.engine] + Array(repeating: "-", count: header.count - 1))
                if let note = m.note { notes.append("\(m.engine): \(note)") }
                continue
            }
            let o = m.outcome
            rows.append([
                m.engine + (o.minimal ? "" : "*"), time(m.median), time(m.min), time(m.max),
                number(o.deleted), number(o.inserted), number(o.moved), number(o.updated),
                number(o.stages), (m.peakIsRSS ? "rss+" : "") + bytes(m.peakBytes),
                m.bytesPerElement.map { String(format: "%.1f", $0) } ?? "-",
                m.medianFaults.map { String(format: "%.0f", $0) } ?? "-",
                m.otherLoad.map { String(format: "%.1f", $0) } ?? "-", ratio(m, to: floor), ratio(m, to: stdlib),
                m.check ?? "-",
            ])
            if !o.minimal { notes.append("\(m.engine): * result not proven minimal (LCS cost bound)") }
        }
        let widths = header.indices.map { c in ([header[c]] + rows.map { $0[c] }).map(\.count).max()! }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { c, cell in
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                return c == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        var out = "== \(title)\n" + line(header) + "\n"
        out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
        for row in rows { out += line(row) + "\n" }
        for note in notes { out += "   note: \(note)\n" }
        if let busiest = ms.compactMap(\.otherLoad).max(), busiest >= 0.5 {
            out += String(
                format: "   note: other processes kept %.1f CPUs busy during some runs (load): times may be "
                    + "inflated by shared-cache contention; compare on an idle machine\n", busiest)
        }
        return out
    }

    /// One JSON object per measurement.
    /// `mix`: the change fractions of a mix workload (written as delete,
    /// insert, move, update).
    static func json(
        _ m: Measurement, layout: String, seed: UInt64, runs: Int, warmups: Int = 1, minTime: Double = 0,
        mix: ChangeMix? = nil, mode: BatchMode = .staged
    ) -> String {
        // runs: as asked (--runs); measured_runs: as made, more when the
        // runs were shorter than min_time_seconds in all.
        var fields: [(String, Any?)] = [
            ("preset", m.preset), ("engine", m.engine), ("count", m.count), ("new_count", m.newCount),
            ("layout", layout), ("seed", seed), ("runs", runs), ("measured_runs", m.seconds.count),
            ("min_time_seconds", minTime), ("warmups", warmups),
            ("batch_mode", mode == .singleBatch ? "single" : "staged"),
        ]
        if let mix {
            fields += [("delete", mix.delete), ("insert", mix.insert), ("move", mix.move), ("update", mix.update)]
        }
        if m.ran {
            fields += [
                ("median_seconds", m.median), ("min_seconds", m.min), ("max_seconds", m.max),
                ("deleted", m.outcome.deleted), ("inserted", m.outcome.inserted),
                ("moved", m.outcome.moved), ("updated", m.outcome.updated),
                ("stages", m.outcome.stages), ("minimal", m.outcome.minimal),
                ("peak_bytes", m.peakBytes), ("peak_kind", m.peakIsRSS ? "max_rss_delta" : "allocated"),
                ("bytes_per_element", m.bytesPerElement), ("minor_faults_per_run", m.medianFaults),
                ("other_load_cpus", m.otherLoad),
                ("check", m.check),
            ]
        } else {
            fields.append(("skipped", m.note ?? "not run"))
        }
        let body = fields.map { key, value -> String in
            let v: String
            switch value {
            case nil: v = "null"
            case let s as String:
                v =
                    "\""
                    + s.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "\"", with: "\\\"") + "\""
            case let d as Double: v = d.isFinite ? String(format: "%.9g", d) : "null"
            case let b as Bool: v = b ? "true" : "false"
            case let x?: v = "\(x)"
            }
            return "\"\(key)\":\(v)"
        }
        return "{" + body.joined(separator: ",") + "}"
    }

    /// The performance targets, for what this invocation measured.
    static func targets(_ all: [[Measurement]], mix: ChangeMix) -> [String] {
        var lines: [String] = []
        func verdict(_ ok: Bool) -> String { ok ? "met" : "MISSED" }
        for ms in all {
            func find(_ e: EngineName) -> Measurement? { ms.first { $0.engine == e.rawValue && $0.ran } }
            guard let any = ms.first else { continue }
            let floor = find(.floor)
            let heckel = find(.coreHeckel)
            let lcs = find(.coreLCS)
            let preset = any.preset
            let n = any.count
            if let h = heckel, let f = floor, n >= 1_000_000, preset == "mix" {
                let r = h.median / f.median
                lines.append("core-heckel \(preset) n=\(n): ×\(fmt(r)) the floor (target ≤ ×1.5): \(verdict(r <= 1.5))")
            }
            if let f = floor, preset == "mix", n == 100_000 || n == 1_000_000 {
                for c in [find(.flat), find(.box), find(.boxCold)].compactMap({ $0 }) {
                    let r = c.median / f.median
                    // README's targets: the flat API within 3x at 100k and 1M;
                    // the Box API at most 3x at 100k and 1.5x at 1M.
                    let limit = c.engine != EngineName.flat.rawValue && n == 1_000_000 ? 1.5 : 3
                    lines.append(
                        "\(c.engine) \(preset) n=\(n): ×\(fmt(r)) the floor (target ≤ ×\(fmt(limit))): \(verdict(r <= limit))"
                    )
                }
            }
            if preset == "identical", n == 100_000, let f = floor {
                for c in [heckel, lcs].compactMap({ $0 }) {
                    let r = c.median / f.median
                    lines.append(
                        "\(c.engine) identical n=100000: ×\(fmt(r)) the floor (target < ×0.1): \(verdict(r < 0.1))")
                }
            }
            if preset == "shuffle", n == 100_000, let l = lcs {
                lines.append("core-lcs shuffle n=100000: \(time(l.median)) (target ≤ 2 s): \(verdict(l.median <= 2))")
            }
            if preset == "mix", n == 100_000, mix.total <= 0.0105, let l = lcs, let h = heckel {
                let r = l.median / h.median
                lines.append(
                    "core-lcs \(fmt(mix.total * 100))% edits n=100000: ×\(fmt(r)) core-heckel (target ≤ ×3): \(verdict(r <= 3))"
                )
            }
            if n >= 10_000_000 {
                for c in [heckel, lcs].compactMap({ $0 }) {
                    if let b = c.bytesPerElement {
                        lines.append(
                            "\(c.engine) \(preset) n=\(n): peak \(fmt(b)) B/element (target ≤ 48): \(verdict(b <= 48))")
                    }
                }
            }
        }
        return lines
    }

    static func fmt(_ x: Double) -> String { String(format: "%.2f", x) }
}
