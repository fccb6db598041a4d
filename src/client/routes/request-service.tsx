import { specialtyToServiceType, type ServiceType } from '@shared/constants/service-types';
import { useSearchParams } from 'react-router';
import { Page } from '../components/page';
import { Skeleton } from '../components/ui/skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { FirstChoiceMissing } from '../features/service-requests/form/components/first-choice-notice';
import { RequestServiceAside } from '../features/service-requests/form/components/request-service-aside';
import { RequestServiceForm } from '../features/service-requests/form/components/request-service-form';
import { prefilledRequestForm } from '../features/service-requests/form/service-request-form';
import { useTechnician } from '../features/technicians/api/get-technician';
import { useVehicles } from '../features/vehicles/api/list-vehicles';

export default function RequestService() {
  const [params, setParams] = useSearchParams();
  const { data: user, isLoading: userLoading } = useCurrentUser();
  const isCustomer = user?.role === 'customer';
  // A signed-in customer's form starts with their details and vehicles; guests type theirs.
  const vehicles = useVehicles(isCustomer);
  // From a technician's profile: the request goes to them first.
  const technicianId = Number(params.get('technician'));
  const chosen = useTechnician(params.has('technician') ? technicianId : 0);
  // Only the services they do: the form offers nothing they would turn down.
  const firstChoice = chosen.data
    ? {
        id: chosen.data.id,
        name: `${chosen.data.user.firstName} ${chosen.data.user.lastName}`,
        services: servicesOf(chosen.data.specialties),
      }
    : null;
  const sendToAll = () =>
    setParams(
      (p) => {
        p.delete('technician');
        return p;
      },
      { replace: true },
    );
  const loading = userLoading || (isCustomer && vehicles.isLoading) || chosen.isLoading;
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
          <div className="space-y-4 lg:col-span-2">
            {params.has('technician') && !firstChoice && <FirstChoiceMissing />}
            <RequestServiceForm
              firstChoice={firstChoice}
              onSendToAll={sendToAll}
              initial={() =>
                prefilledRequestForm(
                  params,
                  user && isCustomer ? { user, vehicles: saved } : undefined,
                )
              }
              vehicles={saved}
            />
          </div>
        )}
        <RequestServiceAside />
      </div>
    </Page>
  );
}

/** The service types a technician's specialties name. */
function servicesOf(specialties: string[]): ServiceType[] {
  return specialties.map(specialtyToServiceType).filter((s): s is ServiceType => s !== null);
}
