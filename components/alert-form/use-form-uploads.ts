'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { formatFileSize } from '@/lib/alerts/format-file-size';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '@/lib/attachments/attachment-caps';
import { useAttachmentUploads, type UploadProblem } from '@/components/alerts/attachments/use-attachment-uploads';

/**
 * The uploads of a form with the attachments field (a new alert, a scenario): files go up under `base`; too many or too
 * large files become the field's `notice`, a failed upload an error dialog.
 */
export function useFormUploads(base: string) {
  const t = useTranslations('newAlert.attachments');
  const locale = useLocale();
  const dialogs = useDialogs();
  const [notice, setNotice] = useState<string | null>(null);
  const onProblem = useCallback(
    (problem: UploadProblem) => {
      if (problem.kind === 'tooMany') setNotice(t('tooMany', { count: MAX_ATTACHMENTS }));
      else if (problem.kind === 'tooLarge')
        setNotice(t('tooLarge', { name: problem.name, size: formatFileSize(MAX_ATTACHMENT_BYTES, locale) }));
      else void dialogs.error(t('uploadErrorTitle'), t('uploadErrorMessage'), problem.error);
    },
    [t, locale, dialogs],
  );
  const uploads = useAttachmentUploads(base, onProblem);
  const clearNotice = useCallback(() => setNotice(null), []);
  return { uploads, notice, clearNotice };
}
