import { Button, Group, Modal, Text } from '@mantine/core';

interface ConfirmDeleteModalProps {
  opened: boolean;
  title: string;
  /** The name of what is deleted, as the question shows it. */
  name: string;
  pending?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ConfirmDeleteModal({
  opened,
  title,
  name,
  pending = false,
  onCancel,
  onConfirm,
}: ConfirmDeleteModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text>Are you sure you want to delete {name}?</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={pending} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={pending}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
