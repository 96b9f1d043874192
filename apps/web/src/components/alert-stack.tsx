import { Alert, Anchor, Box, Stack } from '@mantine/core';
import { Link } from 'react-router';
import type { AlertTone, TimedAlert } from '@/hooks/use-timed-alert';

const COLORS: Record<AlertTone, string> = { success: 'green', error: 'red', danger: 'red' };

interface AlertStackProps {
  alerts: readonly (TimedAlert | null)[];
}

/**
 * The page's timed alerts, last in the page and sticky to the bottom of the window: appearing and
 * vanishing every few seconds (the low-stock warning) never moves the content above them.
 */
export function AlertStack({ alerts }: AlertStackProps) {
  const shown = alerts.filter((alert): alert is TimedAlert => alert !== null);
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" pos="sticky" bottom="var(--mantine-spacing-md)" style={{ zIndex: 2 }}>
      {shown.map((alert) => (
        // Light alerts are translucent; the backing keeps a table scrolling underneath from showing through.
        <Box
          key={alert.id}
          bg="var(--mantine-color-body)"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Alert
            color={COLORS[alert.tone]}
            variant={alert.tone === 'danger' ? 'filled' : 'light'}
            title={alert.title}
          >
            {alert.message}
            {alert.link && (
              <>
                {' '}
                <Anchor component={Link} to={alert.link.to} c="inherit" underline="always" fw={600}>
                  {alert.link.label}
                </Anchor>
              </>
            )}
          </Alert>
        </Box>
      ))}
    </Stack>
  );
}
