import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair kept in `<dataDir>/vapid-keys.json` (mode 600), generated on the first call. Browsers subscribe
 * with the public key, so the pair must outlive restarts: a new one would silence every subscribed browser.
 */
export async function keptVapidKeys(dataDir: string): Promise<VapidKeys> {
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const { publicKey, privateKey } = JSON.parse(await readFile(file, 'utf8')) as Partial<VapidKeys>;
    if (!publicKey || !privateKey) throw new Error(`${file} lacks publicKey or privateKey: fix or remove it.`);
    return { publicKey, privateKey };
  }
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${JSON.stringify({ publicKey, privateKey }, null, 2)}\n`, { mode: 0o600 });
  return { publicKey, privateKey };
}

/** The contact push services may use: the public address when it is https, else the address e-mails come from. */
export function vapidSubject(publicUrl: string | undefined, mailFrom: string): string {
  if (publicUrl?.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}
