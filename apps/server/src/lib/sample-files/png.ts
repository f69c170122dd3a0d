import zlib from 'node:zlib';

/** An RGB picture drawn with filled rectangles and circles, written out as a PNG. */
export class Picture {
  private readonly px: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.px = new Uint8Array(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  rect(x: number, y: number, w: number, h: number, color: Rgb): this {
    const x1 = Math.max(0, Math.floor(x));
    const y1 = Math.max(0, Math.floor(y));
    const x2 = Math.min(this.width, Math.floor(x + w));
    const y2 = Math.min(this.height, Math.floor(y + h));
    for (let row = y1; row < y2; row++) for (let col = x1; col < x2; col++) this.set(col, row, color);
    return this;
  }

  circle(cx: number, cy: number, r: number, color: Rgb): this {
    for (let row = Math.floor(cy - r); row <= cy + r; row++)
      for (let col = Math.floor(cx - r); col <= cx + r; col++)
        if ((col - cx) ** 2 + (row - cy) ** 2 <= r * r) this.set(col, row, color);
    return this;
  }

  /** PNG bytes: 8-bit RGB, no interlace, each row with filter 0. */
  png(): Buffer {
    const raw = Buffer.alloc((this.width * 3 + 1) * this.height);
    for (let row = 0; row < this.height; row++) {
      const start = row * (this.width * 3 + 1);
      raw[start] = 0;
      raw.set(this.px.subarray(row * this.width * 3, (row + 1) * this.width * 3), start + 1);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8);
    return Buffer.concat([
      PNG_SIGNATURE,
      chunk('IHDR', header),
      chunk('IDAT', zlib.deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }

  private set(col: number, row: number, [r, g, b]: Rgb): void {
    if (col < 0 || row < 0 || col >= this.width || row >= this.height) return;
    const i = (row * this.width + col) * 3;
    this.px[i] = r;
    this.px[i + 1] = g;
    this.px[i + 2] = b;
  }
}

export type Rgb = readonly [number, number, number];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

// Node 20 has no zlib.crc32: the table-driven CRC-32 that PNG chunks carry.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
