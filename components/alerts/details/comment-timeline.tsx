'use client';

import { useTranslations } from 'next-intl';
import { Person } from '@/components/ui/person';
import { formatDateTime } from '@/components/ui/format-date';
import type { AlertComment } from '../alert-api';
import { AttachmentList } from '../attachments/attachment-list';
import styles from '../alerts.module.css';

/** The alert's timeline (GET /api/alerts/{id}/comments, oldest first): comments, updates and positions, with their files. */
export function CommentTimeline({ comments }: { comments: AlertComment[] }) {
  const t = useTranslations('alerts');
  if (comments.length === 0) return <p className={styles.timelineEmpty}>{t('timeline.empty')}</p>;
  return (
    <ol className={styles.timeline} aria-label={t('timeline.title')}>
      {comments.map((comment) => (
        <li key={comment.timelineId} className={styles.timelineItem} data-type={comment.messageType}>
          <div className={styles.timelineHead}>
            <Person name={comment.author ?? t('timeline.unknownAuthor')} photo={comment.photo} />
            <span className={`${styles.kind} ${styles[`kind-${comment.messageType}`] ?? ''}`}>
              {t(`timeline.kinds.${comment.messageType}`)}
            </span>
            <time className={styles.timelineTime} dateTime={comment.created}>
              {formatDateTime(comment.created)}
            </time>
          </div>
          {comment.message && <p className={styles.timelineMessage}>{comment.message}</p>}
          <AttachmentList attachments={comment.attachments} label={t('attachments.label')} />
          {comment.completes && <p className={styles.closedMark}>{t('timeline.closedIt')}</p>}
        </li>
      ))}
    </ol>
  );
}
