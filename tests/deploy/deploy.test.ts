import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, parseTrustProxy } from '../../src/server/config';
import { migrationsDir, projectRoot } from '../../src/server/infra/paths';

/**
 * The deployment files (Dockerfile, deploy/) agree with each other and with the app: no Docker
 * here, so this reads them. The Compose schema check and the build itself: README,
 * 'Running in production'.
 */
const root = projectRoot();
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

type Service = {
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  image?: string;
  environment?: Record<string, string>;
  env_file?: string;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  profiles?: string[];
  stop_grace_period?: string;
  volumes?: string[];
  ports?: string[];
  expose?: string[];
  command?: string[];
};
const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const services = compose.services;
const appNames = Object.keys(services).filter((name) => /^app\d+$/.test(name));

/** deploy/.env.example's assignments (comments and blank lines left out). */
const envExample = Object.fromEntries(
  read('deploy/.env.example')
    .split('\n')
    .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR:?error}. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (_m, name: string, op, arg) => {
    const v = env[name];
    if (op === '?' && !v) throw new Error(`${name} is required: ${arg}`);
    if (op === '-' && !v) return arg as string;
    return v ?? '';
  });
}

const seconds = (duration: string) => {
  const m = /^(\d+)(s|m)$/.exec(duration);
  if (!m) throw new Error(`unexpected duration ${duration}`);
  return Number(m[1]) * (m[2] === 'm' ? 60 : 1);
};

