import { Modal } from '@mantine/core';
import type { AuthDialog } from '@/lib/auth-dialog';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

const DIALOG_TITLES: Record<AuthDialog, string> = {
  register: 'Register',
  login: 'Login',
  'forgot-password': 'Forgot Password',
};

interface AuthModalsProps {
  dialog: AuthDialog;
  onDialogChange: (dialog: AuthDialog) => void;
  onClose: () => void;
}

/** Register, Login and Forgot Password share one modal so switching between them keeps focus inside it. */
export default function AuthModals({ dialog, onDialogChange, onClose }: AuthModalsProps) {
  return (
    <Modal
      opened
      onClose={onClose}
      title={DIALOG_TITLES[dialog]}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {dialog === 'register' && <RegisterForm onShowLogin={() => onDialogChange('login')} />}
      {dialog === 'login' && (
        <LoginForm
          onShowRegister={() => onDialogChange('register')}
          onShowForgotPassword={() => onDialogChange('forgot-password')}
        />
      )}
      {dialog === 'forgot-password' && <ForgotPasswordForm onShowLogin={() => onDialogChange('login')} />}
    </Modal>
  );
}
