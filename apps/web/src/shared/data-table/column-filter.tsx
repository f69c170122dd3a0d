import { CloseButton, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import type { ColumnFilter } from './types.ts';

/** Typing pauses this long before the list reloads: one request per word, not per key. */
export const FILTER_DEBOUNCE_MS = 400;
const ALL = '__all__';

type Props = {
  filter: ColumnFilter;
  label: string;
  value: string | undefined;
  onChange: (value: string | null) => void;
};

/** The control in the filter row under a column header. */
export function ColumnFilterControl({ filter, label, value, onChange }: Props) {
  const ariaLabel = `Filter ${label}`;
  switch (filter.kind) {
    case 'text':
    case 'number':
      return (
        <DebouncedInput
          ariaLabel={ariaLabel}
          sanitize={filter.kind === 'number' ? digitsOnly : filter.sanitize}
          placeholder={filter.placeholder ?? 'Filter…'}
          value={value ?? ''}
          onChange={onChange}
        />
      );
    case 'select':
      return (
        <Select
          size="xs"
          miw={84}
          aria-label={ariaLabel}
          placeholder={filter.placeholder ?? 'All'}
          data={filter.options.map((o) => ({ value: o.value, label: o.label }))}
          value={value ?? null}
          onChange={(next) => onChange(next)}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'tri-state':
      // 'All' is an explicit choice here: the three states read as one control, as
      // docs/product.md [screen.client-list] lists them.
      return (
        <Select
          size="xs"
          miw={108}
          aria-label={ariaLabel}
          data={[{ value: ALL, label: filter.allLabel ?? 'All' }, ...filter.options]}
          value={value ?? ALL}
          onChange={(next) => onChange(next === ALL ? null : next)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      );
  }
}

const digitsOnly = (text: string) => text.replace(/\D/g, '');

type InputProps = {
  ariaLabel: string;
  sanitize: ((text: string) => string) | undefined;
  placeholder: string;
  value: string;
  onChange: (value: string | null) => void;
};

/**
 * A text box that reports after a pause. It keeps what is typed locally and only takes the URL's value
 * when that changed from elsewhere (back button, a link), never its own echo, so fast typing is not
 * overwritten by a late round trip.
 */
function DebouncedInput({ ariaLabel, sanitize, placeholder, value, onChange }: InputProps) {
  const numeric = sanitize === digitsOnly;
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const report = useDebouncedCallback((next: string) => {
    sent.current = next.trim();
    onChange(next.trim() === '' ? null : next.trim());
  }, FILTER_DEBOUNCE_MS);

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  const update = (next: string) => {
    const cleaned = sanitize ? sanitize(next) : next;
    setText(cleaned);
    report(cleaned);
  };

  return (
    <TextInput
      size="xs"
      miw={numeric ? 72 : 84}
      aria-label={ariaLabel}
      placeholder={placeholder}
      inputMode={numeric ? 'numeric' : undefined}
      value={text}
      onChange={(event) => update(event.currentTarget.value)}
      onKeyDown={(event) => {
        // Enter applies at once, for those who know what they want.
        if (event.key === 'Enter') report.flush();
      }}
      rightSection={
        text ? (
          <CloseButton
            size="xs"
            aria-label={`Clear ${ariaLabel}`}
            onClick={() => {
              update('');
              report.flush();
            }}
          />
        ) : null
      }
    />
  );
}
