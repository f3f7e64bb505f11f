'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { HTML_LANG, isLocale } from '@/lib/i18n/locales';
import type { ChartDay } from './dashboard-api';
import { DashboardCard } from './dashboard-card';
import styles from './dashboard.module.css';

/** "2026-11-21" as a Date at noon UTC, so formatting in UTC never shifts the day. */
const dayDate = (day: string) => new Date(`${day}T12:00:00Z`);

/** The first day of each month, and the first day shown when its month has room for a label (half a month or more). */
function monthStarts(days: ChartDay[]): string[] {
  const starts = days.filter((d) => d.date.endsWith('-01')).map((d) => d.date);
  const firstStart = days.findIndex((d) => d.date.endsWith('-01'));
  return days.length > 0 && (firstStart === -1 || firstStart >= 15) ? [days[0].date, ...starts] : starts;
}

/** Alerts per day over the last 91 days; the axis marks the first day of each month with the month's name. */
export function AlertsChart({ days }: { days: ChartDay[] }) {
  const t = useTranslations('dashboard.chart');
  const locale = useLocale();
  const tag = isLocale(locale) ? HTML_LANG[locale] : 'en-US';
  const { monthTicks, monthName, dayName, total } = useMemo(() => {
    const month = new Intl.DateTimeFormat(tag, { month: 'short', timeZone: 'UTC' });
    const day = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    return {
      monthTicks: monthStarts(days),
      monthName: (value: string) => month.format(dayDate(value)),
      dayName: (value: string) => day.format(dayDate(value)),
      total: days.reduce((sum, d) => sum + d.count, 0),
    };
  }, [days, tag]);

  return (
    <DashboardCard
      name="chart"
      title={t('title')}
      className={styles.chartCard}
      badge={<span className={styles.countBadge}>{t('total', { count: total })}</span>}
    >
      <p className="sr-only">{t('summary', { count: total, days: days.length })}</p>
      <div className={styles.chart} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={days}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
            barCategoryGap={1}
          >
            <CartesianGrid vertical={false} stroke="var(--border-soft)" />
            <XAxis
              dataKey="date"
              ticks={monthTicks}
              tickFormatter={monthName}
              interval={0}
              tickLine={false}
              axisLine={{ stroke: 'var(--border)' }}
              tick={{ fontSize: 12, fill: 'var(--text-subtle)' }}
            />
            <YAxis
              allowDecimals={false}
              domain={[0, (max: number) => Math.max(max, 2)]}
              tickLine={false}
              axisLine={false}
              width={48}
              tick={{ fontSize: 12, fill: 'var(--text-subtle)' }}
            />
            <Tooltip
              cursor={{ fill: 'var(--brand-soft)' }}
              labelFormatter={(label) => dayName(String(label))}
              formatter={(value) => [value, t('alerts')]}
              contentStyle={{ borderRadius: 8, border: '1px solid var(--border)', fontSize: 13 }}
            />
            <Bar dataKey="count" fill="var(--brand)" radius={[2, 2, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </DashboardCard>
  );
}
