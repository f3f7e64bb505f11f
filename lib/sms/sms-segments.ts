// GSM 03.38: the basic set (one septet each) and its extension table (two septets each, behind an escape).
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

/**
 * The number of SMS segments a text takes: GSM-7 (160 septets alone, 153 per part when split) when every character is
 * in the GSM set, else UCS-2 (70 alone, 67 per part; characters outside the BMP count twice).
 */
export function smsSegments(text: string): number {
  let septets = 0;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) septets += 1;
    else if (GSM_EXTENDED.includes(char)) septets += 2;
    else return segmentsOf(text.length, 70, 67);
  }
  return segmentsOf(septets, 160, 153);
}

function segmentsOf(units: number, single: number, perPart: number): number {
  return units <= single ? 1 : Math.ceil(units / perPart);
}
