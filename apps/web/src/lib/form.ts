import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { isApiError } from './api-client';

/*
 * The one way the web app's forms validate: `useForm` from @mantine/form with
 * `validate: schemaResolver(contractSchema, { sync: true })`, the schema being the contract's own
 * (packages/contract), or one derived from it beside the form for a form-only rule such as a
 * password confirmation. What the server still refuses comes back through `setServerErrors`.
 * A field shows its message under itself (`getInputProps`), except on the screens whose messages
 * are a toast or an alert (docs/product/validation-and-messages.md#how-messages-reach-the-user:
 * the replenishment cart, the customer's delivery form): there the field is only marked
 * (`markedInputProps`) and the message shows once, where it did.
 */

/**
 * Where a rule about the whole form lands in `form.errors`: schemaResolver joins an issue's path
 * with dots, and a schema-level refinement has an empty path.
 */
export const FORM_ERROR = '';

/**
 * The values with blank text left out, for schemas that must read a blank input as "not given":
 * a required field then says "Price is required" rather than "Price must be a number", and an
 * optional one left blank is not checked.
 */
export function withoutBlanks<Values extends object>(values: Values): Partial<Values> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => !(typeof value === 'string' && value.trim() === '')),
  ) as Partial<Values>;
}

/** What `setServerErrors` needs of a form; every `useForm` result has it. */
interface ServerErrorTarget {
  getValues: () => object;
  setFieldError: (path: string, error: ReactNode) => void;
}

type ErrorDetail = { path: string; message: string };

/**
 * Puts the server's field errors (`ApiError.details`, each `{ path: 'body.email', message }`) on
 * the form's fields: path `body.email` goes to field `email`, `body.items.0.quantity` to field
 * `items` when the form has one. The first message for a field wins, as with the browser's own
 * checks. Returns the details no field took; the screen's alert or toast, which shows the server's
 * sentence for every refusal, is what the user reads for those.
 */
export function setServerErrors(form: ServerErrorTarget, error: unknown): ErrorDetail[] {
  if (!isApiError(error)) return [];
  const fields = new Set(Object.keys(form.getValues()));
  const marked = new Set<string>();
  const unplaced: ErrorDetail[] = [];
  for (const detail of error.details ?? []) {
    const [location, field] = detail.path.split('.');
    if (location !== 'body' || field === undefined || !fields.has(field)) {
      unplaced.push(detail);
    } else if (!marked.has(field)) {
      marked.add(field);
      form.setFieldError(field, detail.message);
    }
  }
  return unplaced;
}

/**
 * `getInputProps` for a screen that shows its messages in a toast or an alert: the field is marked
 * (red, aria-invalid) when it has an error, without repeating the message under it.
 */
export function markedInputProps<Values extends object>(
  // biome-ignore lint/suspicious/noExplicitAny: any transformed values and rules; only inputs and errors are read
  form: UseFormReturnType<Values, any, any>,
  path: Extract<keyof Values, string>,
) {
  return { ...form.getInputProps(path, { withError: false }), error: form.errors[path] !== undefined };
}
