'use client';

import type { ReactNode } from 'react';
import { BackLink } from './back-link';
import { EmptyState } from './empty-state';
import { LoadFailed, Loading } from './load-states';
import { PageHeader } from './page-header';
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
export function ConsolePage({ title, description, actions, back, className, children }: PageFrameProps & { children: ReactNode }) {
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
  /** A list: when it is empty, this empty state (with `mainAction`) stands in for the content. */
  empty?: { when: (data: T) => boolean; title: ReactNode; description: ReactNode };
  /** The action that adds to the list ("New team"): beside the heading once the list has something, else in the empty state. */
  mainAction?: ReactNode;
  children: (data: T) => ReactNode;
  /** A dialog the page has open. */
  dialog?: ReactNode;
}

/**
 * A console page around one loaded answer (a list, or one item): its heading, the loading and failed states (a missing
 * item: `notFound`), an empty list's empty state, then the content.
 */
export function ListPage<T>({ state, loadingLabel, errorMessage, onRetry, notFound, empty, mainAction, children, dialog, actions, ...frame }: ListPageProps<T>) {
  const isEmpty = state.status === 'loaded' && empty !== undefined && empty.when(state.data);
  return (
    <ConsolePage {...frame} actions={actions ?? (state.status === 'loaded' && !isEmpty ? mainAction : undefined)}>
      {state.status === 'loading' && <Loading label={loadingLabel} />}
      {state.status === 'failed' && (state.notFound && notFound ? <EmptyState title={notFound.title} description={notFound.description} /> : <LoadFailed message={errorMessage} onRetry={onRetry} />)}
      {state.status === 'loaded' && (isEmpty && empty ? <EmptyState title={empty.title} description={empty.description} action={mainAction} /> : children(state.data))}
      {dialog}
    </ConsolePage>
  );
}
