import QRCode from 'qrcode';
import type { InlineImage } from '@/lib/providers/email/email-message';

/** Drawn once per address: an addition of thousands of members puts the same code in every invitation. */
const drawn = new Map<string, Promise<InlineImage>>();
const MAX_DRAWN = 16;

/** The QR code of `url` as a picture inside an e-mail (a phone's camera opens the address). */
export function qrCodeImage(url: string): Promise<InlineImage> {
  const known = drawn.get(url);
  if (known) return known;
  if (drawn.size >= MAX_DRAWN) drawn.clear();
  const image = QRCode.toBuffer(url, { type: 'png', width: 240, margin: 2, errorCorrectionLevel: 'M' }).then(
    (png): InlineImage => ({
      cid: 'qr-code@tocsin',
      fileName: 'tocsin-qr-code.png',
      contentType: 'image/png',
      contentBase64: png.toString('base64'),
    }),
  );
  drawn.set(url, image);
  image.catch(() => drawn.delete(url));
  return image;
}
