/**
 * After an invalid submit: focus the form's first field marked `aria-invalid="true"` and scroll
 * it to the middle of the screen, so its message (under it) is in view and is read out. Call it
 * from the submit handler with the form (`e.currentTarget`) right after setting the errors: it
 * waits for the next frame, when React has drawn them. Browser only (it runs in event handlers).
 */
export function focusFirstError(form: Element | null | undefined) {
  if (!form) return;
  requestAnimationFrame(() => {
    const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: 'center' });
  });
}
