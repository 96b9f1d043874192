import { useForm } from '@mantine/form';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { setServerErrors, withoutBlanks } from './form';

function renderForm() {
  return renderHook(() =>
    useForm({ mode: 'uncontrolled', initialValues: { name: '', email: '', items: [] as number[] } }),
  ).result;
}

describe('setServerErrors', () => {
  it('puts each detail on the field its body path names, the first message per field, and returns the rest', () => {
    const form = renderForm();
    const refusal = new ApiError(400, 'Invalid input: Name is required', [
      { path: 'body.name', message: 'Name is required' },
      { path: 'body.name', message: 'Name is too long' },
      { path: 'body.items.0.quantity', message: 'Please enter a valid quantity.' },
      { path: 'body.supplier_id', message: 'Please choose a supplier.' },
      { path: 'querystring.email', message: 'Not a body field' },
    ]);

    let unplaced: ReturnType<typeof setServerErrors> = [];
    act(() => {
      unplaced = setServerErrors(form.current, refusal);
    });

    expect(form.current.errors).toEqual({
      name: 'Name is required',
      items: 'Please enter a valid quantity.',
    });
    expect(unplaced).toEqual([
      { path: 'body.supplier_id', message: 'Please choose a supplier.' },
      { path: 'querystring.email', message: 'Not a body field' },
    ]);
  });

  it('leaves the form alone for a refusal without details or an error that is not an answer', () => {
    const form = renderForm();
    act(() => {
      expect(
        setServerErrors(form.current, new ApiError(409, 'An account with this email already exists')),
      ).toEqual([]);
      expect(setServerErrors(form.current, new Error('boom'))).toEqual([]);
    });
    expect(form.current.errors).toEqual({});
  });
});

describe('withoutBlanks', () => {
  it('drops empty and whitespace-only text and keeps everything else', () => {
    expect(withoutBlanks({ name: '  ', price: '', quantity: '0', weight: ' 1 ', id: 0, note: null })).toEqual(
      {
        quantity: '0',
        weight: ' 1 ',
        id: 0,
        note: null,
      },
    );
  });
});
