import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { LoadingSpinner, QueryError } from '@/components/query-states';
import { formatDateTime } from '@/lib/format';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/account';

/** The user's open sessions: where each was opened and when it was last used, each with Log out. */
export function SessionsList() {
  const sessions = useSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  if (sessions.isPending) return <LoadingSpinner label="Loading sessions" />;
  if (sessions.isError) {
    return (
      <QueryError
        title="Could not load sessions"
        error={sessions.error}
        onRetry={() => void sessions.refetch()}
      />
    );
  }
  const others = sessions.data.filter((session) => !session.current);
  return (
    <Stack gap="sm">
      <ul aria-label="Active sessions" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        <Stack gap="xs">
          {sessions.data.map((session) => (
            <Paper component="li" withBorder p="sm" radius="md" key={session.id}>
              <Group justify="space-between" align="center" gap="sm" wrap="wrap">
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
                  <Group gap="xs">
                    <Text fw={600}>{session.device}</Text>
                    {session.current && (
                      <Badge variant="light" color="teal">
                        This device
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {session.ip ?? 'Unknown address'} · last seen {formatDateTime(session.last_seen_at)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Logged in {formatDateTime(session.created_at)}
                  </Text>
                </Stack>
                {!session.current && (
                  <Button
                    variant="light"
                    color="red"
                    size="xs"
                    ml="auto"
                    aria-label={`Log out ${session.device}, last seen ${formatDateTime(session.last_seen_at)}`}
                    loading={endSession.isPending && endSession.variables === session.id}
                    onClick={() => endSession.mutate(session.id)}
                  >
                    Log out
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      </ul>
      {others.length === 0 ? (
        <Text size="sm" c="dimmed">
          You are logged in on this device only.
        </Text>
      ) : (
        <Group justify="flex-end">
          <Button
            variant="default"
            color="red"
            loading={endOthers.isPending}
            onClick={() => endOthers.mutate()}
          >
            Log out all other sessions
          </Button>
        </Group>
      )}
    </Stack>
  );
}
