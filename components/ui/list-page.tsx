'use client';

import { useState, type ReactNode } from 'react';
import { BackLink } from './back-link';
import { useDialogs } from './dialogs';
import { EmptyState } from './empty-state';
import { PlusIcon } from './icons';
import { LoadFailed, Loading } from './load-states';
import { PageHeader } from './page-header';
import { useToast } from './toasts';
import type { ApiData } from './use-api-data';

interface PageFrameProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons beside the heading. */
  actions?: ReactNode;
  /** "‹ Back to …" above the heading (the page of one item). */
  back?: { href: string; label: string };
  /** Another class of the page's <main> besides console-page. */
  className?: string;
}

/** The frame of a console page: the back link, the heading with its actions, then the content (and any open dialog). */
export function ConsolePage({
  title,
  description,
  actions,
  back,
  className,
  children,
}: PageFrameProps & { children: ReactNode }) {
  return (
    <main className={className ? `console-page ${className}` : 'console-page'}>
      {back && <BackLink href={back.href} label={back.label} />}
      <PageHeader title={title} description={description} actions={actions} />
      {children}
    </main>
  );
}

export interface ListPageProps<T> extends PageFrameProps {
  /** What useApiData loaded. */
  state: ApiData<T>;
  loadingLabel: string;
  /** Shown with a retry button when the load failed. */
  errorMessage: string;
  onRetry: () => void;
  /** The page of one item: what to say when the API does not know it (404), instead of the error. */
  notFound?: { title: ReactNode; description: ReactNode };
  /** A list: when this says it is empty, the empty state (with `mainAction`) stands in for the content. */
  isEmpty?: (data: T) => boolean;
  emptyTitle?: ReactNode;
  emptyDescription?: ReactNode;
  /** The action that adds to the list ("New team"): beside the heading once the list has something, else in the empty state. */
  mainAction?: ReactNode;
  children: (data: T) => ReactNode;
  /** A dialog the page has open. */
  dialog?: ReactNode;
}

/** The "+ New …" button of a list page: its `mainAction`. */
export function NewItemButton({
  label,
  onClick,
  className,
}: {
  label: string;
  onClick: () => void;
  className?: string;
}) {
  return (
    <button type="button" className={className ? `button primary ${className}` : 'button primary'} onClick={onClick}>
      <PlusIcon />
      {label}
    </button>
  );
}

/**
 * The texts of a list page kept under the usual keys of its namespace: title, description, loading, loadErrorMessage,
 * emptyTitle and emptyDescription.
 */
export function listPageTexts(t: (key: string) => string) {
  return {
    title: t('title'),
    description: t('description'),
    loadingLabel: t('loading'),
    errorMessage: t('loadErrorMessage'),
    emptyTitle: t('emptyTitle'),
    emptyDescription: t('emptyDescription'),
  };
}

/**
 * A console page around one loaded answer (a list, or one item): its heading, the loading and failed states (a missing
 * item: `notFound`), an empty list's empty state, then the content.
 */
export function ListPage<T>({
  state,
  loadingLabel,
  errorMessage,
  onRetry,
  notFound,
  isEmpty,
  emptyTitle,
  emptyDescription,
  mainAction,
  children,
  dialog,
  actions,
  ...frame
}: ListPageProps<T>) {
  const empty = state.status === 'loaded' && isEmpty !== undefined && isEmpty(state.data);
  return (
    <ConsolePage {...frame} actions={actions ?? (state.status === 'loaded' && !empty ? mainAction : undefined)}>
      {state.status === 'loading' && <Loading label={loadingLabel} />}
      {state.status === 'failed' &&
        (state.notFound && notFound ? (
          <EmptyState title={notFound.title} description={notFound.description} />
        ) : (
          <LoadFailed message={errorMessage} onRetry={onRetry} />
        ))}
      {state.status === 'loaded' &&
        (empty ? (
          <EmptyState title={emptyTitle} description={emptyDescription} action={mainAction} />
        ) : (
          children(state.data)
        ))}
      {dialog}
    </ConsolePage>
  );
}

type Translate = (key: string, values?: Record<string, string>) => string;

export interface ListItemDelete<T> {
  /** The page's namespace: deleteTitle, deleteMessage and deleted (with {name}), delete, cancel, deleteErrorTitle, deleteErrorMessage. */
  t: Translate;
  idOf: (item: T) => string;
  nameOf: (item: T) => string;
  remove: (item: T) => Promise<unknown>;
  /** Takes the deleted item off the page. */
  onDeleted: (item: T) => void;
  /** Shows why the delete failed (default: the error dialog). */
  reportError?: (title: string, message: string, error: unknown) => Promise<void>;
}

/** Deleting one item of a list page: a warning to confirm, then the call (its item busy meanwhile), a toast or the error. */
export function useListItemDelete<T>({ t, idOf, nameOf, remove, onDeleted, reportError }: ListItemDelete<T>) {
  const dialogs = useDialogs();
  const toast = useToast();
  const [deletingId, setDeletingId] = useState<string | null>(null);

  async function confirmAndDelete(item: T) {
    const name = nameOf(item);
    const confirmed = await dialogs.text({
      type: 'warning',
      title: t('deleteTitle'),
      message: t('deleteMessage', { name }),
      confirmLabel: t('delete'),
      cancelLabel: t('cancel'),
    });
    if (!confirmed) return;
    setDeletingId(idOf(item));
    try {
      await remove(item);
      onDeleted(item);
      toast(t('deleted', { name }));
    } catch (error) {
      await (reportError ?? dialogs.error)(t('deleteErrorTitle'), t('deleteErrorMessage'), error);
    } finally {
      setDeletingId(null);
    }
  }

  return { deletingId, confirmAndDelete };
}
