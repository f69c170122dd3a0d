import { Anchor, Text } from '@mantine/core';
import { createContext, useContext, type MouseEvent, type ReactNode } from 'react';
import { Link, type NavigateFunction } from 'react-router';
import classes from './data-table.module.css';

/** The router's navigate, looked up once by the table for all its links. */
export const RowNavigateContext = createContext<NavigateFunction | null>(null);

const LINK_CLASS = `mantine-focus-auto ${Anchor.classes.root} mantine-Anchor-root ${Text.classes.root} mantine-Text-root ${classes.link}`;
const INHERIT_CLASS = `${LINK_CLASS} ${classes.inherit}`;

type Props = {
  to: string;
  /** The row's text colour instead of the link colour (a name that links to its profile). */
  inherit?: boolean;
  title?: string;
  children: ReactNode;
};

/** A click or double-click on a link in a row opens the link only, not the row's own action too. */
const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * A link inside a table row that looks like Mantine's Anchor (size sm, underline on hover). Inside a
 * DataTable it is a plain <a> that navigates through the table's router handle: a page holds a link per
 * row, and React Router's Link resolves the path and subscribes to the location for each one. New-tab
 * clicks (Ctrl, Cmd, Shift, middle button) are left to the browser.
 */
export function RowLink({ to, inherit = false, title, children }: Props) {
  const navigate = useContext(RowNavigateContext);
  if (!navigate) {
    return (
      <Anchor
        component={Link}
        to={to}
        size="sm"
        c={inherit ? 'inherit' : undefined}
        title={title}
        onClick={stop}
        onDoubleClick={stop}
      >
        {children}
      </Anchor>
    );
  }
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.stopPropagation();
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return (
    <a
      href={to}
      className={inherit ? INHERIT_CLASS : LINK_CLASS}
      data-underline="hover"
      data-size="sm"
      title={title}
      onClick={onClick}
      onDoubleClick={stop}
    >
      {children}
    </a>
  );
}
