import { Link } from 'react-router';
import { PATHS } from '@shared/paths';
import { RequireUser } from '../features/auth/components/require-user';
import { Page } from '../components/page';
import { Button } from '../components/ui/button';
import { MyServiceRequestsList } from '../features/service-requests/customer/components/my-service-requests-list';

/** `/my-requests`: a signed-in customer's service requests, each opening its page. */
export default function MyRequests() {
  return (
    <RequireUser
      role="customer"
      hint="Demo customer: username customer, password wrenchly-demo"
      message="My Requests lists the service requests of a customer account."
    >
      {() => (
        <Page
          title="My Requests"
          intro="Follow each request from dispatch to completion."
          className="max-w-3xl"
          actions={
            <Button asChild>
              <Link to={PATHS.requestService}>Request Service</Link>
            </Button>
          }
        >
          <MyServiceRequestsList />
        </Page>
      )}
    </RequireUser>
  );
}
