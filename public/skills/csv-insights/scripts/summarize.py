#!/usr/bin/env python3
"""Summarize a CSV file: per-column statistics as JSON, a markdown report and a CSV table.

Usage: python3 scripts/summarize.py [CSV_PATH] [--out PATH] [--csv PATH]

Defaults: CSV_PATH=data/sales.csv, --out out/report.md, --csv out/columns.csv
(parent folders are created). Standard library only; output is deterministic.

Exit codes: 0 success, 1 file problem (message on stderr), 2 usage error.
"""

import argparse
import csv
import json
import math
import os
import sys
from collections import Counter

DEFAULT_CSV = "data/sales.csv"
DEFAULT_OUT = "out/report.md"
DEFAULT_TABLE = "out/columns.csv"
TABLE_FIELDS = ["column", "type", "count", "missing", "distinct", "min", "max", "mean", "sum"]
TOP_N = 3
DECIMALS = 4


def error(message):
    print("error: " + message, file=sys.stderr)
    return 1


def parse_number(text):
    """Return an int or float for numeric text, else None."""
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def tidy(value):
    """Round floats for display; keep ints as ints."""
    if isinstance(value, float):
        return round(value, DECIMALS)
    return value


def read_csv(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        rows = list(csv.reader(fh))
    # Ignore completely blank lines.
    rows = [row for row in rows if any(cell.strip() for cell in row)]
    if not rows:
        raise ValueError("CSV file is empty (no header row): " + path)
    header = []
    for index, name in enumerate(rows[0]):
        name = name.strip() or "column_%d" % (index + 1)
        while name in header:
            name += "_dup"
        header.append(name)
    body = rows[1:]
    ragged = sum(1 for row in body if len(row) != len(header))
    return header, body, ragged


def column_stats(values):
    present = [v.strip() for v in values if v.strip() != ""]
    stats = {"count": len(present), "missing": len(values) - len(present)}
    if not present:
        stats["type"] = "empty"
        return stats
    numbers = [parse_number(v) for v in present]
    if all(n is not None for n in numbers):
        all_int = all(isinstance(n, int) for n in numbers)
        total = sum(numbers) if all_int else math.fsum(numbers)
        stats.update({
            "type": "integer" if all_int else "number",
            "min": tidy(min(numbers)),
            "max": tidy(max(numbers)),
            "mean": tidy(total / len(numbers)),
            "sum": tidy(total),
        })
        return stats
    counts = Counter(present)
    top = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:TOP_N]
    stats.update({
        "type": "text",
        "distinct": len(counts),
        "top": dict(top),
    })
    return stats


def fmt(value):
    if isinstance(value, float):
        text = ("%." + str(DECIMALS) + "f") % value
        return text.rstrip("0").rstrip(".")
    return str(value)


def md_cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def render_markdown(path, row_count, header, stats, ragged):
    lines = ["# CSV summary: `%s`" % path, ""]
    lines.append("- Rows: %d" % row_count)
    lines.append("- Columns: %d (%s)" % (len(header), ", ".join(header)))
    if ragged:
        lines.append("- Rows with a different number of fields than the header: %d" % ragged)
    lines.append("")

    numeric = [c for c in header if stats[c]["type"] in ("integer", "number")]
    text = [c for c in header if stats[c]["type"] == "text"]
    empty = [c for c in header if stats[c]["type"] == "empty"]

    if numeric:
        lines += ["## Numeric columns", "",
                  "| Column | Count | Missing | Min | Max | Mean | Sum |",
                  "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
        for c in numeric:
            s = stats[c]
            lines.append("| %s | %d | %d | %s | %s | %s | %s |" % (
                md_cell(c), s["count"], s["missing"],
                fmt(s["min"]), fmt(s["max"]), fmt(s["mean"]), fmt(s["sum"])))
        lines.append("")
    if text:
        lines += ["## Text columns", "",
                  "| Column | Count | Missing | Distinct | Top %d |" % TOP_N,
                  "| --- | ---: | ---: | ---: | --- |"]
        for c in text:
            s = stats[c]
            top = ", ".join("%s (%d)" % (md_cell(v), n) for v, n in s["top"].items())
            lines.append("| %s | %d | %d | %d | %s |" % (
                md_cell(c), s["count"], s["missing"], s["distinct"], top))
        lines.append("")
    if empty:
        lines += ["## Empty columns", ""]
        lines += ["- %s" % md_cell(c) for c in empty]
        lines.append("")
    return "\n".join(lines)


def write_table(path, columns):
    """One CSV row per column, with the statistics its type has (blank otherwise)."""
    parent = os.path.dirname(path)
    if parent:
        os.makedirs(parent, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(TABLE_FIELDS)
        for name, stats in columns.items():
            row = dict(stats, column=name)
            writer.writerow(["" if row.get(f) is None else row[f] for f in TABLE_FIELDS])


def summary_json(path, row_count, columns, out, ragged):
    """Compact, valid JSON: one line per column."""
    dump = lambda value: json.dumps(value, ensure_ascii=False)
    head = ["{",
            '  "file": %s,' % dump(path),
            '  "rows": %d,' % row_count]
    if ragged:
        head.append('  "ragged_rows": %d,' % ragged)
    head.append('  "report": %s,' % dump(out))
    head.append('  "columns": {')
    body = ["    %s: %s" % (dump(name), dump(stats)) for name, stats in columns.items()]
    return "\n".join(head) + "\n" + ",\n".join(body) + "\n  }\n}"


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="summarize.py",
        description="Summarize a CSV file (stats as JSON on stdout + markdown report).")
    parser.add_argument("csv_path", nargs="?", default=DEFAULT_CSV, metavar="CSV_PATH",
                        help="CSV file to read (default: %(default)s)")
    parser.add_argument("--out", default=DEFAULT_OUT, metavar="PATH",
                        help="markdown report to write (default: %(default)s)")
    parser.add_argument("--csv", default=DEFAULT_TABLE, metavar="PATH", dest="table",
                        help="CSV table of the column statistics (default: %(default)s)")
    args = parser.parse_args(argv)

    if not os.path.isfile(args.csv_path):
        return error("CSV file not found: " + args.csv_path)
    for option, path in (("--out", args.out), ("--csv", args.table)):
        if os.path.abspath(path) == os.path.abspath(args.csv_path):
            return error(option + " must not overwrite the input CSV")
    try:
        header, body, ragged = read_csv(args.csv_path)
    except (OSError, UnicodeDecodeError, csv.Error, ValueError) as exc:
        return error("could not read CSV: " + str(exc))

    columns = {}
    for index, name in enumerate(header):
        values = [row[index] if index < len(row) else "" for row in body]
        columns[name] = column_stats(values)

    report = render_markdown(args.csv_path, len(body), header, columns, ragged)
    try:
        parent = os.path.dirname(args.out)
        if parent:
            os.makedirs(parent, exist_ok=True)
        with open(args.out, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(report)
        write_table(args.table, columns)
    except OSError as exc:
        return error("could not write report: " + str(exc))

    print(summary_json(args.csv_path, len(body), columns, args.out, ragged))
    print("Report written to " + args.out + ", column table to " + args.table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
