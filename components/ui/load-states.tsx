import { useTranslations } from 'next-intl';

/** A list or page still loading. */
export function Loading({ label }: { label: string }) {
  return (
    <p className="load-status" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

/** What stays on screen after the error dialog of a failed load: the reason and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useTranslations('common');
  return (
    <div className="card load-failed">
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
