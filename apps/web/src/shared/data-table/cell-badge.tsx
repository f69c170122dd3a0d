import { Badge, useMantineTheme, type MantineColor, type MantineTheme } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './data-table.module.css';

type Variant = 'light' | 'filled' | 'white' | 'outline';
type Size = 'xs' | 'sm' | 'md' | 'lg';

export type CellBadgeProps = {
  color: MantineColor;
  variant?: Variant;
  size?: Size;
  /** Small corners instead of Mantine's pill. */
  square?: boolean;
  /** Mantine badges are upper case; statuses keep their own case unless asked. */
  uppercase?: boolean;
  title?: string;
  children: ReactNode;
};

type Look = Required<Pick<CellBadgeProps, 'color' | 'variant' | 'size' | 'square'>>;

const ROOT_CLASS = `${Badge.classes.root} mantine-Badge-root`;
const LABEL_CLASS = `${Badge.classes.label} mantine-Badge-label ${classes.badgeLabel}`;

/**
 * One CSS class per badge look (colour, variant, size, corners) holding the variables Mantine's Badge
 * would set on each element, written once into a style sheet of the page's own.
 */
const looks = new WeakMap<MantineTheme, Map<string, string>>();
let sheet: CSSStyleSheet | null = null;

function lookClass(theme: MantineTheme, look: Look): string {
  let byKey = looks.get(theme);
  if (!byKey) looks.set(theme, (byKey = new Map()));
  const key = `${look.color}|${look.variant}|${look.size}|${look.square}`;
  const known = byKey.get(key);
  if (known) return known;
  const colors = theme.variantColorResolver({ color: look.color, theme, variant: look.variant });
  const vars = [
    `--badge-height: var(--badge-height-${look.size})`,
    `--badge-padding-x: var(--badge-padding-x-${look.size})`,
    `--badge-fz: var(--badge-fz-${look.size})`,
    `--badge-bg: ${colors.background}`,
    `--badge-color: ${colors.color}`,
    `--badge-bd: ${colors.border}`,
    ...(look.square ? ['--badge-radius: var(--mantine-radius-sm)'] : []),
  ];
  if (!sheet) {
    const element = document.createElement('style');
    element.dataset.source = 'cell-badge';
    document.head.appendChild(element);
    sheet = element.sheet!;
  }
  const name = `bd-badge-${sheet.cssRules.length}`;
  // Doubled class: outranks Mantine's own defaults on .mantine-Badge-root whatever the sheet order.
  sheet.insertRule(`.${name}.${name} { ${vars.join('; ')} }`, sheet.cssRules.length);
  const className = `${ROOT_CLASS} ${name}`;
  byKey.set(key, className);
  return className;
}

/**
 * A Mantine Badge's look for table cells without the Badge component: the same classes, with the
 * variables in one class per look. A 100-row page holds hundreds of badges, and the component's props,
 * styles and context work per badge was a large share of a page's render (tools/bench/paint.ts).
 */
export function CellBadge({
  color,
  variant = 'light',
  size = 'sm',
  square = false,
  uppercase = false,
  title,
  children,
}: CellBadgeProps) {
  const theme = useMantineTheme();
  const root = lookClass(theme, { color, variant, size, square });
  return (
    <span className={uppercase ? root : `${root} ${classes.keepCase}`} data-variant={variant} title={title}>
      <span className={LABEL_CLASS}>{children}</span>
    </span>
  );
}
