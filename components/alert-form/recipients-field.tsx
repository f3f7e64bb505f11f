'use client';

import { useTranslations } from 'next-intl';
import { CheckboxField } from '@/components/ui/form';
import { NARROWABLE_MODES, RECIPIENT_MODES, type RecipientsChoice, type RecipientsMode } from './alert-form';
import { AreaChoice } from './area-choice';
import { LocationChoice } from './location-choice';
import { PeopleChoice } from './people-choice';
import { TeamChoice } from './team-choice';
import styles from './alert-form.module.css';

/** What the field says about the choice when it is not an alert's recipients (a positioning's people to locate). */
export interface RecipientsWording {
  legend: string;
  hint: (mode: RecipientsMode) => string;
  onlyAtLocationsHint: string;
  /** The people picker's heading and intro. */
  pickerTitle: string;
  pickerIntro: string;
}

/**
 * Who gets the alert: the whole company, teams, chosen people, saved locations or an area drawn on the map (one kind
 * at a time), and the picker of the chosen kind; teams and people may be narrowed to those at chosen saved locations.
 * The same target model picks whom a positioning locates (`wording`).
 */
export function RecipientsField({
  value,
  onChange,
  error,
  wording,
}: {
  value: RecipientsChoice;
  onChange: (change: Partial<RecipientsChoice>) => void;
  error?: string;
  wording?: RecipientsWording;
}) {
  const t = useTranslations('newAlert.recipients');
  const errorId = error ? 'recipients-error' : undefined;
  return (
    <fieldset className={styles.fieldset} id="field-recipients" tabIndex={-1} aria-describedby={errorId}>
      <legend className={styles.legend}>{wording ? wording.legend : t('modeLabel')}</legend>
      <div className={styles.modes}>
        {RECIPIENT_MODES.map((mode: RecipientsMode) => (
          <label key={mode} className={styles.mode}>
            <input
              type="radio"
              name="recipientsMode"
              value={mode}
              checked={value.mode === mode}
              onChange={() => onChange({ mode })}
            />
            <span>{t(`modes.${mode}`)}</span>
          </label>
        ))}
      </div>
      <p className="field-hint">{wording ? wording.hint(value.mode) : t(`modeHints.${value.mode}`)}</p>
      {value.mode === 'teams' && (
        <TeamChoice chosen={value.teamIds} onChange={(teamIds) => onChange({ teamIds })} errorId={errorId} />
      )}
      {value.mode === 'users' && (
        <PeopleChoice
          chosen={value.people}
          onChange={(people) => onChange({ people })}
          errorId={errorId}
          picker={wording && { title: wording.pickerTitle, intro: wording.pickerIntro }}
        />
      )}
      {NARROWABLE_MODES.includes(value.mode) && (
        <CheckboxField
          label={t('onlyAtLocations')}
          name="onlyAtLocations"
          checked={value.onlyAtLocations}
          onChange={(onlyAtLocations) => onChange({ onlyAtLocations })}
          hint={wording ? wording.onlyAtLocationsHint : t('onlyAtLocationsHint')}
        />
      )}
      {(value.mode === 'locations' || (NARROWABLE_MODES.includes(value.mode) && value.onlyAtLocations)) && (
        <LocationChoice
          chosen={value.locationIds}
          onChange={(locationIds) => onChange({ locationIds })}
          errorId={errorId}
        />
      )}
      {value.mode === 'area' && (
        <AreaChoice
          area={value.area}
          name={value.areaName}
          onArea={(area) => onChange({ area })}
          onName={(areaName) => onChange({ areaName })}
          errorId={errorId}
        />
      )}
      {error && (
        <p id="recipients-error" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
