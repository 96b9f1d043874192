import { Text } from '@mantine/core';

/** A labelled value on a phone card, where a table's column header would otherwise name it. */
export function CardFigure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}
