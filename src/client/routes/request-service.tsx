import { useSearchParams } from 'react-router';
import { Page } from '../components/page';
import { RequestServiceAside } from '../features/service-requests/components/request-service-aside';
import { RequestServiceForm } from '../features/service-requests/components/request-service-form';
import { prefilledRequestForm } from '../features/service-requests/request-form';

export default function RequestService() {
  const [params] = useSearchParams();
  return (
    <Page
      title="Request Automotive Service"
      intro="Tell us about your vehicle and the problem. We'll connect you with certified mobile mechanics near you."
    >
      <div className="grid gap-8 lg:grid-cols-3">
        <RequestServiceForm initial={() => prefilledRequestForm(params)} />
        <RequestServiceAside />
      </div>
    </Page>
  );
}
