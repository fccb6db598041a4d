import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { monthLabel } from '@shared/analytics';
import type { AnalyticsSummary } from '@shared/schemas/analytics';
import { COLORS, percent } from '../format';
import { ChartCard } from './chart-card';

type Basic = AnalyticsSummary['basic'];

/** Notified, accepted and completed jobs per month. */
export function ActivityChart({ basic }: { basic: Basic }) {
  const data = basic.months.map((m) => ({ ...m, label: monthLabel(m.month) }));
  const busiest = [...basic.months].sort((a, b) => b.completed - a.completed)[0];
  const n = basic.notifications;
  return (
    <ChartCard
      title="Jobs by month"
      summary={`${n.notified} notified, ${n.accepted} accepted and ${basic.jobsCompleted} completed${
        busiest && busiest.completed > 0
          ? `; most completed in ${monthLabel(busiest.month)} (${busiest.completed})`
          : ''
      }.`}
      table={{
        caption: 'Jobs notified, accepted and completed per month',
        head: ['Month', 'Notified', 'Accepted', 'Completed'],
        rows: basic.months.map((m) => [monthLabel(m.month), m.notified, m.accepted, m.completed]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} width={32} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Legend />
          <Bar dataKey="notified" name="Notified" fill={COLORS.notified} />
          <Bar dataKey="accepted" name="Accepted" fill={COLORS.accepted} />
          <Bar dataKey="completed" name="Completed" fill={COLORS.completed} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

/** What became of the job notifications: accepted, declined, expired (and the rest). */
export function OutcomesChart({ basic }: { basic: Basic }) {
  const n = basic.notifications;
  const other = n.notified - n.accepted - n.declined - n.expired;
  const rows = [
    { label: 'Accepted', value: n.accepted, fill: COLORS.accepted },
    { label: 'Declined', value: n.declined, fill: COLORS.declined },
    { label: 'Expired', value: n.expired, fill: COLORS.expired },
    { label: 'Taken by others or closed', value: other, fill: COLORS.notified },
  ];
  return (
    <ChartCard
      title="Job notifications"
      summary={`Of ${n.notified} notifications you accepted ${n.accepted}, declined ${n.declined} and let ${n.expired} expire: an acceptance rate of ${percent(n.acceptanceRate)}.`}
      table={{
        caption: 'Job notifications by outcome',
        head: ['Outcome', 'Notifications'],
        rows: rows.map((r) => [r.label, r.value]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} layout="vertical" accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
          <YAxis type="category" dataKey="label" width={110} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Bar dataKey="value" name="Notifications">
            {rows.map((r) => (
              <Cell key={r.label} fill={r.fill} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
