import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a module with a named export: each screen becomes its own chunk, loaded on first visit,
 * so the first load carries only the shell (docs/product.md [perf.web]: under 300 KB gzipped).
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

type Loaders = Record<string, () => Promise<object>>;

/** lazyPage for many screens at once: each key is the name the screen's module exports. */
export function lazyPages<T extends Loaders>(
  loaders: T & { [P in keyof T]: () => Promise<Record<P & string, ComponentType>> },
) {
  const pages = {} as Record<keyof T, ReturnType<typeof lazyPage>>;
  for (const name of Object.keys(loaders) as (keyof T & string)[]) {
    pages[name] = lazyPage(loaders[name], name);
  }
  return pages;
}
