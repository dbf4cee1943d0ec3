# /// script
# requires-python = ">=3.10"
# dependencies = ["pyyaml>=5.1", "openpyxl>=3.0"]
# ///
"""Totals a CSV by one column into an Excel workbook, as a YAML config describes."""
import argparse
import csv
import json
import os
import sys

import yaml
from openpyxl import Workbook
from openpyxl.styles import Font

REQUIRED_KEYS = ("input", "group_by", "sum")


def load_config(path):
    with open(path, encoding="utf-8") as handle:
        config = yaml.safe_load(handle)
    if not isinstance(config, dict):
        sys.exit(f"{path}: expected a mapping of settings")
    missing = [key for key in REQUIRED_KEYS if key not in config]
    if missing:
        sys.exit(f"{path}: missing {', '.join(missing)}")
    if isinstance(config["sum"], str):
        config["sum"] = [config["sum"]]
    return config


def totals_by_group(rows, group_by, measures):
    totals = {}
    for line, row in enumerate(rows, start=2):
        group = totals.setdefault(row[group_by], dict.fromkeys(measures, 0.0))
        for measure in measures:
            try:
                group[measure] += float(row[measure] or 0)
            except ValueError:
                sys.exit(f"line {line}: {measure} is not a number: {row[measure]!r}")
    return totals


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("config", nargs="?", default="config/report.yaml")
    parser.add_argument("--out", default="out/report.xlsx")
    args = parser.parse_args()

    config = load_config(args.config)
    with open(config["input"], newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    group_by, measures = config["group_by"], config["sum"]
    for column in (group_by, *measures):
        if rows and column not in rows[0]:
            sys.exit(f"{config['input']} has no column {column!r}")
    totals = totals_by_group(rows, group_by, measures)

    workbook = Workbook()
    sheet = workbook.active
    sheet.title = str(config.get("sheet", "Summary"))[:31]
    sheet.append([config.get("title", "Report")])
    sheet["A1"].font = Font(bold=True, size=14)
    sheet.append([group_by, *measures])
    for cell in sheet[2]:
        cell.font = Font(bold=True)
    for group in sorted(totals):
        sheet.append([group, *(round(totals[group][m], 2) for m in measures)])
    grand = {m: round(sum(t[m] for t in totals.values()), 2) for m in measures}
    sheet.append(["Total", *grand.values()])
    for cell in sheet[sheet.max_row]:
        cell.font = Font(bold=True)

    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    workbook.save(args.out)
    print(json.dumps({
        "title": config.get("title", "Report"),
        "rows": len(rows),
        "groups": {g: {m: round(v, 2) for m, v in totals[g].items()} for g in sorted(totals)},
        "total": grand,
        "output": args.out,
    }, indent=2))


if __name__ == "__main__":
    main()
