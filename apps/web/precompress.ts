import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text. Images and fonts of the build are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest|ico)$/;
/** Below this, the compressed file and its headers save next to nothing. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `<file>.br` and `<file>.gz` next to every compressible file of the build, once, at the best
 * levels (the server then sends them as they are: @fastify/static's preCompressed, by Accept-Encoding),
 * so no request pays for compression and every visitor gets the smallest bytes.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'brokerdesk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = fs
        .readdirSync(outDir, { recursive: true })
        .map((name) => path.join(outDir, String(name)))
        .filter((file) => COMPRESSIBLE.test(file) && fs.statSync(file).size >= MIN_BYTES);
      await Promise.all(
        files.map(async (file) => {
          const body = fs.readFileSync(file);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          fs.writeFileSync(`${file}.br`, br);
          fs.writeFileSync(`${file}.gz`, gz);
        }),
      );
    },
  };
}
