import { GgufFormatError, type GgufTensor, GgufTruncatedError, readGgufHeader } from "./ggufHeader";

/** What the settings show of a stored model, read from its GGUF header. */
export interface ModelFileInfo {
  /** `general.name`, or the file name without `.gguf` when the file has none. */
  name: string;
  /** `general.architecture`, e.g. `llama`, `qwen3`. */
  architecture: string;
  sizeBytes: number;
  /** Parameters counted from the tensor shapes. */
  parameterCount: number;
  /** The context the model was trained for (`<arch>.context_length`), when given. */
  contextLength?: number;
  /**
   * Bytes of attention cache per token of context (keys and values, 16-bit), from the layer and
   * head counts; 0 when the header does not say.
   */
  cacheBytesPerToken: number;
  /** `tokenizer.chat_template`; without one the provider falls back to ChatML. */
  chatTemplate: string | null;
  bosToken: string;
  eosToken: string;
  /** Whether the engine puts the BOS token before a prompt itself (`tokenizer.ggml.add_bos_token`). */
  addsBos: boolean;
}

/** Why a file is not a model the app can use, worded for the person who chose it. */
export class ModelFileError extends Error {
  override name = "ModelFileError";
  constructor(
    readonly problem: "not-gguf" | "truncated" | "unreadable",
    message: string,
  ) {
    super(message);
  }
}

/**
 * Bytes per block and elements per block of the common GGML tensor types, by type id: enough to
 * know where the last tensor ends. A type not listed is not checked.
 */
const BLOCK_BYTES: Readonly<Record<number, [bytes: number, elements: number]>> = {
  0: [4, 1], // F32
  1: [2, 1], // F16
  2: [18, 32], // Q4_0
  3: [20, 32], // Q4_1
  6: [22, 32], // Q5_0
  7: [24, 32], // Q5_1
  8: [34, 32], // Q8_0
  10: [84, 256], // Q2_K
  11: [110, 256], // Q3_K
  12: [144, 256], // Q4_K
  13: [176, 256], // Q5_K
  14: [210, 256], // Q6_K
  30: [2, 1], // BF16
};

const elements = (tensor: GgufTensor) => tensor.dims.reduce((product, dim) => product * dim, 1n);

function tensorBytes(tensor: GgufTensor): bigint {
  const block = BLOCK_BYTES[tensor.type];
  if (!block) return 0n;
  return (elements(tensor) / BigInt(block[1])) * BigInt(block[0]);
}

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function count(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  return undefined;
}

/** A token's text by id, from the vocabulary array. */
function token(tokens: unknown, id: unknown): string {
  const index = count(id);
  return Array.isArray(tokens) && index !== undefined ? (text(tokens[index]) ?? "") : "";
}

/**
 * Reads a GGUF file's header: its identity, its chat template and special tokens, and whether
 * the file holds all its tensors. Throws {@link ModelFileError} for a file that is not GGUF or is
 * cut short; an architecture the engine does not support shows only when it loads the file.
 */
export async function readModelFile(file: Blob, fileName = ""): Promise<ModelFileInfo> {
  const magic = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  if (new TextDecoder().decode(magic) !== "GGUF") {
    throw new ModelFileError(
      "not-gguf",
      `${fileName || "This file"} is not a GGUF model file (it does not begin with "GGUF"). Choose a .gguf file, such as one of the quantized models on Hugging Face.`,
    );
  }
  let header: Awaited<ReturnType<typeof readGgufHeader>>;
  try {
    header = await readGgufHeader(file);
  } catch (error) {
    const name = fileName || "The model file";
    if (error instanceof GgufTruncatedError) {
      throw new ModelFileError(
        "truncated",
        `${name} is cut short: its header ends early (was the download interrupted?).`,
      );
    }
    if (error instanceof GgufFormatError) {
      throw new ModelFileError(
        "unreadable",
        `${name} is not a GGUF file this app can read: ${error.message}.`,
      );
    }
    throw error;
  }
  const { metadata, tensors, dataOffset } = header;
  const dataEnd = tensors.reduce((end, tensor) => {
    const tensorEnd = tensor.offset + tensorBytes(tensor);
    return tensorEnd > end ? tensorEnd : end;
  }, 0n);
  if (tensors.length === 0 || BigInt(file.size) < dataOffset + dataEnd) {
    throw new ModelFileError(
      "truncated",
      `${fileName || "The model file"} is cut short: it is ${file.size} bytes, but its header places tensor data beyond that (was the download interrupted?).`,
    );
  }
  const record = Object.fromEntries(metadata);
  const architecture = text(record["general.architecture"]) ?? "unknown";
  const tokens = record["tokenizer.ggml.tokens"];
  const contextLength = count(record[`${architecture}.context_length`]);
  const hyper = (key: string) => count(record[`${architecture}.${key}`]);
  const layers = hyper("block_count") ?? 0;
  const heads = hyper("attention.head_count") ?? 0;
  // Some architectures give a count per layer (an array, which the reader skips): then unknown.
  const kvHeads = hyper("attention.head_count_kv") ?? heads;
  const headSize = heads > 0 ? (hyper("embedding_length") ?? 0) / heads : 0;
  const keySize = hyper("attention.key_length") ?? headSize;
  const valueSize = hyper("attention.value_length") ?? headSize;
  return {
    name: text(record["general.name"]) ?? (fileName.replace(/\.gguf$/i, "") || "model"),
    architecture,
    sizeBytes: file.size,
    parameterCount: Number(tensors.reduce((sum, tensor) => sum + elements(tensor), 0n)),
    ...(contextLength !== undefined ? { contextLength } : {}),
    cacheBytesPerToken: layers * kvHeads * (keySize + valueSize) * 2,
    chatTemplate: text(record["tokenizer.chat_template"]) ?? null,
    bosToken: token(tokens, record["tokenizer.ggml.bos_token_id"]),
    eosToken: token(tokens, record["tokenizer.ggml.eos_token_id"]),
    // llama.cpp's default when the key is absent: SentencePiece vocabularies add it, others not.
    addsBos:
      typeof record["tokenizer.ggml.add_bos_token"] === "boolean"
        ? (record["tokenizer.ggml.add_bos_token"] as boolean)
        : record["tokenizer.ggml.model"] === "llama",
  };
}
