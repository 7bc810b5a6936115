// Compares two heap snapshots of one process (issue 30's soak): what the heap retains more in B
// than in A, by node type and constructor, and what B holds that was allocated after A (V8 keeps
// an object's id across snapshots of one process, so ids missing from A are new). A snapshot
// collects garbage first, so both figures are retained memory, not garbage awaiting collection.
//
//   node bench/tools/heap-diff.mjs A.heapsnapshot B.heapsnapshot [rows]
//
// Take the snapshots with BENCH_SERVICE_NODE_ARGS="--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=DIR"
// and `kill -USR2 <pid of npm-start>` during the load (bench/README.md, Suite soak).
import { readFileSync } from "node:fs";

/** Kinds whose node name is their content (a string's text, a number), not a constructor: one group each. */
const UNNAMED = new Set(["string", "concatenated string", "sliced string", "number", "heap number", "code", "hidden"]);

function load(file) {
  const snapshot = JSON.parse(readFileSync(file, "utf8"));
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const [TYPE, NAME, SIZE, ID] = ["type", "name", "self_size", "id"].map((f) => fields.indexOf(f));
  const groups = new Map();
  const nodes = [];
  let total = 0;
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = types[snapshot.nodes[i + TYPE]];
    const key = UNNAMED.has(type) ? `(${type})` : `${type}: ${snapshot.strings[snapshot.nodes[i + NAME]].slice(0, 60)}`;
    const size = snapshot.nodes[i + SIZE];
    total += size;
    const group = groups.get(key) ?? { size: 0, count: 0 };
    group.size += size;
    group.count++;
    groups.set(key, group);
    nodes.push({ id: snapshot.nodes[i + ID], key, size });
  }
  return { groups, nodes, total };
}

const [fileA, fileB, rowsArg] = process.argv.slice(2);
if (!fileA || !fileB) {
  console.error("usage: node bench/tools/heap-diff.mjs A.heapsnapshot B.heapsnapshot [rows]");
  process.exit(2);
}
const rows = Number(rowsArg ?? 20);
const a = load(fileA);
const b = load(fileB);
const MB = (bytes) => (bytes / 1e6).toFixed(3);
const row = (bytes, count, key) => `${String(bytes).padStart(11)} ${String(count).padStart(8)}  ${key}`;

console.log(`self size: A ${MB(a.total)} MB (${a.nodes.length} nodes), B ${MB(b.total)} MB (${b.nodes.length} nodes), B - A ${MB(b.total - a.total)} MB`);
const none = { size: 0, count: 0 };
const changes = [...new Set([...a.groups.keys(), ...b.groups.keys()])].map((key) => {
  const [before, after] = [a.groups.get(key) ?? none, b.groups.get(key) ?? none];
  return { key, size: after.size - before.size, count: after.count - before.count };
});
changes.sort((x, y) => y.size - x.size);
console.log(`\ngrew most (bytes, count, kind):`);
for (const c of changes.slice(0, rows)) if (c.size > 0) console.log(row(c.size, c.count, c.key));
console.log(`\nshrank most:`);
for (const c of changes.slice(-5).reverse()) if (c.size < 0) console.log(row(c.size, c.count, c.key));

const idsInA = new Set(a.nodes.map((n) => n.id));
const fresh = new Map();
let freshTotal = 0;
for (const n of b.nodes) {
  if (idsInA.has(n.id)) continue;
  const group = fresh.get(n.key) ?? { size: 0, count: 0 };
  group.size += n.size;
  group.count++;
  fresh.set(n.key, group);
  freshTotal += n.size;
}
console.log(`\nallocated after A and still held in B: ${MB(freshTotal)} MB (native nodes get new ids in every snapshot, so they all count here)`);
for (const [key, g] of [...fresh].sort((x, y) => y[1].size - x[1].size).slice(0, rows)) console.log(row(g.size, g.count, key));
