'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { searchable } from '@/lib/text/searchable';
import styles from './alert-form.module.css';

/** Above this many options a search box filters them. */
const SEARCH_FROM = 8;

export interface ChecklistOption {
  id: string;
  name: string;
  detail?: ReactNode;
}

/** A list of checkboxes (teams, locations) with a search box when it is long; `chosen` are the ticked ids. */
export function Checklist({
  label,
  options,
  chosen,
  onChange,
  invalid,
  describedBy,
}: {
  label: string;
  options: ChecklistOption[];
  chosen: string[];
  onChange: (ids: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const t = useTranslations('newAlert.recipients');
  const [query, setQuery] = useState('');
  const needle = searchable(query.trim());
  const shown = needle ? options.filter((option) => searchable(option.name).includes(needle)) : options;
  const toggle = (id: string, on: boolean) => onChange(on ? [...chosen, id] : chosen.filter((other) => other !== id));
  return (
    <div className={styles.checklist}>
      {options.length > SEARCH_FROM && (
        <input
          className="input"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('search')}
          aria-label={t('searchIn', { list: label })}
        />
      )}
      {/* The group wraps the list: a role on the <ul> itself would take its list semantics from its items. */}
      <div role="group" aria-label={label} aria-invalid={invalid || undefined} aria-describedby={describedBy}>
        <ul className={styles.checklistItems}>
          {shown.map((option) => (
            <li key={option.id}>
              <label className={styles.checklistOption}>
                <input
                  type="checkbox"
                  checked={chosen.includes(option.id)}
                  onChange={(event) => toggle(option.id, event.target.checked)}
                />
                <span className={styles.checklistName}>{option.name}</span>
                {option.detail && <span className={styles.checklistDetail}>{option.detail}</span>}
              </label>
            </li>
          ))}
          {shown.length === 0 && <li className={styles.checklistEmpty}>{t('noMatches', { query: query.trim() })}</li>}
        </ul>
      </div>
    </div>
  );
}
