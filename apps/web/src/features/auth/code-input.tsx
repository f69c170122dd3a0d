import { Group, TextInput } from '@mantine/core';
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

type Props = {
  /** One entry per box: '' or a single digit. */
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  error?: boolean;
};

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/**
 * The six single-digit boxes of docs/product.md [rule.login]: digits only, typing moves on, Backspace moves
 * back, pasting exactly 6 characters fills every box.
 */
export function CodeInput({ digits, onChange, disabled, error }: Props) {
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const length = digits.length;
  const focus = (index: number) => refs.current[Math.max(0, Math.min(length - 1, index))]?.focus();

  const setFrom = (start: number, incoming: string) => {
    const next = [...digits];
    [...incoming].slice(0, length - start).forEach((digit, offset) => (next[start + offset] = digit));
    onChange(next);
    focus(start + incoming.length);
  };

  const handleInput = (index: number, raw: string) => {
    const typed = onlyDigits(raw);
    // A box that already held a digit receives two; the new one is the one not there before.
    if (typed.length === 2 && digits[index])
      return setFrom(index, typed.replace(digits[index], '') || typed[1]!);
    // Autofill of a one-time code delivers the whole code to the first box.
    if (typed.length === length) return setFrom(0, typed);
    if (typed.length >= 1) return setFrom(index, typed.slice(-1));
    if (raw === '') {
      const next = [...digits];
      next[index] = '';
      onChange(next);
    }
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const target = digits[index] ? index : index - 1;
      if (target < 0) return;
      const next = [...digits];
      next[target] = '';
      onChange(next);
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text').trim();
    if (pasted.length === length && onlyDigits(pasted) === pasted) setFrom(0, pasted);
    else if (/^\d$/.test(pasted)) setFrom(index, pasted);
  };

  return (
    <Group gap="xs" justify="center" wrap="nowrap">
      {digits.map((digit, index) => (
        <TextInput
          key={index}
          ref={(element) => {
            refs.current[index] = element;
          }}
          value={digit}
          onChange={(event) => handleInput(index, event.currentTarget.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.currentTarget.select()}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1}`}
          autoFocus={index === 0}
          disabled={disabled}
          error={error}
          w={48}
          size="lg"
          styles={{ input: { textAlign: 'center', fontWeight: 700, paddingInline: 0 } }}
        />
      ))}
    </Group>
  );
}
