import { describe, expect, it } from 'vitest';
import { createToken, randomBytesPooled } from './tokens';

describe('randomBytesPooled', () => {
  it('hands out slices of the size asked, copied out of the pool, never the same twice', () => {
    const slices = Array.from({ length: 1000 }, () => randomBytesPooled(16));
    expect(slices.every((slice) => slice.length === 16)).toBe(true);
    // A thousand slices span several refills of the 4 KiB pool.
    expect(new Set(slices.map((slice) => slice.toString('hex'))).size).toBe(1000);
    const first = slices[0] as Buffer;
    const copy = Buffer.from(first);
    randomBytesPooled(4096);
    expect(first.equals(copy)).toBe(true);
  });

  it('looks random: about half the bits set over many slices', () => {
    const bytes = Buffer.concat(Array.from({ length: 512 }, () => randomBytesPooled(32)));
    let ones = 0;
    for (const byte of bytes) for (let bit = 0; bit < 8; bit += 1) ones += (byte >> bit) & 1;
    const share = ones / (bytes.length * 8);
    expect(share).toBeGreaterThan(0.48);
    expect(share).toBeLessThan(0.52);
  });

  it('refuses more than the pool holds', () => {
    expect(() => randomBytesPooled(4097)).toThrow(RangeError);
  });

  it('makes session tokens of 32 bytes, URL-safe', () => {
    expect(createToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
