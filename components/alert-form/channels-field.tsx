'use client';

import { useTranslations } from 'next-intl';
import { HowToGetPlan } from '@/components/settings/how-to-get-plan';
import { CHANNELS, type Channel } from './alert-form';
import styles from './alert-form.module.css';

/**
 * Push, SMS and voice as checkbox cards; at least one is needed (spec §5). Voice calls need the Enterprise plan:
 * otherwise the card is disabled and says so.
 */
export function ChannelsField({
  value,
  onChange,
  voiceAllowed,
  error,
}: {
  value: Channel[];
  onChange: (channels: Channel[]) => void;
  voiceAllowed: boolean;
  error?: string;
}) {
  const t = useTranslations('newAlert.channels');
  const names = useTranslations('alerts.channels');
  const toggle = (channel: Channel, on: boolean) =>
    onChange(CHANNELS.filter((other) => (other === channel ? on : value.includes(other))));
  return (
    <fieldset
      className={styles.fieldset}
      aria-describedby={error ? 'channels-error' : undefined}
      aria-invalid={error ? true : undefined}
      tabIndex={-1}
      id="field-channels"
    >
      <legend className={styles.legend}>{t('legend')}</legend>
      <div className={styles.choiceGrid}>
        {CHANNELS.map((channel) => {
          const disabled = channel === 'voice' && !voiceAllowed;
          return (
            <label key={channel} className={`${styles.choiceCard}${disabled ? ` ${styles.choiceDisabled}` : ''}`}>
              <input
                type="checkbox"
                name="channels"
                value={channel}
                checked={value.includes(channel)}
                disabled={disabled}
                onChange={(event) => toggle(channel, event.target.checked)}
                aria-labelledby={`channel-${channel}-name`}
                aria-describedby={`channel-${channel}-hint`}
              />
              <span id={`channel-${channel}-name`} className={`${styles.choiceHead} ${styles.choiceName}`}>
                {names(channel)}
              </span>
              <span id={`channel-${channel}-hint`} className={styles.choiceHint}>
                {disabled ? t('voiceNeedsEnterprise') : t(`hints.${channel}`)}
              </span>
            </label>
          );
        })}
      </div>
      {!voiceAllowed && <HowToGetPlan />}
      {error && (
        <p id="channels-error" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
