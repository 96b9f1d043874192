import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LOAD_ERROR_MESSAGE } from '@/components/load-error';
import { renderWithMantine } from '@/testing/render-app';
import { lazyWithTimeout } from './lazy-with-timeout';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyWithTimeout', () => {
  it('renders the loaded component with its props', async () => {
    const LazyGreeting = lazyWithTimeout(async () => ({ default: Greeting }), 1000);
    renderWithMantine(<LazyGreeting name="Ada" />);
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('shows a load error when the import takes longer than the timeout, and Retry imports again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const importGreeting = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockReturnValueOnce(new Promise(() => {}))
      .mockResolvedValueOnce({ default: Greeting });
    const LazyGreeting = lazyWithTimeout(importGreeting, 50);
    renderWithMantine(<LazyGreeting name="Ada" />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByText(LOAD_ERROR_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText('Hello Ada')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText(LOAD_ERROR_MESSAGE)).not.toBeInTheDocument();
    expect(importGreeting).toHaveBeenCalledTimes(2);
  });

  it('shows a load error when the import fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const LazyGreeting = lazyWithTimeout<{ name: string }>(
      () => Promise.reject(new Error('chunk missing')),
      1000,
    );
    renderWithMantine(<LazyGreeting name="Ada" />);
    expect(await screen.findByText(LOAD_ERROR_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('preload imports once, before the first render, which then shows the component without a loader', async () => {
    const importGreeting = vi.fn(async () => ({ default: Greeting }));
    const LazyGreeting = lazyWithTimeout(importGreeting, 1000);
    LazyGreeting.preload();
    LazyGreeting.preload();
    await vi.waitFor(() => expect(importGreeting).toHaveBeenCalledTimes(1));
    await Promise.resolve();

    renderWithMantine(<LazyGreeting name="Ada" />);

    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(importGreeting).toHaveBeenCalledTimes(1);
  });
});
