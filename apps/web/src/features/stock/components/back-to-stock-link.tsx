import { PATHS } from '@depot/contract';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

export function BackToStockLink() {
  return (
    <Anchor component={Link} to={PATHS.stockManagement} size="sm">
      ← Back to Stock Management
    </Anchor>
  );
}
