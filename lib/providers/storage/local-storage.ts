import { randomUUID } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { now } from '@/lib/clock';
import { isFileGrantSigned, signFileGrant, type FileGrant } from './file-signature';
import { downloadLinkWindow } from './link-expiry';
import type { StorageDriver } from './storage-driver';
import { assertStorageKey } from './storage-key';

export interface LocalStorageConfig {
  /** Folder of the files (absolute). Several web nodes must share it. */
  dir: string;
  /** HMAC key of the links (derived from SECRET_KEY). */
  secret: string;
  /** PUBLIC_URL, or '' for links relative to the app. */
  baseUrl: string;
}

/**
 * Files on disk under `dir`: the bytes at `<dir>/<key>`, the content type at `<dir>/.meta/<key>.json` (keys never start a
 * segment with a dot, so neither `.meta` nor `.tmp` can be a key). The app serves them at /api/files/<key> through
 * links signed with HMAC-SHA256 (app/api/files/[...key]/route.ts).
 */
export class LocalStorage implements StorageDriver {
  constructor(private readonly config: LocalStorageConfig) {}

  async uploadUrl(key: string, o: { contentType: string; maxBytes: number; expiresInSeconds: number }) {
    const expiresAt = Math.floor(now().getTime() / 1000) + o.expiresInSeconds;
    const url = this.link({ method: 'PUT', key, expiresAt, contentType: o.contentType, maxBytes: o.maxBytes });
    return { url, method: 'PUT' as const, headers: { 'Content-Type': o.contentType } };
  }

  async downloadUrl(key: string, o: { expiresInSeconds: number; fileName?: string }) {
    const { expiresAt } = downloadLinkWindow(now(), o.expiresInSeconds);
    return this.link({ method: 'GET', key, expiresAt, fileName: o.fileName });
  }

  async deleteUrl(key: string, o: { expiresInSeconds: number }) {
    const expiresAt = Math.floor(now().getTime() / 1000) + o.expiresInSeconds;
    return { url: this.link({ method: 'DELETE', key, expiresAt }), method: 'DELETE' as const };
  }

  async stat(key: string) {
    const size = await fileSize(this.dataPath(key));
    if (size === null) return null;
    return { size, contentType: await this.contentType(key) };
  }

  async copy(from: string, to: string) {
    const opened = await this.open(from);
    if (!opened) throw new Error(`no stored file to copy: ${from}`);
    await this.write(to, opened.contentType ?? 'application/octet-stream', opened.stream);
  }

  async put(key: string, contentType: string, bytes: Uint8Array) {
    await this.write(key, contentType, [bytes]);
  }

  async read(key: string) {
    const bytes = await fs.readFile(this.dataPath(key)).catch(ignoreMissing);
    if (!bytes) return null;
    return { bytes: new Uint8Array(bytes), contentType: await this.contentType(key) };
  }

  async remove(key: string) {
    await fs.rm(this.dataPath(key), { force: true });
    await fs.rm(this.metaPath(key), { force: true });
  }

  /** Whether `signature` is this storage's for the grant. */
  verify(grant: FileGrant, signature: string): boolean {
    return isFileGrantSigned(this.config.secret, grant, signature);
  }

  /** The stored file as a stream, or null when there is none. */
  async open(key: string): Promise<{ stream: ReadStream; size: number; contentType: string | null } | null> {
    const dataPath = this.dataPath(key);
    const handle = await fs.open(dataPath, 'r').catch(ignoreMissing);
    if (!handle) return null;
    const stats = await handle.stat();
    if (!stats.isFile()) {
      await handle.close();
      return null;
    }
    const size = stats.size;
    return { stream: handle.createReadStream(), size, contentType: await this.contentType(key) };
  }

  /** Stores the bytes under the key, replacing what was there; readers see the old or the new file, never a part. */
  async write(
    key: string,
    contentType: string,
    chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  ): Promise<number> {
    const tmpDir = path.join(this.config.dir, '.tmp');
    await fs.mkdir(tmpDir, { recursive: true });
    const tmpData = path.join(tmpDir, randomUUID());
    const tmpMeta = `${tmpData}.json`;
    try {
      let size = 0;
      const handle = await fs.open(tmpData, 'wx');
      try {
        for await (const chunk of chunks) {
          size += chunk.byteLength;
          await handle.write(chunk);
        }
      } finally {
        await handle.close();
      }
      await fs.writeFile(tmpMeta, JSON.stringify({ contentType }));
      await fs.mkdir(path.dirname(this.metaPath(key)), { recursive: true });
      await fs.mkdir(path.dirname(this.dataPath(key)), { recursive: true });
      await fs.rename(tmpMeta, this.metaPath(key));
      await fs.rename(tmpData, this.dataPath(key));
      return size;
    } finally {
      await fs.rm(tmpData, { force: true });
      await fs.rm(tmpMeta, { force: true });
    }
  }

  private link(grant: FileGrant): string {
    assertStorageKey(grant.key);
    const query = new URLSearchParams({ exp: String(grant.expiresAt) });
    if (grant.contentType !== undefined) query.set('ct', grant.contentType);
    if (grant.maxBytes !== undefined) query.set('max', String(grant.maxBytes));
    if (grant.fileName !== undefined) query.set('fn', grant.fileName);
    query.set('sig', signFileGrant(this.config.secret, grant));
    const pathPart = grant.key.split('/').map(encodeURIComponent).join('/');
    return `${this.config.baseUrl}/api/files/${pathPart}?${query.toString()}`;
  }

  private dataPath(key: string): string {
    assertStorageKey(key);
    return path.join(this.config.dir, key);
  }

  private metaPath(key: string): string {
    assertStorageKey(key);
    return path.join(this.config.dir, '.meta', `${key}.json`);
  }

  private async contentType(key: string): Promise<string | null> {
    const meta = await fs.readFile(this.metaPath(key), 'utf8').catch(ignoreMissing);
    if (meta === null) return null;
    const parsed = JSON.parse(meta) as { contentType?: unknown };
    return typeof parsed.contentType === 'string' ? parsed.contentType : null;
  }
}

export function createLocalStorage(config: LocalStorageConfig): LocalStorage {
  return new LocalStorage(config);
}

async function fileSize(file: string): Promise<number | null> {
  const stats = await fs.stat(file).catch(ignoreMissing);
  return stats?.isFile() ? stats.size : null;
}

function ignoreMissing(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
  throw error;
}
