import { TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { dateFieldPattern, formatDateField, parseDateField } from '@/lib/format';

interface DateFieldProps {
  label: string;
  description?: ReactNode;
  /** The day as YYYY-MM-DD, or with `withTime` the local date-time as YYYY-MM-DDTHH:mm; '' for none. */
  value?: string;
  /** For an uncontrolled form field: the first value. */
  defaultValue?: string;
  /** Called with the day (or date-time) the text names, or '' once the text is cleared. */
  onChange: (value: string) => void;
  /** A date and a 24-hour time: "22/11/2026 14:05". */
  withTime?: boolean;
  required?: boolean;
  error?: ReactNode;
  /** Extra props Mantine's form passes (onFocus, onBlur, name). */
  onBlur?: () => void;
}

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

function show(value: string, withTime: boolean): string {
  if (!withTime) return formatDateField(value);
  const [day = '', time = ''] = value.split('T');
  const date = formatDateField(day);
  return date && TIME.test(time) ? `${date} ${time}` : '';
}

function read(text: string, withTime: boolean): string | undefined {
  if (!withTime) return parseDateField(text);
  const match = /^(.*?)(?:[\s,]+|T)(\d{1,2}:\d{2})$/.exec(text.trim());
  const day = match && parseDateField(match[1] ?? '');
  const time = match?.[2] ?? '';
  if (!day || !TIME.test(time)) return undefined;
  return `${day}T${time.padStart(5, '0')}`;
}

/**
 * The one date input of the app (docs/product/screens.md#formats): it reads and shows dates as the
 * tables write them, in the business's locale (dd/mm/yyyy by default and in en-IN), whatever the
 * browser's own language; a native date input follows the browser's instead. It holds the text as
 * typed and reports a day once the text names one; text that names none is marked on leaving.
 */
export function DateField({
  label,
  description,
  value,
  defaultValue,
  onChange,
  withTime = false,
  required,
  error,
  onBlur,
}: DateFieldProps) {
  const pattern = withTime ? `${dateFieldPattern()} hh:mm` : dateFieldPattern();
  const [text, setText] = useState(() => show(value ?? defaultValue ?? '', withTime));
  const [touched, setTouched] = useState(false);
  // The last value this field reported: a value set from outside (a reset) rewrites the text.
  const reported = useRef(value ?? defaultValue ?? '');
  useEffect(() => {
    if (value === undefined || value === reported.current) return;
    reported.current = value;
    setText(show(value, withTime));
  }, [value, withTime]);

  const unreadable = text.trim() !== '' && read(text, withTime) === undefined;
  return (
    <TextInput
      label={label}
      description={description}
      placeholder={pattern}
      inputMode="numeric"
      autoComplete="off"
      required={required}
      value={text}
      error={error ?? (touched && unreadable ? `Enter the date as ${pattern}` : undefined)}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        setTouched(false);
        const parsed = next.trim() === '' ? '' : read(next, withTime);
        if (parsed === undefined) return;
        reported.current = parsed;
        onChange(parsed);
      }}
      onBlur={() => {
        setTouched(true);
        onBlur?.();
      }}
    />
  );
}
