'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { errorMessages } from './error-messages';
import { CloseIcon, ErrorIcon, InfoIcon, WarningIcon } from './icons';

// Dialogs of spec §2: a text dialog (info, warning or error; optional cancel; optional verification phrase), the
// error dialog (title, message ending in "Errors:" and the server's messages) and an image preview. One at a time,
// in the order asked; native <dialog> opened with showModal() keeps focus inside and closes on Escape.

export type TextDialogType = 'info' | 'warning' | 'error';

export interface TextDialogOptions {
  type: TextDialogType;
  title: string;
  message: string;
  confirmLabel?: string;
  /** Shows a cancel button with this label (a dialog without it only informs). */
  cancelLabel?: string;
  /** Confirm stays disabled until the typed text equals this phrase. */
  verificationPhrase?: string;
  /** A page where the person can act on the message (the seats in the company settings); following it closes the dialog. */
  link?: { href: string; label: string };
}

export interface Dialogs {
  text(options: TextDialogOptions): Promise<boolean>;
  /**
   * `explained`: the message already says in the person's words what the server said (a known code), so the dialog
   * does not repeat it under "Errors:".
   */
  error(title: string, message: string, error: unknown, options?: { explained?: boolean }): Promise<void>;
  image(src: string, alt: string): void;
}

type Request =
  | { id: number; kind: 'text'; options: TextDialogOptions; resolve: (confirmed: boolean) => void }
  | { id: number; kind: 'error'; title: string; message: string; messages: string[]; resolve: () => void }
  | { id: number; kind: 'image'; src: string; alt: string };

type NewRequest = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

const DialogsContext = createContext<Dialogs | null>(null);

export function useDialogs(): Dialogs {
  const dialogs = useContext(DialogsContext);
  if (!dialogs) throw new Error('useDialogs() needs <DialogsProvider> (mounted in app/layout.tsx)');
  return dialogs;
}

export function DialogsProvider({ children }: { children: ReactNode }) {
  const t = useTranslations();
  const [queue, setQueue] = useState<Request[]>([]);
  const nextId = useRef(1);

  const push = useCallback((request: NewRequest) => {
    setQueue((current) => [...current, { ...request, id: nextId.current++ } as Request]);
  }, []);

  const dialogs = useMemo<Dialogs>(
    () => ({
      text: (options) => new Promise<boolean>((resolve) => push({ kind: 'text', options, resolve })),
      error: (title, message, error, options) =>
        new Promise<void>((resolve) => {
          const messages = errorMessages(error, (key, values) => t(key, values));
          // The session ended: the browser is already going to /loggedOut, which says so.
          if (messages === null) resolve();
          else push({ kind: 'error', title, message, messages: options?.explained ? [] : messages, resolve });
        }),
      image: (src, alt) => push({ kind: 'image', src, alt }),
    }),
    [push, t],
  );

  const current = queue[0];
  const close = (confirmed: boolean) => {
    if (current?.kind === 'text') current.resolve(confirmed);
    if (current?.kind === 'error') current.resolve();
    setQueue((all) => all.slice(1));
  };

  return (
    <DialogsContext.Provider value={dialogs}>
      {children}
      {current?.kind === 'text' && <TextDialog key={current.id} options={current.options} onClose={close} />}
      {current?.kind === 'error' && (
        <ErrorDialog
          key={current.id}
          title={current.title}
          message={current.message}
          messages={current.messages}
          onClose={() => close(false)}
        />
      )}
      {current?.kind === 'image' && (
        <ImageDialog key={current.id} src={current.src} alt={current.alt} onClose={() => close(false)} />
      )}
    </DialogsContext.Provider>
  );
}

/** A modal <dialog>: opened on mount, Escape (the cancel event) and a click on the backdrop answer `onDismiss`. */
export function Modal({
  className,
  labelledBy,
  describedBy,
  onDismiss,
  children,
}: {
  className: string;
  labelledBy?: string;
  describedBy?: string;
  onDismiss: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`dialog ${className}`}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onDismiss();
      }}
    >
      {children}
    </dialog>
  );
}

