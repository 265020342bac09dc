import type { LearnedModel } from "./learned";

/**
 * A model as it is stored (in the build's file and in Blobs): the buckets that carry a weight, as
 * gaps between ascending bucket numbers in LEB128 varints, and their weights in thousandths as 16-bit
 * little-endian integers, both in base64. About a third of the size of the same weights as a JSON
 * object, so that more corpora fit the functions' bundle budget.
 */
export interface PackedModel {
  version: 2;
  bits: number;
  bias: number;
  /** The number of weights, so that a cut-off file is refused rather than read short. */
  count: number;
  buckets: string;
  weights: string;
}

/** A weight is kept to a thousandth; anything beyond 16 bits of thousandths is clipped to it. */
const STEP = 1e3;
const LIMIT = 32767;

/** Ascending numbers as the gaps between them, each a LEB128 varint. */
function varintGaps(ids: number[]): Buffer {
  const bytes: number[] = [];
  let previous = 0;
  for (const id of ids) {
    let gap = id - previous;
    previous = id;
    while (gap >= 0x80) {
      bytes.push((gap & 0x7f) | 0x80);
      gap >>>= 7;
    }
    bytes.push(gap);
  }
  return Buffer.from(bytes);
}

export function packModel(model: LearnedModel): PackedModel {
  const entries = Object.entries(model.weights)
    .map(([id, weight]) => [Number(id), Math.max(-LIMIT, Math.min(LIMIT, Math.round(weight * STEP)))] as const)
    .filter(([, thousandths]) => thousandths !== 0)
    .sort((a, b) => a[0] - b[0]);
  const weights = Buffer.alloc(entries.length * 2);
  for (const [index, [, thousandths]] of entries.entries()) weights.writeInt16LE(thousandths, index * 2);
  return {
    version: 2,
    bits: model.bits,
    bias: model.bias,
    count: entries.length,
    buckets: varintGaps(entries.map(([id]) => id)).toString("base64"),
    weights: weights.toString("base64"),
  };
}

/** The model a packed one holds, or null when it is not a whole packed model. */
export function unpackModel(packed: PackedModel): LearnedModel | null {
  const gaps = Buffer.from(packed.buckets, "base64");
  const values = Buffer.from(packed.weights, "base64");
  if (values.length !== packed.count * 2) return null;
  const weights: Record<string, number> = {};
  let id = 0;
  let offset = 0;
  for (let index = 0; index < packed.count; index++) {
    let gap = 0;
    let shift = 0;
    let byte: number;
    do {
      if (offset >= gaps.length) return null;
      byte = gaps[offset++] ?? 0;
      gap |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    id += gap;
    if (id >= 2 ** packed.bits) return null;
    weights[id] = values.readInt16LE(index * 2) / STEP;
  }
  return offset === gaps.length ? { version: 1, bits: packed.bits, bias: packed.bias, weights } : null;
}

const isPacked = (value: unknown): value is PackedModel => {
  const packed = value as PackedModel;
  return (
    typeof value === "object" &&
    value !== null &&
    packed.version === 2 &&
    Number.isInteger(packed.bits) &&
    packed.bits > 0 &&
    packed.bits <= 30 &&
    typeof packed.bias === "number" &&
    Number.isInteger(packed.count) &&
    typeof packed.buckets === "string" &&
    typeof packed.weights === "string"
  );
};

/** A model stored before the packed format: its weights as a JSON object. */
const isPlain = (value: unknown): value is LearnedModel =>
  typeof value === "object" &&
  value !== null &&
  (value as LearnedModel).version === 1 &&
  typeof (value as LearnedModel).bits === "number" &&
  typeof (value as LearnedModel).weights === "object";

/** The model a stored value holds (packed, or plain as stored before), or null when it holds none. */
export function readModel(value: unknown): LearnedModel | null {
  if (isPacked(value)) return unpackModel(value);
  return isPlain(value) ? value : null;
}
