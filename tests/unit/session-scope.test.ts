import { describe, expect, it } from '@jest/globals';
import { createSession, isResponderPath, sessionKeysOf, sessionScopeOf, type SessionScope } from '@/lib/http/client';
import { memoryStore } from './client-fake';

// Issue 33: the console and the responder keep separate sessions in one origin; the page decides which it acts for.

const at = (href: string) => {
  const url = new URL(href, 'https://tocsin.example');
  return { pathname: url.pathname, search: url.search };
};

describe('the session a page acts for', () => {
  it('is the responder’s on its pages and on the pages leading back to one, else the console’s', () => {
    expect(sessionScopeOf(at('/r'))).toBe('responder');
    expect(sessionScopeOf(at('/r/alerts/42?confirm=1'))).toBe('responder');
    expect(sessionScopeOf(at('/login?redirect=%2Fr%2Falerts%2F42'))).toBe('responder');
    expect(sessionScopeOf(at('/loggedOut?reason=idle&redirect=/r'))).toBe('responder');
    expect(sessionScopeOf(at('/'))).toBe('console');
    expect(sessionScopeOf(at('/reports'))).toBe('console');
    expect(sessionScopeOf(at('/login?redirect=/alerts'))).toBe('console');
    expect(sessionScopeOf(at('/login?redirect=//r/evil'))).toBe('console');
    expect(sessionScopeOf(at('/login?redirect=https://evil.example/r'))).toBe('console');
    expect(isResponderPath('/r#top')).toBe(true);
    expect(isResponderPath('/rules')).toBe(false);
  });

  it('keeps each scope under its own keys: signing in or out of one leaves the other as it was', () => {
    const store = memoryStore();
    let scope: SessionScope = 'console';
    const session = createSession(
      () => store,
      undefined,
      undefined,
      () => scope,
    );
    session.start('console-token', 'company-a');
    scope = 'responder';
    expect(session.isLoggedIn()).toBe(false);
    session.start('device-token', 'company-b');
    expect(store.data.get(sessionKeysOf('responder').token)).toBe('device-token');
    session.end('idle');
    expect(session.takeEnd()).toEqual({ reason: 'idle' });
    scope = 'console';
    expect(session.token()).toBe('console-token');
    expect(session.customerId()).toBe('company-a');
    expect(session.takeEnd()).toBeNull();
  });
});
