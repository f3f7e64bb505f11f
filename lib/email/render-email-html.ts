import { escapeHtml } from './escape-html';

export interface EmailLayout {
  lang: string;
  subject: string;
  greeting: string;
  intro: string;
  /** Labelled values, as a two-column table after the intro (a sales request's fields). */
  fields?: { label: string; value: string }[];
  /** Someone's own text, set off as a quotation after the fields under its line (a sales request's answer). */
  quote?: { intro: string; text: string };
  action?: { label: string; url: string; hint: string };
  /** Further links, each on its own line (e.g. the app's store pages). */
  links?: { label: string; url: string }[];
  /** A QR code after the links (`src`: a cid: reference to an inline image of the message). */
  qrCode?: { src: string; alt: string; caption: string };
  outro: string;
  footer: string;
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** A plain one-column HTML e-mail with inline styles (mail clients ignore style sheets). Every text is escaped here. */
export function renderEmailHtml(layout: EmailLayout): string {
  const e = escapeHtml;
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${e(text)}</p>`;
  const action = layout.action
    ? `<p style="margin:24px 0"><a href="${e(layout.action.url)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#b91c1c;color:#ffffff;font-size:16px;font-weight:600;text-decoration:none">${e(layout.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#4b5563">${e(layout.action.hint)}<br><a href="${e(layout.action.url)}" style="color:#b91c1c;word-break:break-all">${e(layout.action.url)}</a></p>`
    : '';
  const fields = layout.fields?.length
    ? '<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;width:100%">' +
      layout.fields
        .map(
          (field) =>
            `<tr><th align="left" valign="top" style="padding:6px 12px 6px 0;font-size:14px;line-height:20px;color:#4b5563;font-weight:600;white-space:nowrap">${e(field.label)}</th>` +
            `<td style="padding:6px 0;font-size:14px;line-height:20px;color:#1f2937;white-space:pre-wrap;word-break:break-word">${e(field.value)}</td></tr>`,
        )
        .join('') +
      '</table>'
    : '';
  const quote = layout.quote
    ? paragraph(layout.quote.intro) +
      `<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #d1d5db;background:#f9fafb;font-size:16px;line-height:24px;color:#1f2937;white-space:pre-wrap;word-break:break-word">${e(layout.quote.text)}</div>`
    : '';
  const links = (layout.links ?? [])
    .map(
      (link) =>
        `<p style="margin:0 0 12px;font-size:16px;line-height:24px"><a href="${e(link.url)}" style="color:#b91c1c;font-weight:600">${e(link.label)}</a></p>`,
    )
    .join('');
  const qrCode = layout.qrCode
    ? `<p style="margin:8px 0 4px;font-size:14px;line-height:20px;color:#4b5563">${e(layout.qrCode.caption)}</p>` +
      `<p style="margin:0 0 16px"><img src="${e(layout.qrCode.src)}" alt="${e(layout.qrCode.alt)}" width="160" height="160" style="display:block;width:160px;height:160px;border:0"></p>`
    : '';
  return [
    '<!DOCTYPE html>',
    `<html lang="${e(layout.lang)}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(layout.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f3f4f6;${FONT}">`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">',
    `<tr><td style="padding:20px 32px;border-bottom:4px solid #b91c1c;font-size:20px;font-weight:700;color:#b91c1c;${FONT}">Tocsin</td></tr>`,
    `<tr><td style="padding:32px;${FONT}">`,
    paragraph(layout.greeting),
    paragraph(layout.intro),
    fields,
    quote,
    action,
    links,
    qrCode,
    paragraph(layout.outro),
    '</td></tr>',
    '</table>',
    `<p style="margin:16px 0 0;font-size:12px;line-height:18px;color:#6b7280;${FONT}">${e(layout.footer)}</p>`,
    '</td></tr></table>',
    '</body>',
    '</html>',
  ].join('\n');
}
