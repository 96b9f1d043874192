import { describe, expect, it } from 'vitest';
import './zod-jitless';
import { config } from 'zod/v4/core';

describe('zod-jitless', () => {
  it('turns off the eval probe in the zod the screens load', () => {
    expect(config().jitless).toBe(true);
  });
});
