import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { projectRoot } from '../../src/server/infra/paths';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';

/**
 * The observability profile of deploy/ (Prometheus, its alerts, Alertmanager, Grafana) agrees
 * with compose.yaml, with docs/operations.md and with what GET /metrics really exposes.
 * With promtool installed (Debian: `apt-get install prometheus`) the rules are also checked and
 * their unit tests (deploy/prometheus/alerts.test.yml) run.
 */
const root = projectRoot();
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

type Service = {
  image?: string;
  profiles?: string[];
  ports?: string[];
  volumes?: string[];
  secrets?: string[];
  depends_on?: Record<string, unknown> | string[];
  environment?: Record<string, string>;
};
const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
  secrets?: Record<string, { environment?: string; file?: string }>;
  volumes: Record<string, unknown>;
};
const services = compose.services;
const appNames = Object.keys(services).filter((name) => /^app\d+$/.test(name));

type Rule = {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: Record<string, string>;
};
const alerts = (
  parse(read('deploy/prometheus/alerts.yml')) as { groups: { rules: Rule[] }[] }
).groups.flatMap((g) => g.rules);

type Panel = {
  id: number;
  type: string;
  title: string;
  datasource?: { uid: string };
  targets?: { expr: string }[];
};
const dashboard = JSON.parse(read('deploy/grafana/dashboards/wrenchly.json')) as {
  uid: string;
  panels: Panel[];
};
const dashboardExprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr));

const PROMQL_WORDS = new Set([
  'and',
  'or',
  'unless',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'offset',
  'inf',
  'nan',
  // Aggregations, which may be followed by `by (...)` before their parenthesis.
  'sum',
  'min',
  'max',
  'avg',
  'count',
  'group',
  'stddev',
  'stdvar',
  'topk',
  'bottomk',
  'quantile',
  'count_values',
]);

/**
 * The metric names a PromQL expression reads: label matchers, strings, durations, grouping
 * lists and function names left out.
 */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const m of bare.matchAll(/(?<![\w.])([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)) {
    if (m[2] || PROMQL_WORDS.has(m[1]!.toLowerCase())) continue;
    names.add(m[1]!);
  }
  return [...names];
}

describe('metricNames', () => {
  it('finds the metrics of an expression and nothing else', () => {
    expect(
      metricNames(
        'histogram_quantile(0.99, sum by (le) (rate(a_bucket{job="x",route!~".*/stream"}[10m]))) > 2 and on() count(up == 1) > 0',
      ).sort(),
    ).toEqual(['a_bucket', 'up']);
    expect(metricNames('time() - max(b_seconds) > 26 * 3600')).toEqual(['b_seconds']);
  });
});

describe('the observability profile in deploy/compose.yaml', () => {
  const extra = ['prometheus', 'alertmanager', 'grafana'];

  it('runs Prometheus, Alertmanager and Grafana only with the observability profile, on loopback', () => {
    for (const name of extra) {
      const s = services[name]!;
      expect(s.profiles).toEqual(['observability']);
      expect(s.image).toMatch(/^(prom\/prometheus|prom\/alertmanager|grafana\/grafana):v?\d/);
      // Reached through an SSH tunnel, never from the internet.
      for (const port of s.ports ?? []) expect(port).toMatch(/^'?127\.0\.0\.1:/);
      // Every file mounted from the repo is there.
      for (const v of s.volumes ?? []) {
        const [from] = v.split(':');
        if (from!.startsWith('./')) expect(statSync(path.join(root, 'deploy', from!))).toBeTruthy();
      }
    }
    // The apps never wait on them.
    for (const name of appNames) {
      const deps = services[name]!.depends_on ?? {};
      for (const x of extra) expect(Object.keys(deps)).not.toContain(x);
    }
  });

  it('hands Prometheus METRICS_TOKEN as the file its scrape config reads', () => {
    expect(services.prometheus!.secrets).toEqual(['metrics_token']);
    expect(compose.secrets!.metrics_token).toEqual({ environment: 'METRICS_TOKEN' });
    const config = parse(read('deploy/prometheus/prometheus.yml')) as {
      rule_files: string[];
      alerting: { alertmanagers: { static_configs: { targets: string[] }[] }[] };
      scrape_configs: {
        job_name: string;
        metrics_path?: string;
        authorization?: { type: string; credentials_file: string };
        static_configs: { targets: string[] }[];
      }[];
    };
    const job = config.scrape_configs.find((c) => c.job_name === 'wrenchly')!;
    expect(job.metrics_path).toBe('/metrics');
    expect(job.authorization).toEqual({
      type: 'Bearer',
      credentials_file: '/run/secrets/metrics_token',
    });
    // Every app instance, on its port.
    expect(job.static_configs.flatMap((c) => c.targets)).toEqual(
      appNames.map((n) => `${n}:${services[n]!.environment!.PORT}`),
    );
    // The rules file is mounted beside the config (rule_files is relative to it).
    expect(config.rule_files).toEqual(['alerts.yml']);
    expect(services.prometheus!.volumes).toContain(
      './prometheus/alerts.yml:/etc/prometheus/alerts.yml:ro',
    );
    expect(config.alerting.alertmanagers[0]!.static_configs[0]!.targets).toEqual([
      'alertmanager:9093',
    ]);
  });

  it('keeps GET /metrics off the internet: Caddy answers it 404', () => {
    expect(read('deploy/Caddyfile')).toMatch(/^\s*respond \/metrics 404$/m);
  });

  it('provisions Grafana with the Prometheus data source the dashboard names', () => {
    const ds = parse(read('deploy/grafana/provisioning/datasources/prometheus.yml')) as {
      datasources: { uid: string; url: string }[];
    };
    expect(ds.datasources[0]).toMatchObject({ uid: 'prometheus', url: 'http://prometheus:9090' });
    const provider = parse(read('deploy/grafana/provisioning/dashboards/wrenchly.yml')) as {
      providers: { options: { path: string } }[];
    };
    expect(services.grafana!.volumes).toContain(
      `./grafana/dashboards:${provider.providers[0]!.options.path}:ro`,
    );
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of dashboard.panels.filter((x) => x.type !== 'row'))
      expect(p.datasource?.uid, p.title).toBe('prometheus');
  });
});

