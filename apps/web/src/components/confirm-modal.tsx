import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  /** What the action does, as the question shows it. */
  children: ReactNode;
  /** The confirming button's label ("Delete", "Set Returned"). */
  confirmLabel: string;
  pending?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A question before an action that cannot be taken back; Cancel has the focus. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  pending = false,
  onCancel,
  onConfirm,
}: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text>{children}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={pending} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={pending}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
