// Real image bytes for the upload tests, generated here rather than checked in: a PNG built with
// zlib (any size, padded to an exact byte count when asked), a baseline JPEG and a lossless WebP.
// The server checks a file by its content (file-type), so the bytes must be the real thing.
import { crc32, deflateSync } from "node:zlib";

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bytes a chunk adds beyond its data: length, type and CRC. */
const pngChunkOverheadBytes = 12;

/**
 * A valid RGB PNG of `width` × `height` pixels in one colour. With `sizeBytes`, a private ancillary
 * chunk ("nxPd", which decoders skip) pads the file to exactly that many bytes.
 */
export function makePng(options: { width?: number; height?: number; rgb?: [number, number, number]; sizeBytes?: number } = {}): Buffer {
  const { width = 4, height = 4, rgb = [0x1e, 0x88, 0xe5] } = options;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  // compression, filter and interlace methods stay 0
  const row = Buffer.alloc(1 + width * 3); // filter byte 0, then the pixels
  for (let x = 0; x < width; x += 1) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const head = Buffer.concat([pngSignature, pngChunk("IHDR", header), pngChunk("IDAT", deflateSync(raw))]);
  const end = pngChunk("IEND", Buffer.alloc(0));
  if (options.sizeBytes === undefined) return Buffer.concat([head, end]);
  const paddingBytes = options.sizeBytes - head.length - end.length - pngChunkOverheadBytes;
  if (paddingBytes < 0) throw new Error(`a PNG cannot be as small as ${options.sizeBytes} bytes`);
  const padded = Buffer.concat([head, pngChunk("nxPd", Buffer.alloc(paddingBytes, 0x2a)), end]);
  if (padded.length !== options.sizeBytes) throw new Error("PNG padding arithmetic is wrong");
  return padded;
}

/**
 * An 8 × 8 mid-grey baseline JPEG, written by hand: one component, a quantisation table of ones,
 * one-code Huffman tables (DC category 0, AC end-of-block) and a single entropy-coded block.
 */
export function makeJpeg(): Buffer {
  const segment = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
  const oneCodeTable = (classAndId: number) => [classAndId, 1, ...Array<number>(15).fill(0), 0x00];
  return Buffer.from([
    ...[0xff, 0xd8], // SOI
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]), // APP0 JFIF 1.1
    ...segment(0xdb, [0x00, ...Array<number>(64).fill(1)]), // DQT 0, all ones
    ...segment(0xc0, [0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00]), // SOF0 8×8, one component
    ...segment(0xc4, oneCodeTable(0x00)), // DHT DC 0: code "0" = category 0
    ...segment(0xc4, oneCodeTable(0x10)), // DHT AC 0: code "0" = end of block
    ...segment(0xda, [0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]), // SOS
    0x3f, // "0" (DC diff 0) + "0" (EOB), padded with ones
    ...[0xff, 0xd9], // EOI
  ]);
}

/** A 1 × 1 lossless WebP (VP8L). */
export function makeWebp(): Buffer {
  return Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64");
}
