import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";

export interface TlsTerminatorOptions {
  /** PEM key and certificate served on the HTTPS port. */
  key: string | Buffer;
  cert: string | Buffer;
  /** The public host name: the only redirect target of the HTTP port. */
  publicHost: string;
  /** Our server, plain HTTP, started with TRUST_PROXY=true. */
  upstream: { host: string; port: number };
  /** Where to listen; 127.0.0.1 keeps the test endpoints off the network. */
  bindAddress?: string;
  /** 443 and 80 for the scanner, which only knows the standard ports; 0 picks free ports. */
  httpsPort?: number;
  httpPort?: number;
}

export interface TlsTerminator {
  httpsPort: number;
  httpPort: number;
  close(): Promise<void>;
}

// Connection-level headers a proxy must not forward (RFC 9110, 7.6.1).
const HOP_BY_HOP = [
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
];

function withoutHopByHop(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const copy: OutgoingHttpHeaders = { ...headers };
  for (const name of HOP_BY_HOP) delete copy[name];
  return copy;
}

function listen(server: http.Server, port: number, address: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const reason =
        error.code === "EADDRINUSE"
          ? "is in use (is another audit or web server running?)"
          : error.code === "EACCES"
            ? "needs root or CAP_NET_BIND_SERVICE"
            : `cannot be opened: ${error.message}`;
      reject(new Error(`Port ${port} on ${address} ${reason}`));
    };
    server.once("error", onError);
    server.listen(port, address, () => {
      server.off("error", onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function close(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * A stand-in for the production TLS proxy, as small as the job: HTTPS in front of our server
 * (adding `X-Forwarded-Proto: https`, which the server trusts with TRUST_PROXY and answers with
 * HSTS), and plain HTTP that only redirects to HTTPS on the same host name. It passes our
 * server's headers through untouched, so what a scanner sees on HTTPS is the application's own
 * work; only the HTTP-to-HTTPS redirect is the proxy's.
 */
export async function startTlsTerminator(options: TlsTerminatorOptions): Promise<TlsTerminator> {
  const address = options.bindAddress ?? "127.0.0.1";
  const agent = new http.Agent({ keepAlive: true });

  const tls = https.createServer(
    { key: options.key, cert: options.cert, minVersion: "TLSv1.2" },
    (req, res) => {
      const headers = withoutHopByHop(req.headers);
      // Replace, never append to, what the client claims: only this proxy speaks for it.
      headers["x-forwarded-proto"] = "https";
      headers["x-forwarded-for"] = req.socket.remoteAddress ?? "";
      const upstream = http.request(
        {
          agent,
          host: options.upstream.host,
          port: options.upstream.port,
          method: req.method,
          path: req.url,
          headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
          answer.pipe(res);
        },
      );
      upstream.on("error", () => {
        if (res.headersSent) res.destroy();
        else res.writeHead(502, { "content-type": "text/plain" }).end("Bad Gateway\n");
      });
      req.pipe(upstream);
    },
  );

  const plain = http.createServer((req, res) => {
    // Always to the configured host, never to whatever Host the client sent (no open redirect).
    const target = req.url?.startsWith("/") ? req.url : "/";
    const port = httpsPort === 443 ? "" : `:${httpsPort}`;
    res.writeHead(301, { location: `https://${options.publicHost}${port}${target}` }).end();
  });

  let httpsPort = 0;
  try {
    httpsPort = await listen(tls, options.httpsPort ?? 443, address);
    const httpPort = await listen(plain, options.httpPort ?? 80, address);
    return {
      httpsPort,
      httpPort,
      close: async () => {
        await Promise.all([close(tls), close(plain)]);
        agent.destroy();
      },
    };
  } catch (error) {
    await Promise.all([close(tls), close(plain)]);
    agent.destroy();
    throw error;
  }
}
