'use client';

import { useFormatter, useNow, useTranslations } from 'next-intl';
import { targetAreas } from '@/components/alert-form/target-areas';
import { TargetSummary } from '@/components/alert-form/target-summary';
import { MapView, type MapMarker } from '@/components/map/map-view';
import { useItemChanged } from '@/components/realtime/use-item-changed';
import { useDialogs } from '@/components/ui/dialogs';
import { formatDateTime } from '@/components/ui/format-date';
import { ListPage } from '@/components/ui/list-page';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { useApiData } from '@/components/ui/use-api-data';
import {
  positioningDevicesQuery,
  positioningQuery,
  type PositioningDevice,
  type PositioningState,
  type PositioningView,
} from './positioning-api';
import { POSITIONED_STATES, STATE_COLOURS, STATE_ORDER } from './state-colours';
import { ChipList, ColourChip } from '@/components/ui/colour-chip';
import panelStyles from '@/components/ui/panel.module.css';
import styles from './positionings.module.css';

/** The age of a last known position is told again every minute ("3 hours ago"). */
const AGE_UPDATE_MS = 60_000;

/**
 * /positionings/{id} (issue 17): who asked, why, when and whom; how many people are in each state; a map of the
 * positions that came back, coloured by state, over the target area; and every device asked, by state, with its answer
 * or the last known position and its age. Fills in live as answers arrive (positioningChanged).
 */
export function PositioningResultsPage({ positioningId }: { positioningId: string }) {
  const t = useTranslations('positionings');
  const dialogs = useDialogs();
  const onError = (error: unknown) => void dialogs.error(t('errorTitles.get'), t('results.loadErrorMessage'), error);
  const detail = useApiData(positioningQuery(positioningId), onError);
  const devices = useApiData(positioningDevicesQuery(positioningId), onError);
  const positioning = detail.state.status === 'loaded' ? detail.state.data : null;

  useItemChanged('positioningChanged', 'positioningId', positioningId, positioning !== null, () => {
    detail.reload();
    devices.reload();
  });

  return (
    <ListPage
      back={{ href: '/positionings', label: t('results.back') }}
      title={positioning ? positioning.reason : t('results.title')}
      state={detail.state}
      loadingLabel={t('results.loading')}
      errorMessage={t('results.loadErrorMessage')}
      onRetry={detail.reload}
      notFound={{ title: t('results.notFoundTitle'), description: t('results.notFoundDescription') }}
    >
      {(positioning) => (
        <div className={styles.results}>
          <PositioningHeader positioning={positioning} />
          <StateCounts positioning={positioning} />
          {devices.state.status === 'loading' && <Loading label={t('results.loading')} />}
          {devices.state.status === 'failed' && (
            <LoadFailed message={t('results.loadErrorMessage')} onRetry={devices.reload} />
          )}
          {devices.state.status === 'loaded' && (
            <>
              <ResultsMap positioning={positioning} devices={devices.state.data.items} />
              <DevicesByState devices={devices.state.data.items} />
            </>
          )}
        </div>
      )}
    </ListPage>
  );
}

