/** Loopback addresses and host names: "this machine", by the socket or by the Host header. */
export const LOOPBACK_ADDRESS = /^(127\.\d+\.\d+\.\d+|::1)$/;
export const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

export function isLoopbackHostname(hostname: string): boolean {
  return LOOPBACK_HOST.test(hostname) || hostname === '::1';
}
