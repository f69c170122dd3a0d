import { Center, Loader } from '@mantine/core';

/** Shown while a screen's code chunk loads. */
export function PageLoader() {
  return (
    <Center mih={240}>
      <Loader size="sm" aria-label="Loading" />
    </Center>
  );
}
