import { FileText } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { useApplicationForm } from '../use-application-form';
import { DocumentsCard } from './documents-card';
import { PersonalInfoCard } from './personal-info-card';
import { ProfessionalInfoCard } from './professional-info-card';

/** The technician application: validated with the shared schema, documents uploaded first. */
export function ApplicationForm() {
  const f = useApplicationForm();
  return (
    <form onSubmit={f.onSubmit} noValidate className="space-y-8">
      <PersonalInfoCard {...f} />
      <ProfessionalInfoCard {...f} />
      <DocumentsCard {...f} />

      <div className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
        <p className="mb-2 flex items-center gap-2 font-semibold">
          <FileText className="h-4 w-4" aria-hidden="true" /> What happens next
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>We review your application within 2-3 business days.</li>
          <li>Our admin team verifies your credentials and background.</li>
          <li>You get an e-mail when your application status changes.</li>
          <li>Job notifications start once you are approved.</li>
        </ul>
      </div>

      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={f.submit.isPending}
        aria-describedby={f.failure.describedBy}
      >
        {f.submit.isPending ? 'Submitting Application...' : 'Submit Application'}
      </Button>
      <FormError id={f.failure.id} message={f.failure.message} />
    </form>
  );
}
