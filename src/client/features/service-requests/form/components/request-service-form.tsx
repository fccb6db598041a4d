import { useRef, useState, type FormEvent } from 'react';
import { CANCELLATION_POLICY } from '@shared/cancellation';
import { isNotServedMessage } from '@shared/constants/service-area';
import { ServiceAreaWaitlist } from '../../../../components/service-area-waitlist';
import { useNavigate } from 'react-router';
import type { Vehicle } from '@shared/schemas/vehicles';
import type { ServiceType } from '@shared/constants/service-types';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent } from '../../../../components/ui/card';
import { FieldError } from '../../../../components/ui/form';
import { FormError, useFormError } from '../../../../components/ui/form-error';
import { notify } from '../../../../lib/toast';
import { useCreateServiceRequest } from '../api/create-service-request';
import {
  blankRequestForm,
  requestBody,
  serverFieldErrors,
  validateRequestForm,
  vehicleFields,
  type RequestForm,
  type RequestFormErrors,
} from '../service-request-form';
import { ArrivalWindowPicker } from './arrival-window-picker';
import { FirstChoiceNotice } from './first-choice-notice';
import { ServiceRequestFields } from './service-request-fields';
import {
  photosUploading,
  photoTokens,
  RequestPhotosField,
  type PhotoSlot,
} from './request-photos-field';
import { focusFirstError } from '../../../../lib/focus-first-error';

/**
 * The Request Service form, starting from `initial` (the quick search's prefill, and a signed-in
 * customer's contact details and vehicle). Once sent, the request's page takes over.
 */
export function RequestServiceForm({
  initial,
  vehicles = [],
  firstChoice = null,
  onSendToAll,
}: {
  initial: () => RequestForm;
  /** The signed-in customer's saved vehicles, offered in a picker. */
  vehicles?: Vehicle[];
  /** The technician the request goes to first (from their profile), if any. */
  firstChoice?: { id: number; name: string; services: readonly ServiceType[] } | null;
  /** Drops `firstChoice`: the request goes to everyone nearby. */
  onSendToAll?: () => void;
}) {
  const [form, setForm] = useState<RequestForm>(() => offeredOnly(initial(), firstChoice));
  const [errors, setErrors] = useState<RequestFormErrors>({});
  const submit = useCreateServiceRequest();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const failure = useFormError();
  const [photos, setPhotos] = useState<PhotoSlot[]>([]);
  // The arrival windows picked (none: as soon as possible).
  const [windows, setWindows] = useState<{ start: string; end: string }[]>([]);
  const uploading = photosUploading(photos);

  const pickVehicle = (id: string) => {
    setForm({ ...form, ...vehicleFields(vehicles.find((v) => String(v.id) === id)) });
    setErrors({});
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    failure.clear();
    const found = validateRequestForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError(formRef.current);
    const tokens = photoTokens(photos);
    submit.mutate(
      {
        ...requestBody(form),
        ...(tokens.length > 0 && { photos: tokens }),
        ...(firstChoice && { preferredTechnicianId: firstChoice.id }),
        ...(windows.length > 0 && { requestedWindows: windows }),
      },
      {
        onSuccess: (created) => {
          notify({
            title: 'Service request submitted!',
            description: "We'll match you with qualified technicians in your area.",
          });
          // The request's page (with its signed link): reference, live dispatch, what comes next.
          // Focus goes to the page's title (a screen reader reads where the request is now).
          void navigate(created.requestPath, { state: { submitted: true } });
        },
        onError: (err) => {
          const fieldErrors = serverFieldErrors(err);
          if (Object.keys(fieldErrors).length > 0) {
            setErrors(fieldErrors);
            focusFirstError(formRef.current);
            return;
          }
          // Not a field's: the server's own message (a 429's wait) stays by the button.
          const description = failure.report(
            err,
            'Failed to submit service request. Please try again.',
          );
          notify({ title: 'Error', description, variant: 'destructive' });
        },
      },
    );
  };

  const field = (key: keyof RequestForm) => ({
    id: `rs-${key}`,
    value: form[key],
    'aria-invalid': !!errors[key],
    'aria-describedby': errors[key] ? `rs-${key}-error` : undefined,
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }),
  });
  const err = (key: keyof RequestForm) => (
    <>
      <FieldError id={`rs-${key}-error`} message={errors[key]} />
      {key === 'location' && errors.location && isNotServedMessage(errors.location) && (
        <ServiceAreaWaitlist location={form.location} email={form.email} />
      )}
    </>
  );

  return (
    <Card className="lg:col-span-2">
      <CardContent className="pt-6">
        <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          {firstChoice && (
            <FirstChoiceNotice name={firstChoice.name} onSendToAll={() => onSendToAll?.()} />
          )}
          <ServiceRequestFields
            field={field}
            err={err}
            vehicles={vehicles}
            pickVehicle={pickVehicle}
            services={firstChoice?.services}
          />
          <ArrivalWindowPicker
            serviceType={form.serviceType}
            location={form.location}
            technicianId={firstChoice?.id ?? null}
            value={windows}
            onChange={setWindows}
          />
          <RequestPhotosField slots={photos} setSlots={setPhotos} />
          <p className="text-sm text-slate-600 sm:col-span-2" data-testid="cancellation-policy">
            {CANCELLATION_POLICY}
          </p>
          <div className="flex flex-wrap gap-3 sm:col-span-2">
            <Button
              type="submit"
              disabled={submit.isPending || uploading}
              aria-describedby={failure.describedBy}
            >
              {submit.isPending
                ? 'Submitting...'
                : uploading
                  ? 'Uploading photos...'
                  : 'Submit Request'}
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setForm(blankRequestForm);
                setPhotos([]);
                setWindows([]);
                setErrors({});
              }}
            >
              Clear Form
            </Button>
            <FormError id={failure.id} message={failure.message} />
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/**
 * A request to one technician starts from a service they do: a prefilled one they do not is
 * dropped, and their only service is chosen for the customer.
 */
function offeredOnly(
  form: RequestForm,
  firstChoice: { services: readonly ServiceType[] } | null,
): RequestForm {
  if (!firstChoice) return form;
  const { services } = firstChoice;
  if (services.includes(form.serviceType as ServiceType)) return form;
  return { ...form, serviceType: services.length === 1 ? services[0]! : '' };
}
