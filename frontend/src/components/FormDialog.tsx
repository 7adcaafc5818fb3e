import Alert from '@mui/material/Alert';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import { styled } from '@mui/material/styles';
import { Fragment, useEffect, useId, useRef, useState, type ComponentProps, type ReactNode, type Ref } from 'react';

import { useMobileLayout } from '../lib/useMobileLayout';

// A dialog that holds a form (a user, a shopping list, an approval rule or budget, a decision's reason), and the
// parts such forms share: the form element, a two-column grid of fields, the error said above the fields, and the
// focus of the field a refusal is about.

export interface FormDialogProps<Target> {
  /** The dialog is open while there is a target: what it edits, or the decision it takes. */
  target: Target | null;
  maxWidth?: DialogProps['maxWidth'];
  onClose(): void;
  /** The form of one opening; `titleId` is its DialogTitle's id, which labels the dialog. */
  children(target: Target, titleId: string): ReactNode;
}

/**
 * business §2: a click outside does not close the dialog (what was typed would be lost); Escape and Cancel do. Full
 * screen on the mobile layout. A new form for every opening, so that nothing typed before is left in it; it stays
 * drawn while the dialog closes (its fade) instead of collapsing to an empty box.
 */
export function FormDialog<Target>({ target, maxWidth = 'sm', onClose, children }: FormDialogProps<Target>) {
  const titleId = useId();
  const mobile = useMobileLayout();
  const [shown, setShown] = useState<{ target: Target; opening: number } | null>(null);
  if (target !== null && shown?.target !== target) setShown({ target, opening: (shown?.opening ?? 0) + 1 });
  return (
    <Dialog
      open={target !== null}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={mobile}
    >
      {shown && <Fragment key={shown.opening}>{children(shown.target, titleId)}</Fragment>}
    </Dialog>
  );
}

/** The form holds the dialog's title, content and actions: it keeps the dialog's column, so that the content scrolls. */
export const DialogForm = styled('form')({ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 });

const FieldsGrid = styled('div', { shouldForwardProp: (prop) => prop !== 'mobile' })<{ mobile: boolean }>(({ theme, mobile }) => ({
  display: 'grid',
  gridTemplateColumns: mobile ? '1fr' : 'repeat(2, minmax(0, 1fr))',
  gap: theme.spacing(2),
  // Room above the first outlined field's floating label.
  paddingTop: theme.spacing(1),
  '& > .wide': { gridColumn: '1 / -1' },
}));

/** A dialog form's fields in two columns (one on the mobile layout); a field with the class `wide` spans both. */
export function DialogFields(props: ComponentProps<'div'>) {
  const mobile = useMobileLayout();
  return <FieldsGrid mobile={mobile} {...props} />;
}

/** A refusal the form's fields do not show, above them; it takes the focus (`useFormFocus`'s `formErrorRef`). */
export function FormErrorAlert({ message, ref }: { message: string | null; ref: Ref<HTMLDivElement> }) {
  if (!message) return null;
  return (
    <Alert severity="error" ref={ref} tabIndex={-1} sx={{ mb: 2 }}>
      {message}
    </Alert>
  );
}

/**
 * The focus of a form whose fields are disabled while it saves: `refFor(name)` registers a field's input, `focusNow`
 * focuses one at once (a problem found before saving), `focusLater` once the form is enabled again (a refusal of
 * the server); `focusLater('form')` focuses the FormErrorAlert.
 */
export function useFormFocus(saving: boolean) {
  const inputs = useRef<Record<string, HTMLElement | null>>({});
  const formErrorRef = useRef<HTMLDivElement>(null);
  const [focusField, setFocusField] = useState<string | null>(null);

  useEffect(() => {
    if (focusField && !saving) {
      if (focusField === 'form') formErrorRef.current?.focus();
      else inputs.current[focusField]?.focus();
      setFocusField(null);
    }
  }, [focusField, saving]);

  const refFor = (name: string) => (element: HTMLElement | null) => {
    inputs.current[name] = element;
  };
  const focusNow = (name: string) => inputs.current[name]?.focus();
  return { refFor, formErrorRef, focusNow, focusLater: setFocusField };
}
