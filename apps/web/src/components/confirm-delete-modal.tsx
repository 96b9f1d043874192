import { ConfirmModal, type ConfirmModalProps } from './confirm-modal';

type ConfirmDeleteModalProps = Omit<ConfirmModalProps, 'children' | 'confirmLabel'> & {
  /** The name of what is deleted, as the question shows it. */
  name: string;
};

export function ConfirmDeleteModal({ name, ...props }: ConfirmDeleteModalProps) {
  return (
    <ConfirmModal {...props} confirmLabel="Delete">
      Are you sure you want to delete {name}?
    </ConfirmModal>
  );
}
