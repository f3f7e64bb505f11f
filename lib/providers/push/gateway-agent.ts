import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';

/**
 * An https agent that opens every connection to `baseUrl`'s host and port, whatever host a request names (the request
 * keeps it in its Host header): over TLS, verified for the gateway's own name, for https:, plain TCP for http:.
 * For a library that hard-codes its service's address but accepts an agent (firebase-admin).
 */
export function gatewayAgent(baseUrl: string, maxSockets: number): https.Agent {
  const target = new URL(baseUrl);
  const secure = target.protocol === 'https:';
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(target.port) || (secure ? 443 : 80);
  class GatewayAgent extends https.Agent {
    override createConnection(): net.Socket {
      if (!secure) return net.connect({ host, port });
      return tls.connect({ host, port, servername: net.isIP(host) ? undefined : host });
    }
  }
  return new GatewayAgent({ keepAlive: true, maxSockets });
}