describe('deploy/compose.yaml', () => {
  it('runs app1, app2 (and any more) from the Dockerfile on one PostgreSQL, healthy first', () => {
    expect(appNames.slice(0, 2)).toEqual(['app1', 'app2']);
    for (const name of appNames) {
      const app = services[name]!;
      expect(app.build).toMatchObject({ context: '..', dockerfile: 'Dockerfile' });
      expect(app.image).toBe(services.app1!.image);
      expect(app.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
      // Reachable only through the proxy: with TRUST_PROXY set, a client talking to the app
      // directly could choose its own address with X-Forwarded-For.
      expect(app.ports).toBeUndefined();
      // Longer than the app's own bounded shutdown (10 s in src/server/main.ts).
      expect(seconds(app.stop_grace_period!)).toBeGreaterThan(10);
      expect(app.volumes).toContain(`uploads:${app.environment!.DATA_DIR}`);
    }
    const db = services.postgres!;
    expect(db.image).toMatch(/^postgres:(15|16)/);
    expect(db.healthcheck!.test.join(' ')).toContain('pg_isready');
    expect(db.volumes).toContain('pgdata:/var/lib/postgresql/data');
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['pgdata', 'uploads']));
  });

  it('backs up every night from the app image: database as the apps see it, uploads read-only', () => {
    const backup = services.backup!;
    const app = services.app1!;
    expect(backup.image).toBe(app.image);
    expect(backup.build).toEqual(app.build);
    expect(backup.command).toEqual(['sh', 'deploy/backup.sh']);
    expect(backup.env_file).toBe('.env');
    for (const key of ['NODE_ENV', 'DATABASE_URL', 'DATA_DIR', 'SESSION_SECRET'])
      expect(backup.environment![key]).toBe(app.environment![key]);
    expect(backup.environment!.BACKUP_DIR).toBe('/backups');
    expect(interpolate(backup.environment!.BACKUP_KEEP_DAYS!, {})).toBe('14');
    expect(backup.volumes).toEqual([`uploads:${app.environment!.DATA_DIR}:ro`, 'backups:/backups']);
    expect(backup.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
    expect(backup.healthcheck!.test.join(' ')).toContain('/backups/LAST_SUCCESS');
    expect(Object.keys(compose.volumes)).toContain('backups');
  });

  it("builds the image with the commit from compose's environment (the context has no .git)", () => {
    for (const name of [...appNames, 'backup']) {
      const arg = services[name]!.build!.args?.GIT_COMMIT;
      expect(arg, name).toBeDefined();
      expect(interpolate(arg!, { GIT_COMMIT: '0123456789abcdef' })).toBe('0123456789abcdef');
      // Unset, the build still runs (the release is then the bare version).
      expect(interpolate(arg!, {})).toBe('');
    }
  });

  it('keeps Redis optional, behind the redis profile', () => {
    expect(services.redis!.profiles).toEqual(['redis']);
    for (const name of appNames) expect(services[name]!.depends_on?.redis).toBeUndefined();
  });

  it('trusts exactly one proxy hop (Caddy)', () => {
    for (const name of appNames) {
      expect(parseTrustProxy(services[name]!.environment!.TRUST_PROXY)).toBe(1);
    }
  });

  it("gives the apps an environment the app's configuration accepts in production", () => {
    // deploy/.env.example with its empty secrets filled in, as an operator would.
    const env = {
      ...envExample,
      SESSION_SECRET: 'x'.repeat(48),
      POSTGRES_PASSWORD: 'a1b2c3d4e5f6',
    };
    expect(envExample.SESSION_SECRET).toBe('');
    expect(envExample.POSTGRES_PASSWORD).toBe('');
    for (const name of appNames) {
      const app = services[name]!;
      expect(app.env_file).toBe('.env');
      const environment = Object.fromEntries(
        Object.entries(app.environment!).map(([k, v]) => [k, interpolate(String(v), env)]),
      );
      const config = loadConfig({ ...env, ...environment });
      expect(config.env).toBe('production');
      expect(config.trustProxy).toBe(1);
      expect(config.demoMode).toBe(false);
      expect(config.publicUrl).toBe(envExample.PUBLIC_URL);
      expect(new URL(config.databaseUrl!).host).toBe('postgres:5432');
      expect(config.port).toBe(5000);
    }
    // Every required variable is in the example, and missing it stops compose with its message.
    const required = [...read('deploy/compose.yaml').matchAll(/\$\{([A-Z0-9_]+):\?/g)].map(
      (m) => m[1]!,
    );
    expect(new Set(required)).toEqual(
      new Set(['POSTGRES_PASSWORD', 'PUBLIC_URL', 'SESSION_SECRET']),
    );
    for (const name of required) expect(Object.keys(envExample)).toContain(name);
    expect(() =>
      interpolate(services.app1!.environment!.SESSION_SECRET!, { ...env, SESSION_SECRET: '' }),
    ).toThrow(/SESSION_SECRET/);
  });
});

describe('deploy/Caddyfile', () => {
  const caddyfile = read('deploy/Caddyfile');

  it('balances over exactly the app services, on their port', () => {
    const upstreams = /^\s*reverse_proxy\s+([^{]+)\{/m.exec(caddyfile)![1]!.trim().split(/\s+/);
    expect(upstreams).toEqual(appNames.map((n) => `${n}:${services[n]!.environment!.PORT}`));
    for (const name of appNames) {
      expect(services[name]!.expose).toEqual([services[name]!.environment!.PORT]);
    }
  });

  it('checks readiness, spreads live streams and does not buffer them', () => {
    expect(caddyfile).toMatch(/^\s*health_uri \/api\/health\/ready$/m);
    expect(caddyfile).toMatch(/^\s*lb_policy \S+$/m);
    expect(caddyfile).toMatch(/^\s*flush_interval -1$/m);
    expect(caddyfile).toMatch(/^\{\$SITE_ADDRESS:localhost\} \{$/m);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it('builds with every dependency and runs with production ones only', () => {
    expect(dockerfile).toMatch(/^RUN npm ci$/m);
    expect(dockerfile).toMatch(/^RUN npm run build$/m);
    expect(dockerfile).toMatch(/^RUN npm ci --omit=dev/m);
    expect(runtime).toMatch(/^COPY --from=prod-deps \/app\/node_modules \.\/node_modules$/m);
  });

  it("names the release after the GIT_COMMIT build argument, in the build and the image's label", () => {
    const stages = dockerfile.split(/\nFROM /);
    const build = stages.find((stage) => /^\S+ AS build$/m.test(stage))!;
    // Declared in the stage that builds, before the build reads it from its environment.
    const declared = build.search(/^ARG GIT_COMMIT=$/m);
    expect(declared).toBeGreaterThan(0);
    expect(build.indexOf('RUN npm run build')).toBeGreaterThan(declared);
    expect(runtime).toMatch(/^ARG GIT_COMMIT=$/m);
    expect(runtime).toMatch(/^LABEL org\.opencontainers\.image\.revision=\$GIT_COMMIT$/m);
    // What the build makes of it (scripts/release.ts, run as the Dockerfile's build runs it).
    const release = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        "import('./scripts/release.ts').then((m) => console.log(m.buildRelease()))",
      ],
      { cwd: root, env: { ...process.env, GIT_COMMIT: '0123456789abcdef0123' } },
    )
      .toString()
      .trim();
    expect(release).toMatch(/^wrenchly@\d+\.\d+\.\d+\+0123456789ab$/);
  });

  it('copies what the server reads from disk at run time', () => {
    // The project root is found by package.json; migrations and the client are read from it.
    const migrations = path.relative(root, migrationsDir());
    expect(runtime).toContain(`COPY ${migrations} ./${migrations}`);
    expect(runtime).toMatch(/^COPY package\.json \.\/$/m);
    // dist/client, dist/ssr and dist/server.
    expect(runtime).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
  });

  it('runs as node, in production, on the port Caddy expects, with a readiness health check', () => {
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/NODE_ENV=production/);
    const port = /PORT=(\d+)/.exec(runtime)![1];
    expect(runtime).toMatch(new RegExp(`^EXPOSE ${port}$`, 'm'));
    expect(port).toBe(services.app1!.environment!.PORT);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*\/api\/health\/ready/m);
    expect(runtime).toMatch(/^CMD \["node", "dist\/server\/main\.js"\]$/m);
  });

  it('has the backup loop and a pg_dump as new as the compose PostgreSQL', () => {
    expect(runtime).toMatch(/^COPY deploy\/backup\.sh \.\/deploy\/backup\.sh$/m);
    const client = Number(/^ARG PG_CLIENT_VERSION=(\d+)$/m.exec(runtime)![1]);
    const server = Number(/^postgres:(\d+)/.exec(services.postgres!.image!)![1]);
    expect(client).toBeGreaterThanOrEqual(server);
    expect(runtime).toContain('postgresql-client-${PG_CLIENT_VERSION}');
    expect(read('.dockerignore').split('\n')).toContain('!deploy/backup.sh');
  });

  it('keeps installed, built and secret files out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(ignored).toEqual(
      expect.arrayContaining(['.git', 'node_modules', 'dist', 'data', '.env', '**/.env']),
    );
  });
});
