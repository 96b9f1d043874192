import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/** Mantine's PasswordInput does not mark its input invalid on error; screen readers need aria-invalid. */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput {...props} aria-invalid={props.error ? true : undefined} />;
}