const DIALOG_ICONS = { info: InfoIcon, warning: WarningIcon, error: ErrorIcon } satisfies Record<
  TextDialogType,
  unknown
>;

function DialogIcon({ type }: { type: TextDialogType }) {
  const Glyph = DIALOG_ICONS[type];
  return (
    <span className={`dialog-icon ${type}`} aria-hidden="true">
      <Glyph size={22} />
    </span>
  );
}

function TextDialog({ options, onClose }: { options: TextDialogOptions; onClose: (confirmed: boolean) => void }) {
  const t = useTranslations('dialogs');
  const [typed, setTyped] = useState('');
  const needsPhrase = options.verificationPhrase !== undefined;
  const confirmDisabled = needsPhrase && typed !== options.verificationPhrase;
  return (
    <Modal
      className={options.type}
      labelledBy="dialog-title"
      describedBy="dialog-message"
      onDismiss={() => onClose(false)}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (!confirmDisabled) onClose(true);
        }}
      >
        <div className="dialog-body">
          <DialogIcon type={options.type} />
          <div className="dialog-text">
            <h2 id="dialog-title">{options.title}</h2>
            <p id="dialog-message">{options.message}</p>
            {options.link && (
              <p>
                <Link href={options.link.href} onClick={() => onClose(false)}>
                  {options.link.label}
                </Link>
              </p>
            )}
            {needsPhrase && (
              <div className="field">
                <label htmlFor="dialog-verification">
                  {t.rich('verificationLabel', {
                    phrase: options.verificationPhrase ?? '',
                    strong: (chunks) => <strong>{chunks}</strong>,
                  })}
                </label>
                <input
                  id="dialog-verification"
                  className="input"
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                  autoComplete="off"
                  autoFocus
                  spellCheck={false}
                />
              </div>
            )}
          </div>
        </div>
        <div className="dialog-actions">
          {options.cancelLabel && (
            <button type="button" className="button" onClick={() => onClose(false)} autoFocus={!needsPhrase}>
              {options.cancelLabel}
            </button>
          )}
          <button
            type="submit"
            className={`button ${options.type === 'error' || options.type === 'warning' ? 'danger' : 'primary'}`}
            disabled={confirmDisabled}
            autoFocus={!needsPhrase && !options.cancelLabel}
          >
            {options.confirmLabel ?? t('ok')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function ErrorDialog({
  title,
  message,
  messages,
  onClose,
}: {
  title: string;
  message: string;
  messages: string[];
  onClose: () => void;
}) {
  const t = useTranslations('dialogs');
  return (
    <Modal className="error" labelledBy="dialog-title" describedBy="dialog-message" onDismiss={onClose}>
      <div className="dialog-body">
        <DialogIcon type="error" />
        <div className="dialog-text">
          <h2 id="dialog-title">{title}</h2>
          <div id="dialog-message">
            {messages.length === 0 ? (
              <p>{message}</p>
            ) : (
              <>
                <p>
                  {message} {t('errors')}
                </p>
                <ul className="dialog-errors">
                  {messages.map((text, index) => (
                    <li key={index}>{text}</li>
                  ))}
                </ul>
              </>
            )}
          </div>
        </div>
      </div>
      <div className="dialog-actions">
        <button type="button" className="button primary" onClick={onClose} autoFocus>
          {t('ok')}
        </button>
      </div>
    </Modal>
  );
}

function ImageDialog({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const t = useTranslations('dialogs');
  return (
    <Modal className="image" onDismiss={onClose}>
      <figure className="dialog-image">
        {}
        <img src={src} alt={alt} />
        {alt && <figcaption>{alt}</figcaption>}
      </figure>
      <button type="button" className="icon-button dialog-close" onClick={onClose} aria-label={t('close')} autoFocus>
        <CloseIcon size={20} />
      </button>
    </Modal>
  );
}
