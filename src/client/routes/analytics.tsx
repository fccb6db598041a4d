import { Page } from '../components/page';
import { AnalyticsDashboard } from '../features/analytics/components/analytics-dashboard';
import { RequireUser } from '../features/auth/components/require-user';

/** /analytics: the signed-in technician's figures (Premium: basic; Professional: advanced). */
export default function Analytics() {
  return (
    <RequireUser
      role="technician"
      hint="Demo technician (Professional plan): username technician, password wrenchly-demo"
      message="The analytics dashboard is for technicians."
    >
      {() => (
        <Page
          title="Analytics"
          intro="Your jobs, answers, revenue and ratings over time."
          className="max-w-6xl"
        >
          <AnalyticsDashboard />
        </Page>
      )}
    </RequireUser>
  );
}
