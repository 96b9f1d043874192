import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags';

const read = (path: string) =>
  readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8');
const flags = SERVER_NODE_FLAGS.join(' ');

describe('the server is started with the same V8 flags everywhere', () => {
  it('npm start', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe(`node ${flags} apps/server/dist/main.js`);
  });

  it('the container', () => {
    const command = ['node', ...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'].map((part) => `"${part}"`);
    expect(read('deploy/Dockerfile')).toContain(`CMD [${command.join(', ')}]`);
  });

  it('the systemd unit', () => {
    expect(read('deploy/systemd/depot@.service')).toContain(
      `ExecStart=/usr/bin/node ${flags} apps/server/dist/main.js`,
    );
  });
});
