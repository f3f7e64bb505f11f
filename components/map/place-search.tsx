'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { SearchIcon } from '@/components/ui/icons';
import { ApiCallError } from '@/lib/http/client';
import type { PlaceResult } from '@/lib/map/map-layers';
import { mapApi } from './map-api';
import styles from './map.module.css';

/** The status shown in the "map search error" dialog (spec §8): the geocoder's own, else the answer's. */
export function searchErrorStatus(error: unknown): number {
  if (!(error instanceof ApiCallError)) return 0;
  return typeof error.body?.status === 'number' ? error.body.status : error.status;
}

/** The place search box: the map goes to the chosen result (the first at once). */
export function PlaceSearch({ onPlace }: { onPlace: (place: PlaceResult) => void }) {
  const t = useTranslations('map.search');
  const dialogs = useDialogs();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<PlaceResult[] | null>(null);
  const [searched, setSearched] = useState('');

  async function search(event: FormEvent) {
    event.preventDefault();
    const query = text.trim();
    if (!query || busy) return;
    setBusy(true);
    try {
      const answer = await mapApi.search(query);
      setSearched(query);
      setResults(answer.results);
      if (answer.results[0]) onPlace(answer.results[0]);
    } catch (error) {
      setResults(null);
      await dialogs.error(t('errorTitle'), t('errorMessage', { status: searchErrorStatus(error) }), error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.search}>
      <form role="search" onSubmit={search} className={styles.searchForm}>
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('placeholder')}
          aria-label={t('label')}
          maxLength={200}
          className={styles.searchInput}
        />
        <button type="submit" className={styles.mapButton} disabled={busy} aria-label={t('submit')}>
          <SearchIcon />
        </button>
      </form>
      {results !== null && results.length === 0 && (
        <p role="status" className={styles.searchNote}>
          {t('noResults', { query: searched })}
        </p>
      )}
      {results !== null && results.length > 1 && (
        <ul className={styles.searchResults} aria-label={t('results')}>
          {results.map((place) => (
            <li key={`${place.lat},${place.lng},${place.name}`}>
              <button type="button" onClick={() => onPlace(place)}>
                {place.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
