import Papa from 'papaparse';
import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { answerView } from '@/lib/answers/answer-view';
import { optionLabels } from '@/lib/answers/option-labels';
import { storedResponseOptions } from '@/lib/answers/response-options';
import type { Ctx } from '@/lib/context';
import type { NamedFile } from '@/lib/http-parts/answers';
import { LONG_LIST_PAGE_SIZE } from '@/lib/http-parts/paging';
import { messageTranslator, type Translate } from '@/lib/i18n/message-translator';
import { LOCALES } from '@/lib/i18n/locales';
import { failureReasonParts } from '@/lib/providers/failure-reasons';
import { canManageAlert } from './can-manage-alert';
import { csvSeparator, exporterLocale, spreadsheetTime } from './export-alerts';
import { findVisibleAlert, type alertIdParams } from './find-visible-alert';
import { readDeliveryRows } from './list-deliveries';
import { receiptTag } from './receipt-tag';

export const exportDeliveriesQuery = z.object({ locale: z.enum(LOCALES).optional() });

type Input = z.output<typeof alertIdParams> & z.output<typeof exportDeliveriesQuery>;

const when = (iso: string | null) => spreadsheetTime(iso === null ? null : new Date(iso));

/** "SMS", "SMS (fallback)", "Voice (contact cycle, round 2)": as the report tags a receipt. */
function channelWords(t: Translate, receipt: { channel: string; fallback: boolean; round: number }): string {
  const name = t(`channels.${receipt.channel}`);
  const tag = receiptTag(receipt);
  return tag ? `${name} (${t(`delivery.${tag}`, { round: receipt.round })})` : name;
}

/**
 * GET /api/alerts/{id}/deliveries/export (the sender and admins): every recipient of the alert as a CSV row, by name —
 * phone, delivery status, when they confirmed, their latest answer with its channel and time (when the alert asked),
 * and each channel's state, failure reason and times — in the exporter's language, formula cells escaped.
 */
export async function exportDeliveries(ctx: Ctx, input: Input): Promise<NamedFile<string>> {
  const alert = await findVisibleAlert(ctx, input.id, { id: true, authorId: true, responseOptions: true, title: true });
  if (!canManageAlert(ctx, alert))
    throw ApiError.forbidden('Only an admin or the sender can export the delivery report');
  const options = storedResponseOptions(alert.responseOptions);
  const locale = await exporterLocale(ctx, input.locale);
  const { language, t } = await messageTranslator(locale, 'alerts');
  const answerWords = (await messageTranslator(locale, 'answers')).t;
  const labels = await optionLabels(options, locale);

  const fields = [
    t('delivery.columns.name'),
    t('delivery.columns.phone'),
    t('delivery.columns.status'),
    t('delivery.export.confirmedAt'),
    ...(options.length
      ? [
          answerWords('answer'),
          answerWords('export.kind'),
          answerWords('export.channel'),
          answerWords('export.answeredAt'),
        ]
      : []),
    t('delivery.export.channel'),
    t('delivery.export.state'),
    t('delivery.export.reason'),
    t('delivery.export.sentAt'),
    t('delivery.export.deliveredAt'),
    t('delivery.export.receivedAt'),
  ];
  const data: (string | number)[][] = [];
  for (let skip = 0; ; skip += LONG_LIST_PAGE_SIZE) {
    const rows = await readDeliveryRows(ctx, alert.id, {}, { skip, take: LONG_LIST_PAGE_SIZE });
    for (const row of rows) {
      const answer = answerView(row, options);
      const person = [
        row.name,
        row.phone ?? '',
        t(`deliveryStatus.${row.status}`),
        spreadsheetTime(row.receivedAt),
        ...(options.length
          ? answer
            ? [
                labels[answer.option - 1] ?? '',
                answerWords(`kinds.${answer.kind}`),
                answerWords(`channels.${answer.channel}`),
                when(answer.answeredAt),
              ]
            : ['', answerWords('kinds.none'), '', '']
          : []),
      ];
      // One row per channel the person was sent on (a person alerted on no channel still has their row).
      const receipts = row.channels.length ? row.channels : [null];
      for (const receipt of receipts) {
        data.push([
          ...person,
          receipt ? channelWords(t, receipt) : '',
          receipt ? t(`receiptState.${receipt.state}`) : '',
          receipt?.error
            ? failureReasonParts(receipt.error)
                .map((part) => ('code' in part ? t(`failureReason.${part.code}`) : part.text))
                .join('; ')
            : '',
          when(receipt?.sentAt ?? null),
          when(receipt?.deliveredAt ?? null),
          when(receipt?.receivedAt ?? null),
        ]);
      }
    }
    if (rows.length < LONG_LIST_PAGE_SIZE) break;
  }
  const csv = Papa.unparse({ fields, data }, { escapeFormulae: true, delimiter: csvSeparator(language) });
  return { fileName: `delivery-${alert.id}.csv`, content: `${csv}\r\n` };
}
