import { ActionIcon, Anchor, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A link as partners hand it out: opens in a new tab, with a copy button beside it. */
export function CopyLink({ href }: { href: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Anchor
        href={href}
        target="_blank"
        rel="noreferrer"
        size="sm"
        onClick={(e) => e.stopPropagation()}
        style={{ whiteSpace: 'nowrap' }}
      >
        {href}
      </Anchor>
      <CopyButton value={href}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size="sm"
              aria-label="Copy link"
              onClick={(e) => {
                e.stopPropagation();
                copy();
              }}
            >
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
