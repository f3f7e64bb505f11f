import { describe, it, expect } from '@jest/globals';
import { clientAddressOf, throttleSubjectOf, UNKNOWN_CLIENT_ADDRESS } from '@/lib/http-parts/client-address';

describe('client address', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddressOf('127.0.0.2', '203.0.113.9', 0)).toBe('127.0.0.2');
    expect(clientAddressOf('::ffff:10.1.2.3', undefined, 0)).toBe('10.1.2.3');
    expect(clientAddressOf(undefined, '203.0.113.9', 0)).toBe(UNKNOWN_CLIENT_ADDRESS);
  });

  it('is the entry that many hops back behind trusted proxies; a missing or bad entry falls back to the peer', () => {
    expect(clientAddressOf('10.0.0.1', 'forged, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(clientAddressOf('10.0.0.1', ['forged', '203.0.113.9, 10.0.0.2'], 2)).toBe('203.0.113.9');
    expect(clientAddressOf('10.0.0.1', '203.0.113.9', 3)).toBe('203.0.113.9');
    expect(clientAddressOf('10.0.0.1', 'not an address', 1)).toBe('10.0.0.1');
    expect(clientAddressOf('10.0.0.1', ' , ', 1)).toBe('10.0.0.1');
    expect(clientAddressOf('10.0.0.1', undefined, 1)).toBe('10.0.0.1');
    expect(clientAddressOf('10.0.0.1', '[2001:db8::1%eth0]', 1)).toBe('2001:db8::1');
  });

  it('throttles IPv4 by address and IPv6 by /64', () => {
    expect(throttleSubjectOf('192.0.2.7')).toBe('192.0.2.7');
    expect(throttleSubjectOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(throttleSubjectOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(throttleSubjectOf('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(throttleSubjectOf('::1')).toBe('0:0:0:0::/64');
    expect(throttleSubjectOf('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
    expect(throttleSubjectOf(UNKNOWN_CLIENT_ADDRESS)).toBe(UNKNOWN_CLIENT_ADDRESS);
  });
});
