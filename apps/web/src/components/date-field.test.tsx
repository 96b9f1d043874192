import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateField } from './date-field';

function Controlled({
  initial,
  onChange,
  withTime,
}: {
  initial: string;
  onChange: (value: string) => void;
  withTime?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider>
      <DateField
        label="Day"
        value={value}
        withTime={withTime}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <button type="button" onClick={() => setValue('2030-01-31')}>
        Reset
      </button>
    </MantineProvider>
  );
}

// docs/product/screens.md#formats: a date input reads dd/mm/yyyy, as the tables do.
describe('DateField', () => {
  it('shows its day as dd/mm/yyyy and reports the day typed that way', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled initial="2026-11-22" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Day' });
    expect(input).toHaveValue('22/11/2026');
    expect(input).toHaveAttribute('placeholder', 'dd/mm/yyyy');

    await user.clear(input);
    expect(onChange).toHaveBeenLastCalledWith('');
    await user.type(input, '03/04/2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-04-03');
    expect(input).toHaveValue('03/04/2026');
  });

  it('marks text that names no day on leaving, reporting nothing for it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled initial="" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Day' });
    await user.type(input, '31/02/2026');
    expect(onChange).not.toHaveBeenCalled();
    await user.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter the date as dd/mm/yyyy')).toBeInTheDocument();
  });

  it('follows a value set from outside', async () => {
    const user = userEvent.setup();
    render(<Controlled initial="2026-11-22" onChange={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('textbox', { name: 'Day' })).toHaveValue('31/01/2030');
  });

  it('reads a date and a 24-hour time with withTime', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled initial="2026-06-20T09:30" onChange={onChange} withTime />);
    const input = screen.getByRole('textbox', { name: 'Day' });
    expect(input).toHaveValue('20/06/2026 09:30');
    expect(input).toHaveAttribute('placeholder', 'dd/mm/yyyy hh:mm');
    await user.clear(input);
    await user.type(input, '01/07/2026 14:05');
    expect(onChange).toHaveBeenLastCalledWith('2026-07-01T14:05');
  });
});
