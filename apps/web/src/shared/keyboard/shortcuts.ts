/** Every keyboard shortcut of the console, as the '?' dialog lists them. */
export type Shortcut = { keys: readonly string[]; description: string };
export type ShortcutGroup = { title: string; shortcuts: readonly Shortcut[] };

export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = [
  {
    title: 'Anywhere',
    shortcuts: [
      {
        keys: ['Ctrl', 'K'],
        description: 'Search clients, accounts, transactions and IB codes (Cmd+K on a Mac)',
      },
      { keys: ['?'], description: 'Show these keyboard shortcuts' },
      { keys: ['Esc'], description: 'Close the open dialog' },
    ],
  },
  {
    title: 'Lists',
    shortcuts: [
      { keys: ['↓'], description: 'Next row (or j)' },
      { keys: ['↑'], description: 'Previous row (or k)' },
      { keys: ['Home'], description: 'First row on the page' },
      { keys: ['End'], description: 'Last row on the page' },
      { keys: ['Enter'], description: 'Open the focused row' },
      { keys: ['a'], description: 'Approve the focused request (asks for confirmation)' },
      { keys: ['r'], description: 'Reject the focused request (opens the rejection)' },
    ],
  },
];
