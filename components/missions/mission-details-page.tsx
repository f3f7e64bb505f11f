'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { MapView } from '@/components/map/map-view';
import { useCompanyEvents } from '@/components/realtime/use-company-events';
import { useDialogs } from '@/components/ui/dialogs';
import { formatDateTime } from '@/components/ui/format-date';
import { ListPage } from '@/components/ui/list-page';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { Person } from '@/components/ui/person';
import { SectionCard } from '@/components/ui/section-card';
import { useApiData } from '@/components/ui/use-api-data';
import { isOverdue } from './countdown';
import { DateTime, MissionDescription } from './mission-texts';
import { MissionCountdown, useNow } from './mission-countdown';
import { lastPositionQuery, missionQuery, type Mission } from './missions-api';
import { useFinishMission } from './use-finish-mission';
import styles from './missions.module.css';

type MissionState = 'ongoing' | 'overdue' | 'finished';

function stateOf(mission: Mission, now: number): MissionState {
  if (mission.status === 'finished') return 'finished';
  return isOverdue(mission, now) ? 'overdue' : 'ongoing';
}

/** Where the mission's person was last seen, on the map, with how long ago and from which device. */
function LastPosition({ mission, now }: { mission: Mission; now: number }) {
  const t = useTranslations('missions.details');
  const format = useFormatter();
  const dialogs = useDialogs();
  const { state, reload } = useApiData(
    lastPositionQuery(mission.user.userId),
    (error) => void dialogs.error(t('positionErrorTitle'), t('positionErrorMessage'), error),
  );
  const position = state.status === 'loaded' ? state.data.position : null;
  return (
    <SectionCard id="mission-position" title={t('positionHeading')}>
      {state.status === 'loading' && <Loading label={t('positionLoading')} />}
      {state.status === 'failed' && <LoadFailed message={t('positionErrorMessage')} onRetry={reload} />}
      {state.status === 'loaded' && !position && <p className={styles.subtle}>{t('noPosition')}</p>}
      {position && (
        <>
          <p className={styles.positionAge} data-testid="mission-position-age">
            {t('positionAge', {
              age: format.relativeTime(new Date(position.recordedAt), now),
              time: formatDateTime(position.recordedAt),
            })}
            {position.deviceName && (
              <span className={styles.subtle}>{t('device', { device: position.deviceName })}</span>
            )}
            {position.accuracy !== null && (
              <span className={styles.subtle}>{t('accuracy', { meters: Math.round(position.accuracy) })}</span>
            )}
          </p>
          <MapView
            label={t('mapLabel', { name: mission.user.name })}
            markers={[{ id: mission.user.userId, lat: position.lat, lng: position.lng, name: mission.user.name }]}
          />
        </>
      )}
    </SectionCard>
  );
}

/**
 * /missions/{id} (admins, feature `mission`): one mission — the person, the description, the times, its state with the
 * live countdown — the person's last known position on the map, and finishing it after a confirmation.
 */
export function MissionDetailsPage({ missionId }: { missionId: string }) {
  const t = useTranslations('missions');
  const dialogs = useDialogs();
  const now = useNow();
  const { state, reload, setData } = useApiData(
    missionQuery(missionId),
    (error) => void dialogs.error(t('loadErrorTitle'), t('details.loadErrorMessage'), error),
  );
  // newMission also announces a moved end time (PUT /api/missions/{id} from the responder).
  useCompanyEvents(true, {
    kinds: ['newMission', 'missionFinished'],
    onEvent: (_kind, payload) => {
      if (payload.missionId === missionId) reload();
    },
    onReconnect: reload,
  });
  const { finishingId, confirmAndFinish } = useFinishMission(setData);
  const mission = state.status === 'loaded' ? state.data : null;

  return (
    <ListPage
      back={{ href: '/missions', label: t('details.back') }}
      title={mission ? t('details.heading', { name: mission.user.name }) : t('details.title')}
      state={state}
      loadingLabel={t('details.loading')}
      errorMessage={t('details.loadErrorMessage')}
      onRetry={reload}
      notFound={{ title: t('details.notFoundTitle'), description: t('details.notFoundDescription') }}
      actions={
        mission &&
        mission.status !== 'finished' && (
          <button
            type="button"
            className="button primary"
            disabled={finishingId !== null}
            onClick={() => confirmAndFinish(mission)}
          >
            {t('finish.button')}
          </button>
        )
      }
    >
      {(loaded) => {
        const missionState = stateOf(loaded, now);
        return (
          <div className={styles.detailsLayout}>
            <SectionCard id="mission" title={t('details.missionHeading')}>
              <div className={styles.personLine}>
                <Person name={loaded.user.name} photo={loaded.user.profilePhoto} className={styles.bigPerson} />
                <span className={styles.stateTag} data-state={missionState} data-testid="mission-state">
                  {t(`details.state.${missionState}`)}
                </span>
              </div>
              <dl className={styles.facts}>
                <div>
                  <dt>{t('columns.description')}</dt>
                  <dd>
                    <MissionDescription description={loaded.description} />
                  </dd>
                </div>
                <div>
                  <dt>{t('columns.started')}</dt>
                  <dd>
                    <DateTime iso={loaded.startedAt} />
                  </dd>
                </div>
                <div>
                  <dt>{t('columns.endTime')}</dt>
                  <dd>
                    <DateTime iso={loaded.endTime} />
                  </dd>
                </div>
                {loaded.status === 'finished' ? (
                  <div>
                    <dt>{t('columns.finishedAt')}</dt>
                    <dd>{loaded.finishedAt && <DateTime iso={loaded.finishedAt} />}</dd>
                  </div>
                ) : (
                  <div>
                    <dt>{t('columns.timeLeft')}</dt>
                    <dd>
                      <MissionCountdown endTime={loaded.endTime} now={now} />
                    </dd>
                  </div>
                )}
                {loaded.expiredAt && (
                  <div>
                    <dt>{t('details.alarmRaised')}</dt>
                    <dd>
                      <DateTime iso={loaded.expiredAt} />
                    </dd>
                  </div>
                )}
              </dl>
            </SectionCard>
            <LastPosition mission={loaded} now={now} />
          </div>
        );
      }}
    </ListPage>
  );
}