function PositioningHeader({ positioning }: { positioning: PositioningView }) {
  const t = useTranslations('positionings');
  return (
    <section className={`card ${panelStyles.panel}`} aria-label={t('results.summaryLabel')}>
      <dl className={`${panelStyles.facts} ${styles.headerFacts}`}>
        <div>
          <dt>{t('results.askedBy')}</dt>
          <dd>{positioning.askedBy?.name ?? t('unknownAuthor')}</dd>
        </div>
        <div>
          <dt>{t('results.askedAt')}</dt>
          <dd>
            <time dateTime={positioning.createdAt}>{formatDateTime(positioning.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{positioning.closedAt ? t('results.closedAt') : t('results.answerBy')}</dt>
          <dd>
            <time dateTime={positioning.closedAt ?? positioning.answerBy}>
              {formatDateTime(positioning.closedAt ?? positioning.answerBy)}
            </time>
          </dd>
        </div>
        <div className={panelStyles.factWide}>
          <dt>{t('results.target')}</dt>
          <dd>
            <TargetSummary target={positioning.target} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** A state in its colour, optionally with a count. */
function StateChip({ state, count }: { state: PositioningState; count?: number }) {
  const t = useTranslations('positionings.states');
  return <ColourChip label={t(state)} colour={STATE_COLOURS[state]} count={count} data={{ 'data-state': state }} />;
}

/** The states a fresh position may have: inside or not in the area only when the positioning chose one. */
function positionedStatesOf(positioning: PositioningView): PositioningState[] {
  return targetAreas(positioning.target, '').length > 0 ? POSITIONED_STATES : ['found'];
}

/** How many of the people asked are in each state, and how many were found of them all. */
function StateCounts({ positioning }: { positioning: PositioningView }) {
  const t = useTranslations('positionings');
  const positioned = positionedStatesOf(positioning);
  const shown = STATE_ORDER.filter((state) => positioning.stats[state] > 0 || positioned.includes(state));
  return (
    <section className={`card ${panelStyles.panel}`} aria-labelledby="state-counts-title">
      <h2 id="state-counts-title">
        {t('found', { found: positioning.found, total: positioning.total })}
        {!positioning.closedAt && <span className={styles.waiting}> · {t('results.open')}</span>}
      </h2>
      <ChipList label={t('results.countsLabel')} testId="state-counts">
        {shown.map((state) => (
          <li key={state}>
            <StateChip state={state} count={positioning.stats[state]} />
          </li>
        ))}
      </ChipList>
    </section>
  );
}

/** The positions that came back, a pin each in the colour of its state, over the target's areas. */
function ResultsMap({ positioning, devices }: { positioning: PositioningView; devices: PositioningDevice[] }) {
  const t = useTranslations('positionings');
  const areas = targetAreas(positioning.target, t('results.unnamedArea'));
  const markers: MapMarker[] = devices.flatMap((device) =>
    device.position && POSITIONED_STATES.includes(device.state)
      ? [
          {
            id: device.resultId,
            lat: device.position.lat,
            lng: device.position.lng,
            name: t('results.markerName', { name: device.user.name, state: t(`states.${device.state}`) }),
            color: STATE_COLOURS[device.state],
          },
        ]
      : [],
  );
  return (
    <section className={`card ${panelStyles.panel}`} aria-labelledby="results-map-title">
      <h2 id="results-map-title">{t('results.mapTitle')}</h2>
      <MapView label={t('results.mapLabel')} areas={areas} markers={markers} search={false} className={styles.map} />
      <ChipList label={t('results.legendLabel')}>
        {positionedStatesOf(positioning).map((state) => (
          <li key={state}>
            <StateChip state={state} />
          </li>
        ))}
      </ChipList>
      {markers.length === 0 && <p className={panelStyles.note}>{t('results.noPositions')}</p>}
    </section>
  );
}

/** Every device asked, grouped by state: person, device, when it answered and how accurately, or where it was last seen. */
function DevicesByState({ devices }: { devices: PositioningDevice[] }) {
  const t = useTranslations('positionings');
  const groups = STATE_ORDER.map((state) => ({
    state,
    rows: devices.filter((device) => device.state === state),
  })).filter((group) => group.rows.length > 0);
  return (
    <section className={`card ${panelStyles.panel}`} aria-labelledby="devices-title">
      <h2 id="devices-title">{t('results.devicesTitle')}</h2>
      {groups.length === 0 && <p className="muted">{t('results.noDevices')}</p>}
      {groups.map(({ state, rows }) => (
        <section key={state} className={styles.group} aria-label={t(`states.${state}`)} data-testid={`group-${state}`}>
          <h3 className={styles.groupTitle}>
            <StateChip state={state} count={rows.length} />
          </h3>
          <ul className={styles.rows}>
            {rows.map((device) => (
              <DeviceRow key={device.resultId} device={device} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function DeviceRow({ device }: { device: PositioningDevice }) {
  const t = useTranslations('positionings.results');
  const format = useFormatter();
  const now = useNow({ updateInterval: AGE_UPDATE_MS });
  const accuracy = (metres: number | null) => (metres === null ? null : t('accuracy', { metres: Math.round(metres) }));
  const answer = device.position;
  const last = device.lastKnownPosition;
  return (
    <li className={styles.row} data-testid="positioning-device">
      <span className={styles.rowWho}>
        <span className={styles.person}>{device.user.name}</span>
        <span className="muted">
          {device.device ? device.device.name : device.state === 'outOfTarget' ? t('notAsked') : t('noDevice')}
        </span>
      </span>
      <span className={styles.rowAnswer}>
        {answer ? (
          <>
            {answer.respondedAt && (
              <time dateTime={answer.respondedAt}>{t('answeredAt', { time: formatDateTime(answer.respondedAt) })}</time>
            )}
            {accuracy(answer.accuracy) && <span>{accuracy(answer.accuracy)}</span>}
          </>
        ) : (
          <>
            {device.declined && <span>{t('declined')}</span>}
            {device.state !== 'pending' &&
              (last ? (
                <span>
                  {t('lastKnown', { age: format.relativeTime(new Date(last.recordedAt), now) })}
                  {accuracy(last.accuracy) && ` · ${accuracy(last.accuracy)}`}
                </span>
              ) : (
                <span className="muted">{t('noLastKnown')}</span>
              ))}
          </>
        )}
      </span>
    </li>
  );
}
