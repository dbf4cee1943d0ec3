import { h } from "../dom";

let dataTable: Promise<typeof import("./dataTable")> | undefined;

/** A CSV or TSV file as a table; the parser (papaparse) loads on the first table shown. */
export function tableView(text: string, delimiter: "," | "\t"): HTMLElement {
  const holder = h("div", { className: "muted" }, "Reading the table…");
  dataTable ??= import("./dataTable");
  void dataTable.then((module) => holder.replaceWith(module.dataTable(text, delimiter)));
  return holder;
}
