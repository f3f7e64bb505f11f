'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { ApiCallError } from '@/lib/http/client';

/**
 * The error dialog of a failed save: "Missing Geofence" for an answer with code missingGeofence, the explanation of
 * a refused drawing for invalidGeofence, else the spec's "Error Saving Location" title with `fallbackMessage`.
 */
export function useLocationSaveError() {
  const t = useTranslations('locations.form');
  const dialogs = useDialogs();
  return useCallback(
    (error: unknown) => {
      const code = error instanceof ApiCallError ? error.code : undefined;
      if (code === 'missingGeofence')
        return dialogs.error(t('missingGeofenceTitle'), t('missingGeofenceMessage'), error);
      return dialogs.error(
        t('errorTitle'),
        code === 'invalidGeofence' ? t('invalidGeofence') : t('errorMessage'),
        error,
      );
    },
    [dialogs, t],
  );
}
