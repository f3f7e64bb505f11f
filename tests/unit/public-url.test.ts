import { describe, expect, it } from '@jest/globals';
import { publicUrlProblemOf } from '@/lib/http-parts/public-url';

describe('publicUrlProblemOf: can people and outside systems use the public address?', () => {
  it.each([
    'http://localhost:3000',
    'https://localhost',
    'http://LOCALHOST.:3000/',
    'https://tocsin.localhost',
    'http://127.0.0.1:3191',
    'https://127.12.0.9',
    'http://0.0.0.0:3000',
    'http://[::1]:3000',
    'https://[::1]',
    'http://[::ffff:127.0.0.1]:3000',
    'http://[::]:3000',
  ])('%s is this machine only (loopback)', (url) => {
    expect(publicUrlProblemOf(url)).toBe('loopback');
  });

  it.each(['http://alerts.example.com', 'http://192.168.1.20:3000', 'http://[2001:db8::5]:8080', 'http://128.0.0.1'])(
    '%s is reachable but plain http',
    (url) => {
      expect(publicUrlProblemOf(url)).toBe('plainHttp');
    },
  );

  it.each([
    'https://alerts.example.com',
    'https://alerts.example.com:8443/tocsin',
    'https://10.0.0.5',
    'https://[2001:db8::5]',
  ])('%s is usable', (url) => {
    expect(publicUrlProblemOf(url)).toBeNull();
  });

  it('says so when there is no address at all', () => {
    expect(publicUrlProblemOf(undefined)).toBe('unset');
    expect(publicUrlProblemOf('')).toBe('unset');
    expect(publicUrlProblemOf('not a url')).toBe('unset');
  });
});
