import { useSearchParams } from 'react-router';
import { Page } from '../components/page';
import { Skeleton } from '../components/ui/skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { RequestServiceAside } from '../features/service-requests/components/request-service-aside';
import { RequestServiceForm } from '../features/service-requests/components/request-service-form';
import { prefilledRequestForm } from '../features/service-requests/request-form';
import { useVehicles } from '../features/vehicles/api/list-vehicles';

export default function RequestService() {
  const [params] = useSearchParams();
  const { data: user, isLoading: userLoading } = useCurrentUser();
  const isCustomer = user?.role === 'customer';
  // A signed-in customer's form starts with their details and vehicles; guests type theirs.
  const vehicles = useVehicles(isCustomer);
  const loading = userLoading || (isCustomer && vehicles.isLoading);
  const saved = isCustomer ? (vehicles.data ?? []) : [];
  return (
    <Page
      title="Request Automotive Service"
      intro="Tell us about your vehicle and the problem. We'll connect you with certified mobile mechanics near you."
    >
      <div className="grid gap-8 lg:grid-cols-3">
        {loading ? (
          <Skeleton className="h-96 lg:col-span-2" />
        ) : (
          <RequestServiceForm
            initial={() =>
              prefilledRequestForm(
                params,
                user && isCustomer ? { user, vehicles: saved } : undefined,
              )
            }
            vehicles={saved}
          />
        )}
        <RequestServiceAside />
      </div>
    </Page>
  );
}
