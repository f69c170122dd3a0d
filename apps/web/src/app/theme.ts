import { Drawer, Modal, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Filled buttons and links at shade 9: white text on them keeps 4.5:1 contrast (WCAG AA, axe).
  primaryShade: { light: 9, dark: 8 },
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // Mantine's close buttons are icon-only: name them for screen readers (axe 'button-name').
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
  },
});
