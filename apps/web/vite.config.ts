import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';

/** The API server the dev proxy forwards to; API_URL points it elsewhere (a second server on another port). */
const API = process.env.API_URL ?? 'http://127.0.0.1:8080';

/**
 * /email/confirm/... is both a page (GET, opened from the mail) and an API call (the page's button POSTs
 * to the same path). Only the POST goes to the server; a GET falls through to Vite's index.html.
 */
const postOnly: ProxyOptions = {
  target: API,
  bypass: (req) => (req.method === 'POST' ? undefined : '/index.html'),
};

/** Vendor code that changes rarely gets its own long-cached chunks; screens stay in their lazy chunks. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)) return 'react';
  if (id.includes('@tanstack/react-query') || id.includes('@tanstack/query-core')) return 'query';
  if (/[\\/]node_modules[\\/](zod|dayjs)[\\/]/.test(id)) return 'zod-dayjs';
  if (id.includes('react-hook-form') || id.includes('@hookform')) return 'forms';
  return undefined;
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API },
      '/public': { target: API },
      '/email': postOnly,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      output: { manualChunks: vendorChunk },
    },
  },
});
