import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { BRAND } from '@shared/brand';
import { toE164 } from '@shared/phone-parse';
import { contactMessageSchema } from '@shared/schemas/contact';
import { Page } from '../components/page';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { FieldError } from '../components/ui/form';
import { FormError, useFormError } from '../components/ui/form-error';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { PhoneLink } from '../components/ui/phone-link';
import { Textarea } from '../components/ui/textarea';
import { useSendContactMessage } from '../features/contact/api/send-contact-message';
import { notify } from '../lib/toast';

const empty = { name: '', email: '', phone: '', subject: '', message: '' };
type Key = keyof typeof empty;

export default function ContactUs() {
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const send = useSendContactMessage();
  const failure = useFormError();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    failure.clear();
    const parsed = contactMessageSchema.safeParse(form);
    if (!parsed.success) {
      const errs: typeof errors = {};
      for (const i of parsed.error.issues) errs[i.path[0] as Key] ??= i.message;
      setErrors(errs);
      return;
    }
    setErrors({});
    send.mutate(form, {
      onSuccess: () => {
        notify({
          title: 'Message Sent Successfully',
          description: "Thank you for contacting us. We'll get back to you soon!",
        });
        setForm(empty);
      },
      onError: (err) =>
        notify({
          title: 'Failed to Send Message',
          description: failure.report(err, 'Please try again or contact us directly.'),
          variant: 'destructive',
        }),
    });
  };
  const field = (key: Key) => ({
    id: `contact-form-${key}`,
    value: form[key],
    'aria-invalid': !!errors[key],
    'aria-describedby': errors[key] ? `contact-form-${key}-error` : undefined,
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }),
  });

  return (
    <Page
      title="Contact Us"
      intro="Questions about a repair, your account or joining as a technician? We're here to help."
    >
      <div className="grid gap-8 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardContent className="pt-6">
            <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-1.5">
                <Label htmlFor="contact-form-name">Name</Label>
                <Input {...field('name')} autoComplete="name" />
                <FieldError id="contact-form-name-error" message={errors.name} />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="contact-form-email">Email</Label>
                <Input {...field('email')} type="email" autoComplete="email" />
                <FieldError id="contact-form-email-error" message={errors.email} />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="contact-form-phone">Phone (optional)</Label>
                <Input {...field('phone')} type="tel" autoComplete="tel" />
                <FieldError id="contact-form-phone-error" message={errors.phone} />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="contact-form-subject">Subject</Label>
                <Input {...field('subject')} />
                <FieldError id="contact-form-subject-error" message={errors.subject} />
              </div>
              <div className="space-y-1.5 sm:col-span-2">
                <Label htmlFor="contact-form-message">Message</Label>
                <Textarea {...field('message')} rows={6} />
                <FieldError id="contact-form-message-error" message={errors.message} />
              </div>
              <div className="sm:col-span-2">
                <Button
                  type="submit"
                  disabled={send.isPending}
                  aria-describedby={failure.describedBy}
                >
                  {send.isPending ? 'Sending...' : 'Send Message'}
                </Button>
                <FormError id={failure.id} message={failure.message} />
              </div>
            </form>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Get in Touch</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4 text-sm">
            <p className="flex gap-2">
              <Mail className="h-4 w-4 text-brand-600" aria-hidden="true" />
              <a href={`mailto:${BRAND.supportEmail}`} className="text-brand-700 hover:underline">
                {BRAND.supportEmail}
              </a>
            </p>
            <p className="flex gap-2">
              <Phone className="h-4 w-4 text-brand-600" aria-hidden="true" />
              <PhoneLink
                phone={toE164(BRAND.supportPhone) ?? BRAND.supportPhone}
                className="text-brand-700"
              />
            </p>
            <p className="flex gap-2">
              <MapPin className="h-4 w-4 text-brand-600" aria-hidden="true" />
              Service area: {BRAND.serviceArea}
            </p>
            <p className="flex gap-2">
              <Clock className="h-4 w-4 text-brand-600" aria-hidden="true" />
              We respond within 24 hours on business days.
            </p>
          </CardContent>
        </Card>
      </div>
    </Page>
  );
}
