'use client';

import type { ReactNode } from 'react';
import { Modal } from './dialogs';
import { DialogHeading } from './form-dialog';
import styles from './form-dialog.module.css';

/**
 * A modal that shows something (no form): its heading, an optional intro, the content, and one button that closes it.
 * Escape and the backdrop close it too.
 */
export function ContentDialog({
  id,
  title,
  intro,
  closeLabel,
  onClose,
  primary = false,
  className,
  children,
}: {
  /** Prefix of the heading's and the intro's ids. */
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  closeLabel: string;
  onClose: () => void;
  /** The close button is the primary action ("Done"), not a plain "Close". */
  primary?: boolean;
  /** The dialog's own class (its width) instead of the form dialog's. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <Modal
      className={className ?? styles.dialog}
      labelledBy={`${id}-title`}
      describedBy={intro ? `${id}-intro` : undefined}
      onDismiss={onClose}
    >
      <div className={`dialog-content ${styles.content}`}>
        <DialogHeading id={id} title={title} intro={intro} />
        {children}
      </div>
      <div className="dialog-actions">
        <button type="button" className={primary ? 'button primary' : 'button'} onClick={onClose} autoFocus>
          {closeLabel}
        </button>
      </div>
    </Modal>
  );
}
