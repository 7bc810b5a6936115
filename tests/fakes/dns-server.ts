import { createSocket, type RemoteInfo } from "node:dgram";

export interface FakeDns {
  /** `127.0.0.1:<port>`, what `DNS_SERVERS` takes. */
  address: string;
  /** TXT values at a name (lower-case, no trailing dot); none: the name does not exist (NXDOMAIN). */
  txt: Map<string, string[]>;
  /** `answer` (default); `silent`: drops every query, as a resolver that is down; `servfail`: answers SERVFAIL. */
  mode: "answer" | "silent" | "servfail";
  /** The names asked, in order. */
  asked: string[];
  close(): Promise<void>;
}

const TYPE_TXT = 16;

/** The question's name and where the question ends (after QTYPE and QCLASS). */
function readQuestion(query: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (query[at]! !== 0) {
    const length = query[at]!;
    labels.push(query.subarray(at + 1, at + 1 + length).toString("latin1"));
    at += 1 + length;
  }
  at += 1;
  return { name: labels.join(".").toLowerCase(), type: query.readUInt16BE(at), end: at + 4 };
}

/** One TXT record's RDATA: its value in character-strings of at most 255 bytes (RFC 1035 3.3.14). */
function txtData(value: string): Buffer {
  const bytes = Buffer.from(value, "utf8");
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length || at === 0; at += 255) {
    const chunk = bytes.subarray(at, at + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
    if (bytes.length === 0) break;
  }
  return Buffer.concat(parts);
}

function answer(query: Buffer, txt: Map<string, string[]>, servfail: boolean): Buffer {
  const question = readQuestion(query);
  const values = txt.get(question.name);
  const rcode = servfail ? 2 : values === undefined ? 3 : 0;
  const records = !servfail && values && question.type === TYPE_TXT ? values : [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  // QR, the query's opcode and RD, AA, RA, the answer's code.
  header.writeUInt16BE(0x8000 | (query.readUInt16BE(2) & 0x7900) | 0x0400 | 0x0080 | rcode, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  const answers = records.map((value) => {
    const data = txtData(value);
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0); // the question's name
    fixed.writeUInt16BE(TYPE_TXT, 2);
    fixed.writeUInt16BE(1, 4); // IN
    fixed.writeUInt32BE(60, 6);
    fixed.writeUInt16BE(data.length, 10);
    return Buffer.concat([fixed, data]);
  });
  return Buffer.concat([header, query.subarray(12, question.end), ...answers]);
}

/**
 * A DNS server on 127.0.0.1 over UDP, written from RFC 1035 (sections 4.1 and 3.3.14): it
 * answers TXT questions from `txt`, NXDOMAIN for names it does not hold, and can fall silent
 * or fail, so the service's real resolver (node:dns pointed at it by `DNS_SERVERS`) is tested.
 */
export async function startFakeDns(): Promise<FakeDns> {
  const socket = createSocket("udp4");
  const fake: FakeDns = {
    address: "",
    txt: new Map(),
    mode: "answer",
    asked: [],
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
  socket.on("message", (query: Buffer, from: RemoteInfo) => {
    if (query.length < 17) return;
    try {
      fake.asked.push(readQuestion(query).name);
      if (fake.mode === "silent") return;
      socket.send(answer(query, fake.txt, fake.mode === "servfail"), from.port, from.address);
    } catch {
      // A malformed query gets no answer, as from a real server that drops it.
    }
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  fake.address = `127.0.0.1:${socket.address().port}`;
  return fake;
}