describe('deploy/prometheus/alerts.yml', () => {
  const doc = read('docs/operations.md');
  /** GitHub's anchor of a Markdown heading. */
  const anchors = new Set(
    [...doc.matchAll(/^#{2,4} (.+)$/gm)].map((m) =>
      m[1]!
        .trim()
        .toLowerCase()
        .replace(/[^\w\- ]/g, '')
        .replace(/ /g, '-'),
    ),
  );

  it('has the alerts operations asked for, each with a severity and a runbook section', () => {
    const byName = new Map(alerts.map((a) => [a.alert, a]));
    expect(byName.get('WrenchlyHigh5xxRate')!.expr).toMatch(/status=~"5\.\."/);
    expect(byName.get('WrenchlySlowRequests')!.expr).toMatch(/histogram_quantile\(0\.99/);
    expect(byName.get('WrenchlyOutboxStuck')!.expr).toMatch(/outbox_oldest_age_seconds.*> 300/);
    expect(byName.get('WrenchlyDispatchUnmatchedHigh')!.expr).toContain(
      'wrenchly_dispatch_unmatched_total',
    );
    expect(byName.get('WrenchlyBackupTooOld')!.expr).toMatch(
      /time\(\) - max\(wrenchly_backup_last_success_timestamp_seconds.*> 26 \* 3600/,
    );
    for (const a of alerts) {
      expect(['page', 'warning'], a.alert).toContain(a.labels.severity);
      expect(a.annotations.summary, a.alert).toBeTruthy();
      const runbook = a.annotations.runbook!;
      expect(runbook, a.alert).toBe(`docs/operations.md#${a.alert.toLowerCase()}`);
      expect(anchors, `docs/operations.md has no section ${a.alert}`).toContain(
        a.alert.toLowerCase(),
      );
    }
  });

  const promtool = (() => {
    try {
      execFileSync('promtool', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!promtool)('passes promtool: the rules, their unit tests, the scrape config', () => {
    const run = (...args: string[]) =>
      execFileSync('promtool', args, { cwd: path.join(root, 'deploy/prometheus'), stdio: 'pipe' });
    run('check', 'rules', 'alerts.yml');
    run('test', 'rules', 'alerts.test.yml');
    // Syntax only: the token file exists only in the container.
    run('check', 'config', '--syntax-only', 'prometheus.yml');
  });
});

describe('what the alerts and the dashboard read, against GET /metrics', () => {
  const TOKEN = 'metrics-token-for-tests-0123456789';
  let t: TestApp;
  let backupDir: string;
  let exposed: Set<string>;
  /** Families as `# TYPE` names them (a histogram's, without _bucket, _sum, _count). */
  let families: Map<string, string>;
  beforeAll(async () => {
    backupDir = mkdtempSync(path.join(tmpdir(), 'wrenchly-backup-'));
    t = await buildTestApp({ config: { metricsToken: TOKEN, backupDir } });
    await t.app.inject({ method: 'GET', url: '/api/health/live' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    families = new Map(
      [...res.body.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!] as const),
    );
    exposed = new Set(['up']); // Prometheus' own, per target.
    for (const [name, type] of families) {
      exposed.add(name);
      if (type === 'histogram')
        for (const s of ['_bucket', '_sum', '_count']) exposed.add(`${name}${s}`);
      if (type === 'summary') for (const s of ['_sum', '_count']) exposed.add(`${name}${s}`);
    }
  });
  afterAll(async () => {
    await t.close();
    rmSync(backupDir, { recursive: true, force: true });
  });

  it('every alert reads only metrics GET /metrics exposes', () => {
    for (const a of alerts) {
      const names = metricNames(a.expr);
      expect(names.length, a.alert).toBeGreaterThan(0);
      for (const name of names) expect(exposed, `${a.alert} reads ${name}`).toContain(name);
    }
  });

  it("every dashboard panel reads exposed metrics, and every one of the app's families has a panel", () => {
    const read = new Set<string>();
    for (const expr of dashboardExprs)
      for (const name of metricNames(expr)) {
        expect(exposed, `the dashboard reads ${name}`).toContain(name);
        read.add(name.replace(/_(bucket|sum|count)$/, ''));
        read.add(name);
      }
    const own = [...families.keys()].filter((n) => !/^(process_|nodejs_)/.test(n));
    expect(own.length).toBeGreaterThan(10);
    for (const family of own) expect(read, `no panel shows ${family}`).toContain(family);
  });
});
