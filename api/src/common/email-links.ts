import type { Config } from '@gl/core/server';

/** `http://<host>:<port>`: an IPv6 address in brackets; a wildcard address (every interface: `0.0.0.0`, `::`, empty) becomes `wildcard`. */
export function httpOrigin(host: string, port: number, wildcard: string): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? wildcard : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

/** The api's own origin from configuration: HOST (a wildcard address becomes localhost) and the port. */
export function configuredOrigin(config: Pick<Config, 'HOST'>, port: number): string {
  return httpOrigin(config.HOST, port, 'localhost');
}

/**
 * Where links in e-mails start (reset, verification, change of e-mail, invitations, newsletter):
 * PUBLIC_URL (required in production), else, in development and tests, the configured HOST:PORT
 * (the port the server actually listens on when PORT is 0). Never a request header: Host and
 * X-Forwarded-Host are whatever the caller sends, and a link built from them would carry a reset
 * token to the caller's own server.
 */
export class EmailLinks {
  private listeningPort: number;

  constructor(private readonly config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>) {
    this.listeningPort = config.PORT;
  }

  /** Called once the HTTP server listens (PORT 0 picks a free port). */
  listeningOn(port: number): void {
    this.listeningPort = port;
  }

  get base(): string {
    if (this.config.PUBLIC_URL) return this.config.PUBLIC_URL.replace(/\/+$/, '');
    return configuredOrigin(this.config, this.listeningPort);
  }
}
