import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { OwnProfile } from '@shared/schemas/profile';
import { Page } from '../../../components/page';
import { Button } from '../../../components/ui/button';
import { serverErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import {
  checkProfile,
  fromProfile,
  PROFILE_FIELDS,
  type ProfileErrors,
  type ProfileFormState,
} from '../profile-form';
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
  const [errors, setErrors] = useState<ProfileErrors>({});
  // An edited field's message goes (and the form's, which may no longer hold).
  const set = (patch: Partial<ProfileFormState>) => {
    setF({ ...f, ...patch });
    setErrors(({ form: _form, ...rest }) => {
      const next: ProfileErrors = { ...rest };
      for (const k of Object.keys(patch)) delete next[k as keyof ProfileErrors];
      if (patch.baseKind) {
        delete next.zipCode;
        delete next.location;
      }
      return next;
    });
  };
  const update = useUpdateProfile();
  const approved = profile.status === 'approved';

  const save = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkProfile(f);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    update.mutate(checked.body, {
      onSuccess: () =>
        notify({ title: 'Profile Updated', description: 'Your changes have been saved.' }),
      onError: (err) =>
        setErrors(
          serverErrors(err, PROFILE_FIELDS, 'Your profile could not be saved. Please try again.'),
        ),
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
      <form onSubmit={save} noValidate>
        <fieldset disabled={!approved || update.isPending} className="grid gap-6 lg:grid-cols-2">
          <AvailabilityRatesCard form={f} set={set} errors={errors} />
          <ServiceAreaCard form={f} set={set} errors={errors} currentLocation={profile.location} />
          <SpecialtiesCard form={f} set={set} errors={errors} profile={profile} />
          <AboutCard
            form={f}
            set={set}
            errors={errors}
            profile={profile}
            photoDisabled={!approved}
          />
          <div className="space-y-2 lg:col-span-2">
            {Object.keys(errors).length > 0 && (
              <p role="alert" className="text-sm text-destructive">
                {errors.form ?? 'Please correct the fields marked above.'}
              </p>
            )}
            <Button type="submit">{update.isPending ? 'Saving...' : 'Save Profile'}</Button>
          </div>
        </fieldset>
      </form>
      {children}
    </Page>
  );
}
