import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';
import { staticClientPlugin } from './static-client';

describe('static client', () => {
  let app: FastifyInstance;
  let dir: string;

  beforeAll(async () => {
    // A built client in miniature: the shell, a hashed asset, the worker and the manifest.
    dir = mkdtempSync(path.join(tmpdir(), 'wrenchly-client-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Wrenchly</title>');
    writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(
      path.join(dir, 'assets', 'logo-abc123.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("push", () => {})');
    writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Wrenchly"}');
    app = Fastify();
    // helmet's default headers, set as the app's security-headers plugin sets them.
    const headers = securityHeaders({});
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
    await app.register(staticClientPlugin, { clientDir: dir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the service worker and the manifest revalidated, with their content types', async () => {
    const sw = await app.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^application\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year and answers screens with the shell', async () => {
    const asset = await app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const start = await app.inject({ url: '/start' });
    expect(start.statusCode).toBe(200);
    expect(start.headers['content-type']).toMatch(/^text\/html/);
    expect(start.headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/missing' })).json()).toEqual({
      message: 'Route GET /api/missing not found',
    });
  });

  it('sends the document policies with pages, the worker and images, not with scripts', async () => {
    const asset = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['referrer-policy']).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['strict-transport-security']).toBeDefined();
    for (const url of ['/start', '/sw.js', '/assets/logo-abc123.svg']) {
      const res = await app.inject({ url });
      expect(res.headers['content-security-policy'], url).toBeDefined();
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });
});
