'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { LayersIcon } from '@/components/ui/icons';
import { MAP_LAYERS, type MapLayer } from '@/lib/map/map-layers';
import styles from './map.module.css';

/** The layer menu (spec §2 Map): a button opening a radio list of road, satellite, hybrid and terrain. */
export function LayerMenu({ layer, onChange }: { layer: MapLayer; onChange: (layer: MapLayer) => void }) {
  const t = useTranslations('map');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className={styles.layerMenu} ref={root}>
      <button
        type="button"
        className={styles.mapButton}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <LayersIcon />
        <span>{t('layers.button')}</span>
      </button>
      {open && (
        <fieldset id={menuId} className={styles.layerList}>
          <legend className="sr-only">{t('layers.legend')}</legend>
          {MAP_LAYERS.map((option) => (
            <label key={option} className={styles.layerOption}>
              <input
                type="radio"
                name={`${menuId}-layer`}
                value={option}
                checked={layer === option}
                onChange={() => onChange(option)}
                // A pointer choice closes the menu; arrow keys move through the layers and Escape closes it.
                onClick={(event) => event.detail > 0 && setOpen(false)}
              />
              {t(`layers.${option}`)}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
