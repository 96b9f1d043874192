import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The first line of a phone card: its name, and beside it a quiet caption such as the id. */
export function CardHeading({ title, caption }: { title: string; caption: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Text>
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {caption}
      </Text>
    </Group>
  );
}
