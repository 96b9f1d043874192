import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { forEachArrayElement, PackedPincodeIndex } from './offline-data';

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

describe('PackedPincodeIndex', () => {
  it("gives back each code's offices with their place fields, blanks absent and padding trimmed", async () => {
    const file = join(dir, 'pincodes.json');
    writeFileSync(
      file,
      JSON.stringify([
        {
          name: 'Connaught Place',
          pincode: 110001,
          district: 'Central Delhi',
          state: 'Delhi',
          circle: 'Delhi',
          division: 'New Delhi Central',
          region: 'Delhi',
          country: 'India',
        },
        {
          name: 'New Delhi ',
          pincode: '110001',
          district: 'Central Delhi',
          state: 'Delhi',
          circle: ' ',
          country: 'India',
        },
        { name: 'Fort', pincode: '400001', district: 'Mumbai', state: 'Maharashtra' },
        { name: 'No state', pincode: '400002', district: 'Mumbai' },
        { name: 'Bad code', pincode: '40001', district: 'Mumbai', state: 'Maharashtra' },
      ]),
    );
    const index = await PackedPincodeIndex.read(file);
    expect([...index.keys()].sort()).toEqual(['110001', '400001']);
    expect(index.get('110001')).toEqual([
      {
        Name: 'Connaught Place',
        District: 'Central Delhi',
        State: 'Delhi',
        Pincode: '110001',
        Circle: 'Delhi',
        Division: 'New Delhi Central',
        Region: 'Delhi',
        Country: 'India',
      },
      { Name: 'New Delhi', District: 'Central Delhi', State: 'Delhi', Pincode: '110001', Country: 'India' },
    ]);
    expect(index.get('400001')).toEqual([
      { Name: 'Fort', District: 'Mumbai', State: 'Maharashtra', Pincode: '400001' },
    ]);
    expect(index.get('400002')).toBeUndefined();
  });
});
