import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { BlockList, isIP } from 'node:net';
import { isLoopbackHostname } from './loopback';

/*
 * Where the server may send a request to a URL someone else gave it (decision 037, docs/security.md
 * "Webhooks"): webhooks and chat channels (typed by an admin) and push services (a browser's
 * subscription, decision 055). Without a rule, whoever supplies the URL could make the server call
 * its own network (a database's HTTP port, a cloud's metadata service). Everywhere https:// to public
 * addresses; outside production also this machine (a receiver a developer runs), over http:// too.
 * A development server on a laptop inside an office network must not reach that network either.
 * The address is checked when the URL is saved and again at each send, on the very address the
 * socket connects to (DNS may change). A refusal never says what a name resolves to (that would
 * map the server's network for whoever types names). The refusals are worded for webhooks: the
 * screens that show them are the webhook and chat screens (a push URL comes from the browser).
 */

/** How a host name becomes addresses; injectable so tests can point a name anywhere. */
export type ResolveHost = (hostname: string) => Promise<{ address: string; family: number }[]>;

/** The rule in force: production (this machine refused too) or not, and how names resolve. Tests switch both. */
export type OutboundTargetPolicy = { production: boolean; resolveHost: ResolveHost };

export const resolveWithDns: ResolveHost = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export function createOutboundTargetPolicy(production: boolean): OutboundTargetPolicy {
  return { production, resolveHost: resolveWithDns };
}

/** IPv4 ranges no outbound request may reach: private, loopback, link-local, CGNAT, metadata, reserved. */
const BLOCKED_IPV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (also Alibaba's metadata 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, the clouds' metadata 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  BLOCKED_IPV4.addSubnet(network, prefix, 'ipv4');
}

/*
 * IPv6 is judged the other way round: only global unicast (2000::/3) may be reached, so every
 * special range outside it is refused without being listed (::/96 and ::ffff:0:0/96, which carry an
 * IPv4 address, NAT64's 64:ff9b::/96, unique-local fc00::/7 with AWS's fd00:ec2::254, link-local,
 * multicast). Inside 2000::/3, the special-purpose ranges are refused too.
 */
const GLOBAL_UNICAST_IPV6 = new BlockList();
GLOBAL_UNICAST_IPV6.addSubnet('2000::', 3, 'ipv6');
const SPECIAL_GLOBAL_IPV6 = new BlockList();
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments: Teredo (2001::/32, an IPv4 address inside), benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: carries an IPv4 address
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing identifiers
] as const) {
  SPECIAL_GLOBAL_IPV6.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:10.0.0.1 or ::ffff:a00:1), else null. */
function mappedIpv4(address: string): string | null {
  const groups = expandIpv6(address);
  if (!groups || groups.slice(0, 5).some((group) => group !== 0) || groups[5] !== 0xffff) return null;
  const [high, low] = [groups[6]!, groups[7]!];
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included), or null. */
function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * Whether nothing may be sent to this address: an IPv4 address in a blocked range, an IPv6 address
 * outside global unicast or in one of its special ranges. An IPv4-mapped address (::ffff:a.b.c.d,
 * which a socket reaches as that IPv4 address) counts as its IPv4.
 */
export function isBlockedAddress(address: string): boolean {
  const type = isIP(address);
  if (type === 4) return BLOCKED_IPV4.check(address, 'ipv4');
  if (type !== 6) return true; // not an address at all: never connect to it
  const mapped = mappedIpv4(address);
  if (mapped !== null) return BLOCKED_IPV4.check(mapped, 'ipv4');
  return !GLOBAL_UNICAST_IPV6.check(address, 'ipv6') || SPECIAL_GLOBAL_IPV6.check(address, 'ipv6');
}

const isLoopbackAddress = (address: string) => {
  const mapped = isIP(address) === 6 ? mappedIpv4(address) : null;
  const ipv4 = mapped ?? address;
  return isIP(ipv4) === 4 ? ipv4.startsWith('127.') : expandIpv6(address)?.join(':') === '0:0:0:0:0:0:0:1';
};

