/**
 * A DNS server for tests (the API tests and the browser test of the Sending domain page): it
 * answers TXT and MX queries over UDP from a table, and NXDOMAIN for anything else, so that the
 * sending-domain check reads real DNS answers through a real resolver.
 */
import { type Socket, createSocket } from "node:dgram";
import { once } from "node:events";
import * as dnsPacket from "dns-packet";

export interface DnsTable {
  /** Records by name (lower case, no trailing dot); a long TXT record is split as the DNS does. */
  txt?: Record<string, string[]>;
  mx?: Record<string, { priority: number; exchange: string }[]>;
}

export interface TestDnsServer {
  /** "127.0.0.1:port", as DNS_SERVER takes it. */
  address: string;
  port: number;
  /** What it answers from now on. */
  table: DnsTable;
  close: () => Promise<void>;
}

/** A TXT string longer than 255 bytes goes as several strings of one record (RFC 7208 3.3). */
const chunks = (text: string) => text.match(/.{1,255}/gs) ?? [""];

function answersFor(table: DnsTable, question: dnsPacket.Question): dnsPacket.Answer[] {
  const name = question.name.toLowerCase().replace(/\.$/, "");
  if (question.type === "TXT") {
    return (table.txt?.[name] ?? []).map((text) => ({
      type: "TXT" as const,
      name: question.name,
      ttl: 60,
      data: chunks(text),
    }));
  }
  if (question.type === "MX") {
    return (table.mx?.[name] ?? []).map((mx) => ({
      type: "MX" as const,
      name: question.name,
      ttl: 60,
      data: { preference: mx.priority, exchange: mx.exchange },
    }));
  }
  return [];
}

const NXDOMAIN = 3;

/** Starts the server on `port` (0: any free one) of 127.0.0.1. */
export async function startTestDnsServer(table: DnsTable, port = 0): Promise<TestDnsServer> {
  const socket: Socket = createSocket("udp4");
  const server = { table } as TestDnsServer;
  socket.on("message", (message, peer) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const questions = query.questions ?? [];
    const answers = questions.flatMap((question) => answersFor(server.table, question));
    const reply = dnsPacket.encode({
      type: "response",
      id: query.id,
      flags:
        dnsPacket.AUTHORITATIVE_ANSWER |
        dnsPacket.RECURSION_DESIRED |
        (answers.length ? 0 : NXDOMAIN),
      questions,
      answers,
    });
    socket.send(reply, peer.port, peer.address);
  });
  socket.bind(port, "127.0.0.1");
  await once(socket, "listening");
  server.port = socket.address().port;
  server.address = `127.0.0.1:${server.port}`;
  server.close = () => new Promise((resolve) => socket.close(() => resolve()));
  return server;
}
