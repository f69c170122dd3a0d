import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '../shared/query-client.ts';
import { router } from './router.tsx';
import { theme } from './theme.ts';

const queryClient = createQueryClient();

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={readableDimmed}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** Readable contrast (WCAG AA 4.5:1, axe): dimmed text in gray.7, darker text on light variants. */
const readableDimmed: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Light variants (badges, the active menu entry) get text dark enough for their tinted backgrounds.
    ...Object.fromEntries(
      Object.keys(t.colors).map((c) => [
        `--mantine-color-${c}-light-color`,
        `color-mix(in srgb, var(--mantine-color-${c}-9) 70%, black)`,
      ]),
    ),
  },
  dark: {},
});
