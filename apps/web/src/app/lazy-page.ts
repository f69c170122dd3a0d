import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a module with a named export: each screen becomes its own chunk, loaded on first visit,
 * so the first load carries only the shell (docs/product.md [perf.web]: under 300 KB gzipped).
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
