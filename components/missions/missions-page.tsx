'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { useCompanyEvents } from '@/components/realtime/use-company-events';
import { DataTable } from '@/components/ui/data-table';
import { useDialogs } from '@/components/ui/dialogs';
import { ConsolePage } from '@/components/ui/list-page';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { PagedTableSection } from '@/components/ui/paged-table-section';
import { Person } from '@/components/ui/person';
import { useApiData, type ApiData } from '@/components/ui/use-api-data';
import { isOverdue } from './countdown';
import { DateTime, MissionDescription } from './mission-texts';
import { MissionCountdown, useNow } from './mission-countdown';
import { MissionSubscribersSection } from './mission-subscribers-section';
import { activeMissionsQuery, FINISHED_PAGE_SIZE, finishedMissionsQuery, type Mission } from './missions-api';
import { useFinishMission } from './use-finish-mission';
import styles from './missions.module.css';

/** The cells both lists start with: the person (linked to the mission's page), the description, start and end. */
function MissionCells({ mission, columns }: { mission: Mission; columns: Record<string, string> }) {
  return (
    <>
      <td data-label={columns.person}>
        <Link href={`/missions/${mission.id}`} className={styles.personLink}>
          <Person name={mission.user.name} photo={mission.user.profilePhoto} />
        </Link>
      </td>
      <td data-label={columns.description}>
        <MissionDescription description={mission.description} />
      </td>
      <td data-label={columns.started}>
        <DateTime iso={mission.startedAt} />
      </td>
      <td data-label={columns.endTime}>
        <DateTime iso={mission.endTime} />
      </td>
    </>
  );
}

/**
 * /missions (admins, feature `mission`): the active missions with a live countdown (overdue ones marked, until someone
 * finishes them), the finished ones page by page, and the mission alarm subscribers. Both lists load again on a new or
 * finished mission and when the live connection comes back.
 */
export function MissionsPage() {
  const t = useTranslations('missions');
  const dialogs = useDialogs();
  const now = useNow();
  const [page, setPage] = useState(1);
  const onError = (error: unknown) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error);
  const active = useApiData(activeMissionsQuery, onError);
  const finished = useApiData(finishedMissionsQuery(page), onError);
  const reloadActive = active.reload;
  const reloadFinished = finished.reload;
  const reload = () => {
    reloadActive();
    reloadFinished();
  };
  useCompanyEvents(true, { kinds: ['newMission', 'missionFinished'], onEvent: reload, onReconnect: reload });
  const { finishingId, confirmAndFinish } = useFinishMission(reload);

  const columns = {
    person: t('columns.person'),
    description: t('columns.description'),
    started: t('columns.started'),
    endTime: t('columns.endTime'),
    timeLeft: t('columns.timeLeft'),
    finishedAt: t('columns.finishedAt'),
  };

  /** What a list section shows instead of its table: loading, the failure with a retry, or that the list is empty. */
  function stateNote<T>(state: ApiData<T>, retry: () => void, emptyNote: (data: T) => ReactNode) {
    if (state.status === 'loading') return <Loading label={t('loading')} />;
    if (state.status === 'failed') return <LoadFailed message={t('loadErrorMessage')} onRetry={retry} />;
    return emptyNote(state.data);
  }

  return (
    <ConsolePage title={t('title')} description={t('description')} className={styles.page}>
      <PagedTableSection
        label={t('active.heading')}
        toolbar={<h2 className={styles.tableHeading}>{t('active.heading')}</h2>}
        count={
          active.state.status === 'loaded' ? t('active.count', { count: active.state.data.items.length }) : undefined
        }
        empty={stateNote(active.state, reloadActive, (data) => data.items.length === 0 && t('active.empty'))}
      >
        {active.state.status === 'loaded' && (
          <DataTable
            columns={[columns.person, columns.description, columns.started, columns.endTime, columns.timeLeft, '']}
            caption={t('active.heading')}
            stacked
          >
            {active.state.data.items.map((mission) => {
              const overdue = isOverdue(mission, now);
              return (
                <tr
                  key={mission.id}
                  data-testid="active-mission"
                  data-overdue={overdue || undefined}
                  className={overdue ? styles.overdueRow : undefined}
                >
                  <MissionCells mission={mission} columns={columns} />
                  <td data-label={columns.timeLeft}>
                    <span className={styles.timeLeft}>
                      <MissionCountdown endTime={mission.endTime} now={now} />
                      {overdue && (
                        <span className={styles.stateTag} data-state="overdue">
                          {t('overdue')}
                        </span>
                      )}
                    </span>
                  </td>
                  <td className={styles.actionCell}>
                    <button
                      type="button"
                      className="button"
                      disabled={finishingId !== null}
                      aria-label={t('finish.buttonFor', { name: mission.user.name })}
                      onClick={() => confirmAndFinish(mission)}
                    >
                      {t('finish.button')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </PagedTableSection>

      <PagedTableSection
        label={t('finished.heading')}
        toolbar={<h2 className={styles.tableHeading}>{t('finished.heading')}</h2>}
        count={
          finished.state.status === 'loaded'
            ? t('finished.count', { count: finished.state.data.total ?? 0 })
            : undefined
        }
        empty={stateNote(finished.state, reloadFinished, (data) => data.items.length === 0 && t('finished.empty'))}
        pager={
          finished.state.status === 'loaded'
            ? { page, pageSize: FINISHED_PAGE_SIZE, total: finished.state.data.total ?? 0, onPage: setPage }
            : undefined
        }
      >
        {finished.state.status === 'loaded' && (
          <DataTable
            columns={[columns.person, columns.description, columns.started, columns.endTime, columns.finishedAt]}
            caption={t('finished.heading')}
            stacked
          >
            {finished.state.data.items.map((mission) => (
              <tr key={mission.id} data-testid="finished-mission">
                <MissionCells mission={mission} columns={columns} />
                <td data-label={columns.finishedAt}>
                  {mission.finishedAt && <DateTime iso={mission.finishedAt} />}
                  {mission.expiredAt && (
                    <span className={styles.stateTag} data-state="overdue">
                      {t('finished.late')}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </PagedTableSection>

      <MissionSubscribersSection />
    </ConsolePage>
  );
}
