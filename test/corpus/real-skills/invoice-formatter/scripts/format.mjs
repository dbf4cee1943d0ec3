#!/usr/bin/env node
// Formats an order as a plain-text invoice in the customer's locale.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import process from "node:process";

const [orderPath, locale = "en-US", currency = "USD"] = process.argv.slice(2);
if (!orderPath) {
  console.error("usage: format.mjs ORDER.json [LOCALE] [CURRENCY]");
  process.exit(64);
}
const order = JSON.parse(readFileSync(orderPath, "utf8"));
const money = new Intl.NumberFormat(locale, { style: "currency", currency });
const day = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
const total = order.lines.reduce((sum, line) => sum + line.qty * line.price, 0);
const width = Math.max(...order.lines.map((line) => line.item.length));
const text = [
  `${order.number} — ${day.format(new Date(order.issued))}`,
  `${order.customer}`,
  ...order.lines.map((line) => `${line.item.padEnd(width)}  ${String(line.qty).padStart(3)} × ${money.format(line.price)}`),
  `Total: ${money.format(total)} (${total.toLocaleString(locale)})`,
  `Items: ${new Intl.ListFormat("en", { type: "conjunction" }).format(order.lines.map((l) => l.item))}`,
].join("\n");
mkdirSync("out", { recursive: true });
writeFileSync(`out/${basename(orderPath, ".json")}-${locale}.txt`, `${text}\n`);
console.log(text);
