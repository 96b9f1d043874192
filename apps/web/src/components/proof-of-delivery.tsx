import type { OrderProof } from '@depot/contract';
import { Anchor, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '@/lib/format';
import { LabelledValue } from './labelled-value';
import { DEVICE_TIME_LABEL } from './order-timeline';

export const PROOF_METHOD_LABELS = { code: 'Delivery code', photo: 'Photo' } as const;

/**
 * An order's proof of delivery (docs/product/screens.md#order-page): who took it, how it was
 * proven, when Depot received it and when the courier's device made it, and the photo's thumbnail
 * linking to the photo itself. Its customer and the managers of its stock read it.
 */
export function ProofOfDelivery({ proof }: { proof: OrderProof }) {
  const madeOffline = proof.device_at && formatDateTime(proof.device_at) !== formatDateTime(proof.at);
  return (
    <Paper withBorder p="md" component="section" aria-label="Proof of delivery">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Proof of delivery
        </Title>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Stack gap="xs" style={{ flex: '1 1 14rem' }}>
            <LabelledValue label="Received by" value={proof.recipient_name} />
            <LabelledValue label="Proven by" value={PROOF_METHOD_LABELS[proof.method]} />
            <LabelledValue
              label="Delivered at"
              value={
                <>
                  <time dateTime={proof.at}>{formatDateTime(proof.at)}</time>
                  {madeOffline && proof.device_at && (
                    <Text size="xs" c="dimmed">
                      {DEVICE_TIME_LABEL}{' '}
                      <time dateTime={proof.device_at}>{formatDateTime(proof.device_at)}</time>
                    </Text>
                  )}
                </>
              }
            />
          </Stack>
          {proof.photo_url && (
            <Anchor href={proof.photo_url} target="_blank" rel="noopener" aria-label="Open the proof photo">
              <Image
                src={proof.photo_url}
                alt={`Photo of the delivery, taken for ${proof.recipient_name}`}
                h={140}
                w={186}
                fit="cover"
                radius="sm"
              />
            </Anchor>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
