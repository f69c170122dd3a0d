import type { IbCode } from '@brokerdesk/contract';
import { Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { errorsOf } from '../../../shared/api.ts';
import { useRenameIntroducer } from './ib-codes-queries.ts';

/**
 * The name column (docs/product.md [screen.ib-codes]): double-click to edit, saved on blur (Enter also saves,
 * Escape cancels). An unchanged or blank name sends nothing; a refused one stays open with the reason under
 * it.
 */
export function IntroducerName({ ib }: { ib: IbCode }) {
  const [editing, setEditing] = useState(false);
  const cancelled = useRef(false);
  const rename = useRenameIntroducer();
  const error = rename.error ? errorsOf(rename.error).name : undefined;

  if (!editing) {
    return (
      <Text
        size="sm"
        title="Double-click to rename"
        style={{ cursor: 'text' }}
        // A click on the name must not expand the row: a double-click would open and shut it.
        onClick={(e) => e.stopPropagation()}
        onDoubleClick={() => {
          cancelled.current = false;
          rename.reset();
          setEditing(true);
        }}
      >
        {ib.name}
      </Text>
    );
  }

  const save = (value: string) => {
    if (cancelled.current) return;
    const name = value.trim();
    if (!name || name === ib.name) {
      setEditing(false);
      return;
    }
    rename.mutate({ newCode: false, ibId: ib._id, name }, { onSuccess: () => setEditing(false) });
  };

  return (
    <TextInput
      size="xs"
      autoFocus
      aria-label="Introducer name"
      defaultValue={ib.name}
      disabled={rename.isPending}
      error={error}
      onClick={(e) => e.stopPropagation()}
      onBlur={(e) => save(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
        if (e.key === 'Escape') {
          cancelled.current = true;
          setEditing(false);
        }
      }}
      miw={180}
    />
  );
}
