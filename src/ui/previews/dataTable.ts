import Papa from "papaparse";
import { h } from "../dom";

/** Rows laid out at most; a bigger table says how much it left out. */
export const MAX_TABLE_ROWS = 1000;

/** A CSV or TSV file as a table: its first row as the header, the first 1,000 rows after it. */
export function dataTable(text: string, delimiter: "," | "\t"): HTMLElement {
  const parsed = Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: "greedy",
    preview: MAX_TABLE_ROWS + 2,
  });
  const [header = [], ...rows] = parsed.data;
  const shown = rows.slice(0, MAX_TABLE_ROWS);
  const table = h(
    "table",
    { className: "data-table" },
    h("thead", {}, h("tr", {}, ...header.map((cell) => h("th", { scope: "col" }, cell)))),
    h("tbody", {}, ...shown.map((row) => h("tr", {}, ...row.map((cell) => h("td", {}, cell))))),
  );
  const caption =
    rows.length > MAX_TABLE_ROWS
      ? `The first ${MAX_TABLE_ROWS.toLocaleString("en")} rows; the file has more.`
      : `${shown.length} row${shown.length === 1 ? "" : "s"}, ${header.length} column${header.length === 1 ? "" : "s"}.`;
  table.prepend(h("caption", { className: "muted" }, caption));
  return table;
}
