import type { JsonSchema, ToolDefinition } from "../../tools/definitions";

/**
 * A GBNF grammar (llama.cpp's) for one reply of a model offered the skill tools: either text, or
 * exactly one call `{"name": TOOL, "arguments": {…}}` — optionally inside `<tool_call>` tags, as
 * Qwen and Hermes templates teach, with `parameters` accepted for `arguments` as Llama 3's do —
 * whose arguments match that tool's JSON Schema. A leading `<think>…</think>` block is allowed for
 * reasoning models. Text may not begin with `{` or `<`, so a reply is a call exactly when it
 * begins like one.
 *
 * Written here rather than taken from llama.cpp's JSON-Schema converter, which the engine does not
 * expose for raw completions and which cannot express "text, or one of these calls".
 */
export function toolReplyGrammar(tools: readonly ToolDefinition[]): string {
  const rules = new GrammarRules();
  const calls = tools.map((tool, index) => {
    const args = rules.schema(`args${index}`, tool.parameters);
    return rules.add(
      `call${index}`,
      `"{" q "name" q ":" sp q ${literal(tool.name)} q "," sp q ("arguments" | "parameters") q ":" sp ${args} "}"`,
    );
  });
  const root =
    calls.length === 0
      ? "think? text"
      : `think? ( "<tool_call>" ws ( ${calls.join(" | ")} ) ws "</tool_call>" | ${calls.join(" | ")} | text )`;
  return [
    `root ::= ${root}`,
    `think ::= "<think>" [^<]* "</think>" ws`,
    `text ::= [^{<\\x00] [^\\x00]*`,
    `q ::= "\\""`,
    `sp ::= " "?`,
    `ws ::= [ \\n]*`,
    `char ::= [^"\\\\\\x00-\\x1f] | "\\\\" (["\\\\/bfnrt] | "u" [0-9a-fA-F]{4})`,
    `string ::= q char* q`,
    `number ::= "-"? ([0-9] | [1-9] [0-9]{0,15}) ("." [0-9]{1,16})? ([eE] [-+]? [0-9]{1,4})?`,
    `boolean ::= "true" | "false"`,
    `value ::= string | number | boolean | "null" | "[" sp (value ("," sp value)*)? "]" | "{" sp (string ":" sp value ("," sp string ":" sp value)*)? "}"`,
    ...rules.lines,
  ].join("\n");
}

/** A GBNF string literal. */
function literal(text: string): string {
  return JSON.stringify(text);
}

/** A GBNF literal for a JSON string's encoding: the quotes belong to the value. */
function jsonLiteral(value: unknown): string {
  return literal(JSON.stringify(value));
}

class GrammarRules {
  readonly lines: string[] = [];

  add(name: string, body: string): string {
    this.lines.push(`${name} ::= ${body}`);
    return name;
  }

  /** A rule for the JSON values a schema allows (the subset the tools' schemas use). */
  schema(name: string, schema: JsonSchema): string {
    if (Array.isArray(schema.enum)) return this.add(name, schema.enum.map(jsonLiteral).join(" | "));
    if ("const" in schema) return this.add(name, jsonLiteral(schema.const));
    switch (schema.type) {
      case "object":
        return this.object(name, schema);
      case "array": {
        const item = this.schema(`${name}-item`, (schema.items as JsonSchema | undefined) ?? {});
        const max = typeof schema.maxItems === "number" ? schema.maxItems : undefined;
        const more =
          max === undefined ? `("," sp ${item})*` : max > 1 ? `("," sp ${item}){0,${max - 1}}` : "";
        return this.add(name, max === 0 ? `"[" "]"` : `"[" sp (${item} ${more})? "]"`);
      }
      case "string": {
        const max = typeof schema.maxLength === "number" ? schema.maxLength : undefined;
        return this.add(name, max === undefined ? "string" : `q char{0,${max}} q`);
      }
      case "integer":
        return this.add(name, `"-"? ([0-9] | [1-9] [0-9]{0,15})`);
      case "number":
        return this.add(name, "number");
      case "boolean":
        return this.add(name, "boolean");
      default:
        return this.add(name, "value");
    }
  }

  /**
   * Required properties first, in the schema's order, then the optional ones, each of which may
   * be left out; no others (the tools' schemas forbid additional properties). The order is fixed,
   * which JSON allows and which keeps the grammar small.
   */
  private object(name: string, schema: JsonSchema): string {
    const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const keys = Object.keys(properties);
    const ordered = [
      ...keys.filter((k) => required.has(k)),
      ...keys.filter((k) => !required.has(k)),
    ];
    const pairs = ordered.map(
      (key, index) =>
        `${jsonLiteral(key)} ":" sp ${this.schema(`${name}-${index}`, properties[key] ?? {})}`,
    );
    if (required.size === 0) {
      // Nothing required: the first property present decides where commas go, so chain them.
      const chain = pairs.reduceRight(
        (rest, pair) => `${pair}${rest ? ` ("," sp ${rest})?` : ""}`,
        "",
      );
      return this.add(name, chain ? `"{" sp (${chain})? "}"` : `"{" sp "}"`);
    }
    const body = pairs
      .map((pair, index) => {
        const separated = index === 0 ? pair : `"," sp ${pair}`;
        return required.has(ordered[index] ?? "") ? separated : `(${separated})?`;
      })
      .join(" ");
    return this.add(name, `"{" sp ${body} "}"`);
  }
}
