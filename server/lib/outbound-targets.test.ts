import { describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  checkOutboundUrlAtSend,
  createGuardedLookup,
  isBlockedAddress,
  type OutboundTargetPolicy,
  OutboundTargetRefused,
} from './outbound-targets';

/** A policy whose names resolve from a table (anything else: a public address). */
function policyWith(production: boolean, names: Record<string, string> = {}): OutboundTargetPolicy {
  return {
    production,
    resolveHost: async (host) => {
      const address = names[host] ?? '93.184.216.34';
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    },
  };
}

async function refusalOf(url: string, policy: OutboundTargetPolicy): Promise<string | null> {
  try {
    await checkOutboundUrl(url, policy);
    return null;
  } catch (error) {
    if (error instanceof OutboundTargetRefused) return error.message;
    throw error;
  }
}

/** What the socket's own lookup answers for `hostname` when sending to `url`. */
function lookUp(policy: OutboundTargetPolicy, url: string, hostname: string): Promise<Error | string> {
  const lookup = createGuardedLookup(policy, new URL(url));
  return new Promise((resolve) => lookup(hostname, {}, (error, address) => resolve(error ?? String(address))));
}

describe('which addresses no request may reach', () => {
  it.each([
    ['::ffff:0:127.0.0.1', 'IPv4-translated loopback (::ffff:0:0/96)'],
    ['::ffff:0:a9fe:a9fe', 'IPv4-translated metadata service, in hex'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:a00:1', 'IPv4-mapped 10.0.0.1, in hex'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 to the metadata service'],
    ['2002:a00:1::', '6to4 around 10.0.0.1'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation (RFC 9637)'],
    ['5f00::1', 'segment routing'],
    ['fd00::1', 'unique-local'],
    ['fd00:ec2::254', "AWS's IPv6 metadata service"],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['100::1', 'discard'],
    ['4000::1', 'outside global unicast'],
    ['10.1.2.3', 'private'],
    ['169.254.169.254', 'the metadata service'],
    ['100.100.100.200', "Alibaba's metadata service (CGNAT)"],
    ['not-an-address', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    ['93.184.216.34', 'public IPv4'],
    ['::ffff:93.184.216.34', 'public IPv4, mapped'],
    ['2606:4700:4700::1111', 'public IPv6'],
    ['2a00:1450:4010:c0a::5e', 'public IPv6 in Europe'],
  ])('allows %s (%s)', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});

describe('outside production, the same rule, with this machine allowed', () => {
  const policy = policyWith(false, { 'intranet.example.test': '10.1.2.3', 'local.example.test': '127.0.0.1' });

  it.each(['https://10.0.0.1/hook', 'https://169.254.169.254/latest', 'https://[fd00::1]/hook', 'https://[::ffff:0:127.0.0.1]/x'])(
    'refuses %s when saved',
    async (url) => {
      expect(await refusalOf(url, policy)).toMatch(/internal address: webhooks go to public addresses only/);
    },
  );

  it('refuses a name that points inside, without saying what it resolves to', async () => {
    const refusal = await refusalOf('https://intranet.example.test/hook', policy);
    expect(refusal).toBe(
      'intranet.example.test points to a private, loopback or otherwise internal address: webhooks go to public addresses only.',
    );
    expect(refusal).not.toContain('10.1.2.3');
  });

  it('allows public names, and this machine over https:// and http://', async () => {
    expect(await refusalOf('https://hooks.example.com/x', policy)).toBeNull();
    expect(await refusalOf('https://local.example.test:8443/x', policy)).toBeNull();
    expect(await refusalOf('http://localhost:9/hook', policy)).toBeNull();
    expect(await refusalOf('http://hooks.example.com/x', policy)).toMatch(/only to this machine/);
  });

  it('refuses at send time too: an address in the URL, and a name that now points inside', async () => {
    expect(() => checkOutboundUrlAtSend(new URL('https://10.0.0.1/hook'), policy)).toThrow(OutboundTargetRefused);
    const refused = await lookUp(policy, 'https://intranet.example.test/hook', 'intranet.example.test');
    expect(refused).toBeInstanceOf(OutboundTargetRefused);
    expect((refused as Error).message).not.toContain('10.1.2.3');
    expect(await lookUp(policy, 'https://hooks.example.com/x', 'hooks.example.com')).toBe('93.184.216.34');
    expect(await lookUp(policy, 'http://local.example.test/x', 'local.example.test')).toBe('127.0.0.1');
  });
});

describe('in production', () => {
  it('refuses this machine as well', async () => {
    const policy = policyWith(true, { 'local.example.test': '127.0.0.1' });
    expect(await refusalOf('https://local.example.test/x', policy)).toMatch(/internal address/);
    expect(await refusalOf('https://[::ffff:0:127.0.0.1]/x', policy)).toMatch(/internal address/);
    expect(await refusalOf('http://localhost:9/hook', policy)).toMatch(/https:\/\//);
    expect(await lookUp(policy, 'https://local.example.test/x', 'local.example.test')).toBeInstanceOf(OutboundTargetRefused);
  });
});
