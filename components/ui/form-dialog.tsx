'use client';

import type { FormEvent, ReactNode } from 'react';
import { Modal } from './dialogs';
import { FormError, SubmitButton } from './form';
import styles from './form-dialog.module.css';

export interface FormDialogProps {
  /** Prefix of the heading's and the intro's ids (`<id>-title`, `<id>-intro`). */
  id: string;
  title: ReactNode;
  /** A line under the heading that describes the dialog. */
  intro?: ReactNode;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  submitLabel: ReactNode;
  cancelLabel: string;
  /** The submit button spins and is disabled while the form is sent. */
  busy: boolean;
  submitDisabled?: boolean;
  /** A message about the whole form, under the fields. */
  error?: string | null;
  /** Less space between the heading, the intro and the fields. */
  dense?: boolean;
  /** The dialog's own class (its width and layout) instead of the form dialog's. */
  className?: string;
  /** Another class of the content (the part above the actions). */
  contentClassName?: string;
  /** The fields. */
  children: ReactNode;
}

/** A modal form: heading, intro, fields and an error, then cancel and submit. Escape and the backdrop cancel. */
export function FormDialog({
  id,
  title,
  intro,
  onSubmit,
  onClose,
  submitLabel,
  cancelLabel,
  busy,
  submitDisabled,
  error,
  dense = false,
  className,
  contentClassName,
  children,
}: FormDialogProps) {
  const layout = dense ? styles.dense : styles.content;
  return (
    <Modal
      className={className ?? styles.dialog}
      labelledBy={`${id}-title`}
      describedBy={intro ? `${id}-intro` : undefined}
      onDismiss={onClose}
    >
      <form onSubmit={onSubmit} noValidate>
        <div className={`dialog-content ${layout}${contentClassName ? ` ${contentClassName}` : ''}`}>
          <DialogHeading id={id} title={title} intro={intro} />
          {children}
          <FormError message={error} />
        </div>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {cancelLabel}
          </button>
          <SubmitButton busy={busy} disabled={submitDisabled}>
            {submitLabel}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}

/** A dialog's heading (`<id>-title`) and the line under it (`<id>-intro`), for its aria-labelledby and -describedby. */
export function DialogHeading({ id, title, intro }: { id: string; title: ReactNode; intro?: ReactNode }) {
  return (
    <>
      <h2 id={`${id}-title`}>{title}</h2>
      {intro && (
        <p id={`${id}-intro`} className="muted">
          {intro}
        </p>
      )}
    </>
  );
}
