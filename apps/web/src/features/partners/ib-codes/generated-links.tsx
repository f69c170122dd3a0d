import { Button, Group, Loader, Table, Text } from '@mantine/core';
import { CopyLink } from './copy-link.tsx';
import { useGeneratedCodes } from './ib-codes-queries.ts';

/**
 * An expanded introducer row: its generated links (Name, Link), or 'No links generated'
 * (docs/product.md [screen.ib-codes]).
 */
export function GeneratedLinks({ agentCode }: { agentCode: number }) {
  const query = useGeneratedCodes(agentCode);
  if (query.isPending) return <Loader size="xs" aria-label="Loading links" />;
  if (query.error) {
    return (
      <Group gap="sm">
        <Text size="sm" c="red">
          The links could not be loaded.
        </Text>
        <Button size="compact-xs" variant="light" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Group>
    );
  }
  if (query.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No links generated
      </Text>
    );
  }
  return (
    <Table withRowBorders={false} verticalSpacing={2} fz="sm" w="auto" aria-label={`Links of ${agentCode}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th fz="xs">Name</Table.Th>
          <Table.Th fz="xs">Link</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {query.data.map((code) => (
          <Table.Tr key={code.code}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{code.name}</Table.Td>
            <Table.Td>
              <CopyLink href={code.link} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
