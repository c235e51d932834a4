// The edge's DNS without Docker: a tiny DNS server on 127.0.0.1 (UDP) that answers A queries for the
// service names from a hosts file, read again on every query, so whoever writes the file (start.sh, a test)
// decides what nginx's `resolver` finds: e.g. take a replica out, and the edge stops sending it requests once
// its answer expires. Every other name or type is answered with no record (NXDOMAIN for unknown names).
//
//   node scripts/topology/dns.mjs <port> <hosts file>
//
// The hosts file: one name per line followed by its addresses, e.g. `query-api 127.0.0.6 127.0.0.7`.
import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';

const [port, hostsFile] = process.argv.slice(2);
if (!port || !hostsFile) {
  console.error('usage: dns.mjs <port> <hosts file>');
  process.exit(2);
}

/** name (lower case) → IPv4 addresses */
function readHosts() {
  const hosts = new Map();
  for (const line of readFileSync(hostsFile, 'utf8').split('\n')) {
    const [name, ...addresses] = line.trim().split(/\s+/);
    if (name && !name.startsWith('#')) hosts.set(name.toLowerCase().replace(/\.$/, ''), addresses);
  }
  return hosts;
}

/** The question's name, type and where the question section ends. */
function parseQuestion(query) {
  const labels = [];
  let offset = 12;
  while (query[offset] !== 0) {
    const length = query[offset];
    if (length === undefined || length > 63) throw new Error('malformed name');
    labels.push(query.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += 1 + length;
  }
  offset += 1;
  return { name: labels.join('.').toLowerCase(), type: query.readUInt16BE(offset), end: offset + 4 };
}

const TTL_SECONDS = 1;
const socket = createSocket('udp4');
socket.on('message', (query, peer) => {
  try {
    if (query.length < 17 || query.readUInt16BE(4) !== 1) return;
    const { name, type, end } = parseQuestion(query);
    const hosts = readHosts();
    const addresses = hosts.get(name);
    const answers = type === 1 && addresses ? addresses : [];
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2); // the id
    // QR, the opcode and RD from the query, AA; RCODE 3 (NXDOMAIN) for an unknown name.
    header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x7900) | (addresses ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const records = answers.map((address) => {
      const record = Buffer.alloc(16);
      record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      record.writeUInt16BE(1, 2); // A
      record.writeUInt16BE(1, 4); // IN
      record.writeUInt32BE(TTL_SECONDS, 6);
      record.writeUInt16BE(4, 10);
      address.split('.').forEach((octet, i) => record.writeUInt8(Number(octet), 12 + i));
      return record;
    });
    socket.send(Buffer.concat([header, query.subarray(12, end), ...records]), peer.port, peer.address);
  } catch (error) {
    console.error(`dns: ${String(error)}`);
  }
});
socket.bind(Number(port), '127.0.0.1', () => console.log(`dns on 127.0.0.1:${port} from ${hostsFile}`));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => socket.close(() => process.exit(0)));
