import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { forEachArrayElement } from './offline-data';

const dir = mkdtempSync(join(tmpdir(), 'depot-array-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function elementsOf(text: string) {
  const file = join(dir, `${Math.random()}.json`);
  writeFileSync(file, text);
  const elements: unknown[] = [];
  await forEachArrayElement(file, (element) => elements.push(element));
  return elements;
}

describe('forEachArrayElement', () => {
  it('gives each element as JSON.parse would, brackets and quotes inside strings included', async () => {
    const array = [
      { name: 'a "quoted" {brace} [bracket]', nested: { list: [1, 2, { deep: true }] } },
      [{ back: 'slash \\' }, 'x'],
      { unicode: 'नई दिल्ली' },
    ];
    expect(await elementsOf(JSON.stringify(array, null, 2))).toEqual(array);
  });

  it('reads elements that straddle the chunks a large file streams in', async () => {
    const array = Array.from({ length: 5000 }, (_, index) => ({
      index,
      text: `row ${index} ${'x'.repeat(index % 50)}`,
    }));
    expect(await elementsOf(JSON.stringify(array))).toEqual(array);
  });

  it('refuses a file cut off inside an element', async () => {
    await expect(elementsOf('[{"a": 1}, {"b": ')).rejects.toThrow(/ends inside a JSON value/);
  });
});
