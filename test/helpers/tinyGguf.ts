/**
 * A tiny llama-architecture GGUF for tests, made at test time (nothing downloaded, nothing
 * committed): a byte-level vocabulary, 2 layers 64 wide, seeded random weights, and an output
 * layer that also carries a small "bigram table" — after token A, token B gets a large logit — so
 * that the model's free choices are known in advance. Every other weight is random; the model
 * runs through every layer. What the table makes it do is for the plumbing under test, not for
 * quality: see `TOOL_THEN_ANSWER` and `ENDLESS`.
 */

const GGUF_MAGIC = 0x46554747;
const ALIGNMENT = 32;
const WIDTH = 64;
const FEED_FORWARD = 128;
const LAYERS = 2;
const HEADS = 4;

const SPECIALS_BEFORE = ["<unk>", "<s>", "</s>"];
const SPECIALS_AFTER = ["<|im_start|>", "<|im_end|>", "<pad>"];
const BYTE_BASE = SPECIALS_BEFORE.length;
const VOCAB = SPECIALS_BEFORE.length + 256 + SPECIALS_AFTER.length;
const IM_START = BYTE_BASE + 256;
const IM_END = IM_START + 1;
const PAD = IM_START + 2;

/** A successor, by character (one byte) or as the end of the turn. */
export type Successor = string | "<|im_end|>";
/** After the key character, the model all but always says the value (where allowed). */
export type BigramTable = Readonly<Record<string, Successor>>;

/**
 * ChatML with a tools block, like Qwen 2.5's, and one difference that the bigram table keys on:
 * after a tool result the assistant's turn opens with a tab instead of a newline. (Not a space:
 * the SentencePiece tokenizer spells a space as "▁", whose last byte would be the key.)
 */
export const TINY_CHAT_TEMPLATE = [
  "{%- if tools %}{{- '<|im_start|>system\\n' }}",
  "{%- if messages[0].role == 'system' %}{{- messages[0].content + '\\n\\n' }}{%- endif %}",
  "{{- '# Tools\\n\\nYou may call one of these functions:\\n<tools>' }}",
  "{%- for tool in tools %}{{- '\\n' + (tool | tojson) }}{%- endfor %}",
  `{{- '\\n</tools>\\n\\nReturn a call as <tool_call>{"name": <function-name>, "arguments": <args-json-object>}</tool_call><|im_end|>\\n' }}`,
  "{%- elif messages[0].role == 'system' %}",
  "{{- '<|im_start|>system\\n' + messages[0].content + '<|im_end|>\\n' }}",
  "{%- endif %}",
  "{%- for message in messages %}",
  "{%- if message.role == 'user' %}{{- '<|im_start|>user\\n' + message.content + '<|im_end|>\\n' }}",
  "{%- elif message.role == 'assistant' %}{{- '<|im_start|>assistant\\n' + message.content }}",
  "{%- for call in message.tool_calls or [] %}",
  `{{- '<tool_call>\\n{"name": "' + call.function.name + '", "arguments": ' + (call.function.arguments | tojson) + '}\\n</tool_call>' }}`,
  "{%- endfor %}{{- '<|im_end|>\\n' }}",
  "{%- elif message.role == 'tool' %}",
  "{{- '<|im_start|>user\\n<tool_response>\\n' + message.content + '\\n</tool_response><|im_end|>\\n' }}",
  "{%- endif %}{%- endfor %}",
  "{%- if add_generation_prompt %}",
  "{{- '<|im_start|>assistant' + ('\\t' if messages[-1].role == 'tool' else '\\n') }}",
  "{%- endif %}",
].join("");

/**
 * Calls `run_skill_script` on a script at `r.js` when a user has spoken, and answers "Done!" after
 * a tool result. The choices the grammar leaves open: `{` (a call, not text), `r` (that tool, and
 * the path's first letter), `"` after `:` and `,` (no optional space), `]` (no arguments).
 */
export const TOOL_THEN_ANSWER: BigramTable = {
  "\n": "{",
  '"': "r",
  ":": '"',
  ",": '"',
  "[": "]",
  r: ".",
  ".": "j",
  j: "s",
  s: '"',
  "\t": "D",
  D: "o",
  o: "n",
  n: "e",
  e: "!",
  "!": "<|im_end|>",
};

/** Answers in text that never ends ("abab…"), for stopping a generation midway. */
export const ENDLESS: BigramTable = { "\n": "a", "\t": "a", a: "b", b: "a" };

