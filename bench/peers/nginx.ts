import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NGINX } from '../lib/debian.ts';
import { type Running, startProcess } from '../lib/processes.ts';

/** Debian's nginx, when installed (`apt-get install -y nginx-light`; run.ts installs it when it can). */
export function nginxBinary(): string | undefined {
  return NGINX.binaries.find((path) => existsSync(path));
}

/**
 * nginx as a plain reverse proxy in front of one service: the peer of the gateway's own cost. One
 * worker (the gateway is one process too) and pooled keep-alive upstream connections, as the gateway's
 * proxy keeps them.
 */
export async function startNginx(dir: string, port: number, upstream: string): Promise<Running> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed: apt-get install -y nginx-light');
  mkdirSync(dir, { recursive: true });
  const conf = join(dir, 'nginx.conf');
  const target = new URL(upstream);
  writeFileSync(
    conf,
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream service { server ${target.host}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://service;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffers 16 16k;
    }
  }
}
`,
  );
  execFileSync(binary, ['-t', '-p', dir, '-c', conf], { stdio: 'ignore' });
  return startProcess(
    'nginx',
    ['-p', dir, '-c', conf, '-g', 'daemon off;'],
    {},
    {
      port,
      command: binary,
      readyPath: '/healthz',
    },
  );
}