/** A refusal in the words an admin reads (the create form, the delivery log). */
export class OutboundTargetRefused extends Error {}

/** The host of a URL without IPv6 brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Checks a URL an admin typed: the scheme, no credentials, and, by what it resolves to now, the
 * address. Throws OutboundTargetRefused with the reason.
 */
export async function checkOutboundUrl(rawUrl: string, policy: OutboundTargetPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new OutboundTargetRefused('That is not a URL. Enter one such as https://example.com/webhooks.');
  }
  if (url.username || url.password) throw new OutboundTargetRefused('A webhook URL may not hold a user name or password.');
  if (url.protocol === 'http:') {
    if (policy.production) throw new OutboundTargetRefused('Webhook URLs must start with https://.');
    if (!isLoopbackHostname(url.hostname)) {
      throw new OutboundTargetRefused('http:// is allowed only to this machine (localhost) outside production. Use https://.');
    }
    return url;
  }
  if (url.protocol !== 'https:') throw new OutboundTargetRefused('Webhook URLs must start with https://.');
  await checkHostAddresses(bareHost(url), policy);
  return url;
}

/** Whether the policy lets a request reach this address: a public one, or this machine outside production. */
const isAllowedAddress = (address: string, policy: OutboundTargetPolicy) =>
  !isBlockedAddress(address) || (!policy.production && isLoopbackAddress(address));

/** Every address the host resolves to must be allowed. */
async function checkHostAddresses(host: string, policy: OutboundTargetPolicy): Promise<void> {
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolveOrRefuse(host, policy);
  if (addresses.some((entry) => !isAllowedAddress(entry.address, policy))) throw refusedAddress(host);
}

async function resolveOrRefuse(host: string, policy: OutboundTargetPolicy) {
  try {
    const addresses = await policy.resolveHost(host);
    if (addresses.length === 0) throw new Error('no address');
    return addresses;
  } catch (error) {
    if (error instanceof OutboundTargetRefused) throw error;
    throw new OutboundTargetRefused(`The host ${host} could not be found.`);
  }
}

/** The refusal names what the admin typed and never the address a name resolved to. */
const refusedAddress = (host: string) =>
  new OutboundTargetRefused(
    isIP(host)
      ? `${host} is a private, loopback or otherwise internal address: webhooks go to public addresses only.`
      : `${host} points to a private, loopback or otherwise internal address: webhooks go to public addresses only.`,
  );

/**
 * The socket's own name lookup for a send: the addresses are checked right before the connection
 * uses them, so a name that changed to an internal address since it was saved is refused (there
 * is no second lookup between the check and the connect to race).
 */
export function createGuardedLookup(policy: OutboundTargetPolicy, url: URL): LookupFunction {
  return (hostname, options, callback) => {
    const done = callback as unknown as (
      error: Error | null,
      address: string | { address: string; family: number }[],
      family?: number,
    ) => void;
    resolveOrRefuse(hostname, policy)
      .then((addresses) => {
        const allowed = addresses.filter((entry) =>
          url.protocol === 'http:' ? !policy.production && isLoopbackAddress(entry.address) : isAllowedAddress(entry.address, policy),
        );
        if (allowed.length === 0) throw refusedAddress(hostname);
        if ((options as { all?: boolean }).all) done(null, allowed);
        else done(null, allowed[0]!.address, allowed[0]!.family);
      })
      .catch((error: Error) => done(error, '', 0));
  };
}

/**
 * The check at send time, before any connection: the scheme's rule, and the address when the host
 * is one (no lookup happens then). A name's addresses are checked by createGuardedLookup.
 */
export function checkOutboundUrlAtSend(url: URL, policy: OutboundTargetPolicy): void {
  if (policy.production && url.protocol !== 'https:') throw new OutboundTargetRefused('Webhook URLs must start with https://.');
  if (!policy.production && url.protocol === 'http:' && !isLoopbackHostname(url.hostname)) {
    throw new OutboundTargetRefused('http:// is allowed only to this machine (localhost) outside production.');
  }
  const host = bareHost(url);
  if (isIP(host) && !isAllowedAddress(host, policy)) throw refusedAddress(host);
}
