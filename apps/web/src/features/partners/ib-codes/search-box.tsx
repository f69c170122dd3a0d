import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

const DEBOUNCE_MS = 300;

type Props = { value: string; onChange: (value: string | null) => void; placeholder: string };

/**
 * A search box whose value lives in the URL: typing is kept here and reported after a pause, so the
 * back button does not step through every letter; a change from elsewhere (back, a link) is taken over.
 */
export function SearchBox({ value, onChange, placeholder }: Props) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const report = useDebouncedCallback((next: string) => {
    sent.current = next.trim();
    onChange(next.trim() || null);
  }, DEBOUNCE_MS);

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  return (
    <TextInput
      w={280}
      aria-label={placeholder}
      placeholder={placeholder}
      leftSection={<IconSearch size={14} />}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        report(e.currentTarget.value);
      }}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              report('');
              report.flush();
            }}
          />
        ) : null
      }
    />
  );
}
