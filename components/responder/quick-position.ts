import { locateOnce, type Position } from '@/components/ui/use-my-position';

/** Where the device is, if it can tell within `ms`: an SOS or a confirmation does not wait longer for it. */
export async function positionWithin(ms: number): Promise<Position | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  const located = locateOnce().then((result) => (result.status === 'on' ? result.position : null));
  try {
    return await Promise.race([located, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// The person's choice to send their position with each confirmation, kept per account in this browser.

const shareKey = (userId: string) => `tocsin.responder.sharePosition.${userId}`;

export function sharesPosition(userId: string): boolean {
  try {
    return window.localStorage.getItem(shareKey(userId)) === '1';
  } catch {
    return false;
  }
}

export function setSharesPosition(userId: string, share: boolean): void {
  try {
    if (share) window.localStorage.setItem(shareKey(userId), '1');
    else window.localStorage.removeItem(shareKey(userId));
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}
