import { ConfirmModal } from './confirm-modal';

interface ConfirmDeleteModalProps {
  opened: boolean;
  title: string;
  /** The name of what is deleted, as the question shows it. */
  name: string;
  pending?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ConfirmDeleteModal({ name, ...props }: ConfirmDeleteModalProps) {
  return (
    <ConfirmModal {...props} confirmLabel="Delete">
      Are you sure you want to delete {name}?
    </ConfirmModal>
  );
}
