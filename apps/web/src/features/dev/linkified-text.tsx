import { Anchor } from '@mantine/core';
import { Fragment } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"')]+)/g;

/** Mail text with its links clickable (reset and confirmation links), everything else as plain text. */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <Anchor key={index} href={part} target="_blank" rel="noreferrer">
            {part}
          </Anchor>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
