import { useState, type FormEvent } from 'react';
import type { Technician } from '@shared/schemas/technicians';
import { ServiceTypeSelect } from '../../components/service-type-select';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { FieldError } from '../../components/ui/form';
import { FormError, useFormError } from '../../components/ui/form-error';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { notify } from '../../lib/toast';
import { useContactTechnician } from './api/contact-technician';

const empty = { customerName: '', customerEmail: '', serviceType: '', message: '' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function ContactDialog({
  technician,
  onClose,
}: {
  technician: Technician | null;
  onClose: () => void;
}) {
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof empty, string>>>({});
  const contact = useContactTechnician();
  const failure = useFormError();
  const close = () => {
    setForm(empty);
    setErrors({});
    failure.clear();
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!technician) return;
    failure.clear();
    const errs: typeof errors = {};
    if (!form.customerName.trim()) errs.customerName = 'Name is required';
    if (!EMAIL.test(form.customerEmail.trim()))
      errs.customerEmail = 'Please enter a valid email address';
    if (!form.message.trim()) errs.message = 'Message is required';
    setErrors(errs);
    if (Object.keys(errs).length) return;
    contact.mutate(
      { ...form, technicianId: technician.id, serviceType: form.serviceType || undefined },
      {
        onSuccess: () => {
          notify({
            title: 'Contact request sent!',
            description: 'The technician will get back to you soon.',
          });
          close();
        },
        onError: (err) =>
          notify({
            title: 'Error',
            description: failure.report(err, 'Failed to send contact request. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  const field = (key: keyof typeof empty) => ({
    id: `contact-${key}`,
    value: form[key],
    'aria-invalid': !!errors[key],
    'aria-describedby': errors[key] ? `contact-${key}-error` : undefined,
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }),
  });

  return (
    <Dialog open={!!technician} onOpenChange={(o) => !o && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            Contact {technician ? `${technician.user.firstName} ${technician.user.lastName}` : ''}
          </DialogTitle>
          <DialogDescription>
            Send a message and the technician will get back to you.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-3" noValidate>
          <div className="space-y-1.5">
            <Label htmlFor="contact-customerName">Your Name</Label>
            <Input {...field('customerName')} autoComplete="name" />
            <FieldError id="contact-customerName-error" message={errors.customerName} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="contact-customerEmail">Email</Label>
            <Input {...field('customerEmail')} type="email" autoComplete="email" />
            <FieldError id="contact-customerEmail-error" message={errors.customerEmail} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="contact-serviceType">Service Type (optional)</Label>
            <ServiceTypeSelect {...field('serviceType')} placeholder="Select a service" />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="contact-message">Message</Label>
            <Textarea {...field('message')} placeholder="Describe what you need help with" />
            <FieldError id="contact-message-error" message={errors.message} />
          </div>
          <Button
            type="submit"
            className="w-full"
            disabled={contact.isPending}
            aria-describedby={failure.describedBy}
          >
            {contact.isPending ? 'Sending...' : 'Send Message'}
          </Button>
          <FormError id={failure.id} message={failure.message} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
