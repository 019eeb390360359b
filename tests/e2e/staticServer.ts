/*
 * A plain static file server, as a course site's host is one: the files of a
 * folder under one path prefix, each with its content type, nothing else (no
 * fallback to index.html, no rewriting); anything outside the prefix or the
 * folder is 404.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { freePort } from './browser';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.txt': 'text/plain', '.trace': 'text/plain',
};

export interface StaticSite {
  /** The site's address: http://127.0.0.1:port + prefix. */
  url: string;
  close(): Promise<void>;
}

export async function serveFolder(folder: string, prefix: string): Promise<StaticSite> {
  const root = normalize(folder + sep);
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split(/[?#]/)[0]);
    const file = path.startsWith(prefix) ? normalize(join(root, path.slice(prefix.length) || 'index.html')) : '';
    if (!file.startsWith(root)) {
      res.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
