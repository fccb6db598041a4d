import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { OwnProfile } from '@shared/schemas/profile';
import { Page } from '../../../components/page';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import { fromProfile, toUpdateInput, type ProfileFormState } from '../profile-form';
import { AboutCard } from './about-card';
import { ApprovalStatus } from './approval-status';
import { AvailabilityRatesCard } from './availability-rates-card';
import { ServiceAreaCard } from './service-area-card';
import { SpecialtiesCard } from './specialties-card';
import { PATHS } from '@shared/paths';

/**
 * The technician's own profile form; editable once the account is approved. `children` (other
 * features' cards, with their own forms) follow it.
 */
export function ProfileEditor({
  profile,
  children,
}: {
  profile: OwnProfile;
  children?: ReactNode;
}) {
  const [f, setF] = useState<ProfileFormState>(() => fromProfile(profile));
  const set = (patch: Partial<ProfileFormState>) => setF({ ...f, ...patch });
  const update = useUpdateProfile();
  const approved = profile.status === 'approved';

  const save = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(toUpdateInput(f), {
      onSuccess: () =>
        notify({ title: 'Profile Updated', description: 'Your changes have been saved.' }),
      onError: (err) =>
        notify({
          title: 'Update Failed',
          description: errorMessage(err, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Page
      title="My Technician Profile"
      intro={`${profile.firstName} ${profile.lastName} · ${profile.email}`}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to={PATHS.technicianVerifications}>My Verifications</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to={PATHS.technicianNotifications}>Job Notifications</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to={PATHS.paymentHistory}>Payment History</Link>
          </Button>
        </div>
      }
    >
      <ApprovalStatus profile={profile} />
      <form onSubmit={save}>
        <fieldset disabled={!approved || update.isPending} className="grid gap-6 lg:grid-cols-2">
          <AvailabilityRatesCard form={f} set={set} />
          <ServiceAreaCard form={f} set={set} currentLocation={profile.location} />
          <SpecialtiesCard form={f} set={set} />
          <AboutCard form={f} set={set} profile={profile} photoDisabled={!approved} />
          <div className="lg:col-span-2">
            <Button type="submit">{update.isPending ? 'Saving...' : 'Save Profile'}</Button>
          </div>
        </fieldset>
      </form>
      {children}
    </Page>
  );
}
