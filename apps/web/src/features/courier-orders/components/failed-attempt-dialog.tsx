import {
  ATTEMPT_NOTE_MAX,
  ATTEMPT_REASON_LABELS,
  ATTEMPT_REASONS,
  type FailedAttemptBody,
  failedAttemptBodySchema,
  type Order,
} from '@depot/contract';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { errorMessageOf } from '@/lib/api-client';
import { setServerErrors } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useRecordAttempt } from '../api/record-attempt';
import { FAILED_ATTEMPT_LABEL } from '../offline/queue';

/** The dialog's title, and the board's button that opens it (docs/product/screens.md#courier-service). */

/** The device's today as YYYY-MM-DD (the courier plans in their own days). */
const localDay = (date = new Date()) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const tomorrow = () => localDay(new Date(Date.now() + 86_400_000));

interface FailedAttemptDialogProps {
  /** The order the attempt was for; null keeps the dialog closed. */
  order: Order | null;
  onClose: () => void;
}

export function FailedAttemptDialog({ order, onClose }: FailedAttemptDialogProps) {
  return (
    <Modal opened={order !== null} onClose={onClose} title={FAILED_ATTEMPT_LABEL} centered>
      {order && <FailedAttemptForm key={order.id} order={order} onDone={onClose} />}
    </Modal>
  );
}

const resolveAttempt = schemaResolver(failedAttemptBodySchema, { sync: true });

function FailedAttemptForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const form = useForm<FailedAttemptBody>({
    initialValues: { reason: 'no_one_home', note: '', next_attempt_date: tomorrow() },
    validate: resolveAttempt,
  });
  const record = useRecordAttempt();
  const isOther = form.values.reason === 'other';

  return (
    <form
      onSubmit={form.onSubmit((body) =>
        record.mutate(
          { id: order.id, body },
          {
            onSuccess: ({ message }) => {
              toast.success(message);
              onDone();
            },
            onError: (error) => setServerErrors(form, error),
          },
        ),
      )}
    >
      <Stack gap="sm">
        <Text size="sm">
          Order {order.id} to {order.shipping_address}
        </Text>
        <NativeSelect
          label="Reason"
          data={ATTEMPT_REASONS.map((reason) => ({ value: reason, label: ATTEMPT_REASON_LABELS[reason] }))}
          {...form.getInputProps('reason')}
        />
        <Textarea
          label="What happened"
          description={isOther ? undefined : 'Optional'}
          withAsterisk={isOther}
          rows={2}
          maxLength={ATTEMPT_NOTE_MAX}
          {...form.getInputProps('note')}
        />
        <TextInput
          type="date"
          label="Next attempt date"
          withAsterisk
          min={localDay()}
          {...form.getInputProps('next_attempt_date')}
        />
        {record.isError && (
          <Alert color="red" title="The attempt was not recorded">
            {errorMessageOf(record.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" color="orange" loading={record.isPending}>
            Record attempt
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
