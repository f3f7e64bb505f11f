import { useTranslations } from 'next-intl';

/** A list or page still loading; `className` places it (instead of the plain load-status line). */
export function Loading({ label, className = 'load-status' }: { label: string; className?: string }) {
  return (
    <p className={className} role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

/**
 * What stays on screen after the error dialog of a failed load: the reason and a way to try again. `className` places
 * it (instead of a card of its own).
 */
export function LoadFailed({
  message,
  onRetry,
  className = 'card load-failed',
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  const t = useTranslations('common');
  return (
    <div className={className}>
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
