import { describe, expect, it } from 'vitest';
import { nextPaint } from './after-paint';

describe('nextPaint', () => {
  it('resolves after the next frame', async () => {
    let frames = 0;
    const counting = () => {
      frames += 1;
    };
    requestAnimationFrame(counting);
    await nextPaint();
    expect(frames).toBe(1);
  });

  it('rejects with the reason of a signal aborted before the paint, and never calls back', async () => {
    const controller = new AbortController();
    const waiting = nextPaint(controller.signal);
    controller.abort(new Error('left the page'));
    await expect(waiting).rejects.toThrow('left the page');
  });

  it('rejects at once when the signal is already aborted', async () => {
    await expect(nextPaint(AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });
});
