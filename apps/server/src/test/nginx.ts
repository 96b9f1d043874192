import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';

/** The shipped snippet: everything Depot's nginx does inside a server block. */
export const NGINX_LOCATIONS_CONF = fileURLToPath(
  new URL('../../../../deploy/nginx/depot-locations.conf', import.meta.url),
);
const NGINX_BINARY = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const PORT_ATTEMPTS = 5;

export interface NginxOptions {
  /** host:port of each app instance. */
  upstreams: string[];
  /** The built web app nginx serves itself; its folders must be readable by nginx's workers. */
  webRoot: string;
  /** More directives for the server block, before the shipped snippet. */
  serverDirectives?: string[];
}

export interface RunningNginx {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

function nginxConf(dir: string, port: number, options: NginxOptions): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;

    upstream depot_app {
        least_conn;
${options.upstreams.map((upstream) => `        server ${upstream};`).join('\n')}
        keepalive 16;
    }

    server {
        listen 127.0.0.1:${port};
        root ${options.webRoot};
${(options.serverDirectives ?? []).map((directive) => `        ${directive}`).join('\n')}
        include ${NGINX_LOCATIONS_CONF};
    }
}
`;
}

/**
 * Runs Debian's nginx in the foreground as a child process, with a generated configuration in a
 * temporary folder that includes the shipped deploy/nginx/depot-locations.conf, on a free loopback
 * port (never a fixed one: other runs may share the machine). Not the system service.
 */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  if (!existsSync(NGINX_BINARY)) {
    throw new Error(`no nginx at ${NGINX_BINARY}: apt-get install -y nginx, or set NGINX_PATH`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'depot-nginx-'));
  // Started as root, nginx's workers run as nobody: they must be able to enter this folder.
  chmodSync(dir, 0o755);
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    writeFileSync(join(dir, 'nginx.conf'), nginxConf(dir, port, options));
    const child: ChildProcess = spawn(
      NGINX_BINARY,
      ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.once('error', (error) => {
      output += String(error);
    });

    // nginx writes its pid file only after it has bound its port.
    const deadline = Date.now() + 10_000;
    while (!existsSync(join(dir, 'nginx.pid')) && child.exitCode === null && child.signalCode === null) {
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (existsSync(join(dir, 'nginx.pid'))) {
      return {
        url: `http://127.0.0.1:${port}`,
        output: () => output,
        async stop() {
          child.kill('SIGTERM');
          await exited;
          rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    child.kill('SIGKILL');
    await exited;
    if (!/Address already in use/.test(output) || attempt === PORT_ATTEMPTS) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx did not start:\n${output}`);
    }
  }
}
