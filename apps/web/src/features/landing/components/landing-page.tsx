import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { ColorSchemeToggle } from '@/components/color-scheme-toggle';

interface LandingPageProps {
  onRegister: () => void;
  onLogin: () => void;
}

export function LandingPage({ onRegister, onLogin }: LandingPageProps) {
  return (
    <Container size="sm" component="main" pos="relative">
      <Box pos="absolute" top="var(--mantine-spacing-md)" right="var(--mantine-spacing-md)">
        <ColorSchemeToggle />
      </Box>
      <Stack align="center" justify="center" gap="lg" mih="100dvh" py="xl" ta="center">
        <Title order={1} fz={{ base: 40, sm: 56 }}>
          Depot
        </Title>
        <Text size="lg" c="dimmed" maw={480}>
          Stock, supplier orders and deliveries for your whole supply chain, in one dashboard.
        </Text>
        <Group justify="center" gap="sm">
          <Button size="md" onClick={onRegister}>
            Sign In/Register
          </Button>
          <Button size="md" variant="outline" onClick={onLogin}>
            Login
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
