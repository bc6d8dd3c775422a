/** Whether a file's `existing` bytes (undefined: none) are exactly `data`: a file that holds them is not written again. */
export function sameBytes(data: Uint8Array, existing: Uint8Array | undefined): boolean {
  return existing !== undefined && Buffer.from(data.buffer, data.byteOffset, data.byteLength).equals(existing);
}
