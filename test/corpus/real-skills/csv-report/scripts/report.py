#!/usr/bin/env python3
"""Summarise a sales CSV: totals by region and product, written as Markdown and JSON."""
import argparse
import csv
import json
import sys
from collections import defaultdict
from decimal import Decimal
from pathlib import Path


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("csv_path", help="CSV file with date, region, product, units, unit_price")
    parser.add_argument("--out", default="out", help="folder for report.md and summary.json")
    parser.add_argument("--top", type=int, default=3, help="how many products to list")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    path = Path(args.csv_path)
    if not path.exists():
        print(f"error: {path} not found", file=sys.stderr)
        return 2
    by_region = defaultdict(Decimal)
    by_product = defaultdict(int)
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    for row in rows:
        revenue = int(row["units"]) * Decimal(row["unit_price"])
        by_region[row["region"]] += revenue
        by_product[row["product"]] += int(row["units"])
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    lines = ["# Sales report", "", f"{len(rows)} rows from `{path.name}`.", "", "| Region | Revenue |", "|---|---:|"]
    for region, revenue in sorted(by_region.items(), key=lambda item: -item[1]):
        lines.append(f"| {region} | {revenue:,.2f} |")
    top = sorted(by_product.items(), key=lambda item: (-item[1], item[0]))[: args.top]
    lines += ["", "Top products: " + ", ".join(f"{name} ({units})" for name, units in top), ""]
    (out / "report.md").write_text("\n".join(lines), encoding="utf-8")
    summary = {"rows": len(rows), "revenue": {k: str(v) for k, v in sorted(by_region.items())}, "top": top}
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(json.dumps({"report": str(out / "report.md"), "rows": len(rows)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
