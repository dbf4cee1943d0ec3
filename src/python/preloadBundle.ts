/** Asset name of the packages a deployment preloads into Python's memory snapshot. */
export const PRELOAD_ASSET = "python-preload.bin";

/** A preloaded wheel: what the worker installs and imports before it takes the snapshot. */
export interface PreloadedPackage {
  name: string;
  fileName: string;
  sha256: string;
  /** Top-level modules imported into the snapshot. */
  imports: string[];
}

/**
 * The preloaded wheels as one asset, so they travel like any runtime asset: a 4-byte length, a
 * JSON list of {@link PreloadedPackage} with each wheel's size, then the wheels' bytes in order.
 */
export function encodePreload(
  packages: readonly { info: PreloadedPackage; data: Uint8Array }[],
): ArrayBuffer {
  const header = new TextEncoder().encode(
    JSON.stringify(packages.map(({ info, data }) => ({ ...info, size: data.byteLength }))),
  );
  const total =
    4 + header.byteLength + packages.reduce((sum, { data }) => sum + data.byteLength, 0);
  const bytes = new Uint8Array(total);
  new DataView(bytes.buffer).setUint32(0, header.byteLength);
  bytes.set(header, 4);
  let offset = 4 + header.byteLength;
  for (const { data } of packages) {
    bytes.set(data, offset);
    offset += data.byteLength;
  }
  return bytes.buffer;
}

export function decodePreload(buffer: ArrayBuffer): { info: PreloadedPackage; data: Uint8Array }[] {
  const headerLength = new DataView(buffer).getUint32(0);
  const header = JSON.parse(
    new TextDecoder().decode(new Uint8Array(buffer, 4, headerLength)),
  ) as (PreloadedPackage & { size: number })[];
  let offset = 4 + headerLength;
  return header.map(({ size, ...info }) => {
    const data = new Uint8Array(buffer, offset, size);
    offset += size;
    return { info, data };
  });
}
