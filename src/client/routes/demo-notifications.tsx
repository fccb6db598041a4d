import { Link } from 'react-router';
import { Page } from '../components/page';
import { Button } from '../components/ui/button';
import { FormError, reportActionError, useFormError } from '../components/ui/form-error';
import type { DemoRequest } from '../features/dispatch/demo-request';
import { useCreateServiceRequest } from '../features/service-requests/form/api/create-service-request';
import { CustomDemoRequest } from '../features/dispatch/components/custom-demo-request';
import { DemoPresets } from '../features/dispatch/components/demo-presets';
import { notify } from '../lib/toast';
import { PATHS } from '@shared/paths';

export default function DemoNotifications() {
  // The server's refusal (a rate limit, say) stays on the page until the next request.
  const error = useFormError();
  const create = useCreateServiceRequest<DemoRequest>({
    onMutate: () => error.clear(),
    onSuccess: (created) => {
      const n = created.notifiedTechnicians;
      notify({
        title: 'Demo Service Request Created!',
        description: `Request #${created.id}: ${n} ${n === 1 ? 'technician was' : 'technicians were'} notified and ${n === 1 ? 'has' : 'have'} 5 minutes to respond.`,
      });
    },
    onError: (err) =>
      error.report(
        null,
        reportActionError(err, 'Error', 'Failed to create demo service request. Please try again.'),
      ),
  });

  return (
    <Page
      title="Demo Job Notifications"
      intro="Create a service request and watch it reach the nearest qualified technicians: up to 5 are notified and have 5 minutes to respond; the job is assigned when one accepts."
      actions={
        <Button variant="outline" asChild>
          <Link to={PATHS.technicianNotifications}>Open Job Notifications</Link>
        </Button>
      }
    >
      <FormError id={error.id} message={error.message} />
      <DemoPresets disabled={create.isPending} onSend={(preset) => create.mutate(preset)} />
      <CustomDemoRequest
        pending={create.isPending}
        onSend={(form, onCreated) => create.mutate(form, { onSuccess: onCreated })}
      />
    </Page>
  );
}
