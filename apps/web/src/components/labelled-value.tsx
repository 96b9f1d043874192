import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface LabelledValueProps {
  label: string;
  value: ReactNode;
  /** Figures line up in tabular digits. */
  numeric?: boolean;
}

/** A small label over its value: one field of a phone card standing in for a table row. */
export function LabelledValue({ label, value, numeric = false }: LabelledValueProps) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text
        component="div"
        size="sm"
        style={{ overflowWrap: 'anywhere', ...(numeric ? { fontVariantNumeric: 'tabular-nums' } : {}) }}
      >
        {value}
      </Text>
    </div>
  );
}
