import { useState } from 'react';
import { FieldError } from '../../../../components/ui/form';
import { Label } from '../../../../components/ui/label';
import { Textarea } from '../../../../components/ui/textarea';

/**
 * The state of a dialog around one text the technician writes (a message, a reason): what is
 * typed stays when the dialog is dismissed, its error does not.
 */
export function useTextDialog(id: string) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onOpenChange = (o: boolean) => {
    setOpen(o);
    if (!o) setError(undefined);
  };
  return {
    /** The text field's id. */
    id,
    open,
    text,
    setText,
    error,
    setError,
    /** For the dialog's `onOpenChange`. */
    onOpenChange,
    /** Dismissed by its own button: as by Escape. */
    close: () => onOpenChange(false),
    /** The text is refused: said under it, and the cursor put back in it. */
    invalid: (message: string) => {
      setError(message);
      document.getElementById(id)?.focus();
    },
    /** The server took it: the dialog closes, and opens empty next time. */
    done: () => {
      setOpen(false);
      setText('');
    },
  };
}

/** The dialog's text field, its label, and its error under it. */
export function TextDialogField({
  label,
  rows,
  maxLength,
  dialog,
}: {
  label: string;
  rows: number;
  maxLength: number;
  dialog: ReturnType<typeof useTextDialog>;
}) {
  const { id } = dialog;
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        rows={rows}
        maxLength={maxLength}
        value={dialog.text}
        aria-invalid={!!dialog.error}
        aria-describedby={dialog.error ? errorId : undefined}
        onChange={(e) => dialog.setText(e.target.value)}
      />
      <FieldError id={errorId} message={dialog.error} />
    </div>
  );
}
