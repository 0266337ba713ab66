import { describe, expect, it } from 'vitest';
import { linkReach } from './qr.ts';

describe('linkReach', () => {
  it.each([
    ['http://localhost:3121', 'this-computer'],
    ['http://127.0.0.1:3000', 'this-computer'],
    ['http://[::1]:3000', 'this-computer'],
    ['http://0.0.0.0:3000', 'this-computer'],
    ['http://app.localhost', 'this-computer'],
    ['http://192.168.1.20:3000', 'local-network'],
    ['http://10.0.0.5', 'local-network'],
    ['http://172.20.1.1', 'local-network'],
    ['http://nas.local', 'local-network'],
    ['http://server', 'local-network'],
    ['https://integration.example.com', 'public'],
    ['https://172.32.0.1', 'public'],
    ['not a url', 'this-computer'],
  ])('%s is %s', (url, reach) => {
    expect(linkReach(url)).toBe(reach);
  });
});