export interface TinyModelOptions {
  name?: string;
  architecture?: string;
  seed?: number;
  table?: BigramTable;
  chatTemplate?: string;
}

/** mulberry32: the same seed gives the same file. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Writer {
  private chunks: Uint8Array[] = [];
  length = 0;
  private push(bytes: Uint8Array) {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }
  private number(size: number, write: (view: DataView) => void) {
    const bytes = new Uint8Array(size);
    write(new DataView(bytes.buffer));
    this.push(bytes);
  }
  u32 = (value: number) => this.number(4, (v) => v.setUint32(0, value, true));
  i32 = (value: number) => this.number(4, (v) => v.setInt32(0, value, true));
  u64 = (value: number) => this.number(8, (v) => v.setBigUint64(0, BigInt(value), true));
  f32 = (value: number) => this.number(4, (v) => v.setFloat32(0, value, true));
  u8 = (value: number) => this.number(1, (v) => v.setUint8(0, value));
  string(text: string) {
    const bytes = new TextEncoder().encode(text);
    this.u64(bytes.length);
    this.push(bytes);
  }
  bytes(bytes: Uint8Array) {
    this.push(bytes);
  }
  pad() {
    const rest = this.length % ALIGNMENT;
    if (rest) this.push(new Uint8Array(ALIGNMENT - rest));
  }
  result(): Uint8Array<ArrayBuffer> {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }
}

const TYPE = { u8: 0, u32: 4, i32: 5, f32: 6, bool: 7, string: 8, array: 9 } as const;
type Value =
  | { type: "u32" | "i32" | "f32"; value: number }
  | { type: "bool"; value: boolean }
  | { type: "string"; value: string }
  | { type: "array"; of: "string" | "f32" | "i32"; values: (string | number)[] };

function writeValue(out: Writer, value: Value) {
  out.u32(TYPE[value.type]);
  if (value.type === "u32") out.u32(value.value);
  else if (value.type === "i32") out.i32(value.value);
  else if (value.type === "f32") out.f32(value.value);
  else if (value.type === "bool") out.u8(value.value ? 1 : 0);
  else if (value.type === "string") out.string(value.value);
  else if (value.type === "array") {
    out.u32(TYPE[value.of]);
    out.u64(value.values.length);
    for (const item of value.values) {
      if (value.of === "string") out.string(item as string);
      else if (value.of === "f32") out.f32(item as number);
      else out.i32(item as number);
    }
  }
}

function tokenId(successor: Successor): number {
  if (successor === "<|im_end|>") return IM_END;
  return BYTE_BASE + successor.charCodeAt(0);
}

/** Builds the GGUF file's bytes. */
export function tinyGguf(options: TinyModelOptions = {}): Uint8Array<ArrayBuffer> {
  const next = random(options.seed ?? 1);
  const uniform = (scale: number) => (next() * 2 - 1) * scale;
  const tensor = (count: number, make: () => number) => Float32Array.from({ length: count }, make);

  const embeddings = tensor(WIDTH * VOCAB, () => uniform(1));
  const output = tensor(WIDTH * VOCAB, () => uniform(0.01));
  for (const [from, to] of Object.entries(options.table ?? {})) {
    const source = tokenId(from);
    const row = embeddings.subarray(source * WIDTH, (source + 1) * WIDTH);
    const rms = Math.sqrt(row.reduce((sum, x) => sum + x * x, 0) / WIDTH);
    const target = tokenId(to);
    // The final norm turns the source's embedding into row/rms; this column makes its dot
    // product with that ≈ 30, while other rows meet it at random (≈ ±3).
    for (let i = 0; i < WIDTH; i++) output[target * WIDTH + i]! += (0.47 * row[i]!) / rms;
  }

  const tensors: [string, number[], Float32Array][] = [
    ["token_embd.weight", [WIDTH, VOCAB], embeddings],
  ];
  for (let layer = 0; layer < LAYERS; layer++) {
    const small = (count: number) => tensor(count, () => uniform(0.01));
    const ones = tensor(WIDTH, () => 1);
    tensors.push(
      [`blk.${layer}.attn_norm.weight`, [WIDTH], ones],
      [`blk.${layer}.attn_q.weight`, [WIDTH, WIDTH], small(WIDTH * WIDTH)],
      [`blk.${layer}.attn_k.weight`, [WIDTH, WIDTH], small(WIDTH * WIDTH)],
      [`blk.${layer}.attn_v.weight`, [WIDTH, WIDTH], small(WIDTH * WIDTH)],
      [`blk.${layer}.attn_output.weight`, [WIDTH, WIDTH], small(WIDTH * WIDTH)],
      [`blk.${layer}.ffn_norm.weight`, [WIDTH], ones],
      [`blk.${layer}.ffn_gate.weight`, [WIDTH, FEED_FORWARD], small(WIDTH * FEED_FORWARD)],
      [`blk.${layer}.ffn_up.weight`, [WIDTH, FEED_FORWARD], small(WIDTH * FEED_FORWARD)],
      [`blk.${layer}.ffn_down.weight`, [FEED_FORWARD, WIDTH], small(WIDTH * FEED_FORWARD)],
    );
  }
  tensors.push(
    ["output_norm.weight", [WIDTH], tensor(WIDTH, () => 1)],
    ["output.weight", [WIDTH, VOCAB], output],
  );

  const tokens = [
    ...SPECIALS_BEFORE,
    ...Array.from(
      { length: 256 },
      (_, b) => `<0x${b.toString(16).toUpperCase().padStart(2, "0")}>`,
    ),
    ...SPECIALS_AFTER,
  ];
  // Byte tokens 0x80–0xFF are UNUSED (5): random picks of lone high bytes would be invalid UTF-8,
  // which the engine refuses to return. They still spell input text.
  const tokenTypes = tokens.map((_, id) =>
    id === 0 ? 2 : id < BYTE_BASE || id >= IM_START ? 3 : id - BYTE_BASE >= 0x80 ? 5 : 6,
  );
  const architecture = options.architecture ?? "llama";
  const metadata: [string, Value][] = [
    ["general.architecture", { type: "string", value: architecture }],
    ["general.name", { type: "string", value: options.name ?? "Tiny test model" }],
    ["general.alignment", { type: "u32", value: ALIGNMENT }],
    [`${architecture}.context_length`, { type: "u32", value: 8192 }],
    [`${architecture}.embedding_length`, { type: "u32", value: WIDTH }],
    [`${architecture}.block_count`, { type: "u32", value: LAYERS }],
    [`${architecture}.feed_forward_length`, { type: "u32", value: FEED_FORWARD }],
    [`${architecture}.attention.head_count`, { type: "u32", value: HEADS }],
    [`${architecture}.attention.head_count_kv`, { type: "u32", value: HEADS }],
    [`${architecture}.attention.layer_norm_rms_epsilon`, { type: "f32", value: 1e-5 }],
    [`${architecture}.rope.dimension_count`, { type: "u32", value: WIDTH / HEADS }],
    [`${architecture}.rope.freq_base`, { type: "f32", value: 10000 }],
    [`${architecture}.vocab_size`, { type: "u32", value: VOCAB }],
    ["tokenizer.ggml.model", { type: "string", value: "llama" }],
    ["tokenizer.ggml.tokens", { type: "array", of: "string", values: tokens }],
    ["tokenizer.ggml.scores", { type: "array", of: "f32", values: tokens.map(() => 0) }],
    ["tokenizer.ggml.token_type", { type: "array", of: "i32", values: tokenTypes }],
    ["tokenizer.ggml.bos_token_id", { type: "u32", value: 1 }],
    ["tokenizer.ggml.eos_token_id", { type: "u32", value: IM_END }],
    ["tokenizer.ggml.unknown_token_id", { type: "u32", value: 0 }],
    ["tokenizer.ggml.padding_token_id", { type: "u32", value: PAD }],
    ["tokenizer.ggml.add_bos_token", { type: "bool", value: true }],
    ["tokenizer.ggml.add_eos_token", { type: "bool", value: false }],
    ["tokenizer.ggml.add_space_prefix", { type: "bool", value: false }],
    [
      "tokenizer.chat_template",
      { type: "string", value: options.chatTemplate ?? TINY_CHAT_TEMPLATE },
    ],
  ];

  const out = new Writer();
  out.u32(GGUF_MAGIC);
  out.u32(3);
  out.u64(tensors.length);
  out.u64(metadata.length);
  for (const [key, value] of metadata) {
    out.string(key);
    writeValue(out, value);
  }
  let offset = 0;
  for (const [name, dims, data] of tensors) {
    out.string(name);
    out.u32(dims.length);
    for (const dim of dims) out.u64(dim);
    out.u32(0);
    out.u64(offset);
    offset += Math.ceil((data.length * 4) / ALIGNMENT) * ALIGNMENT;
  }
  out.pad();
  for (const [, , data] of tensors) {
    out.bytes(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    out.pad();
  }
  return out.result();
}
