// The oracle for the reader "node_url": the legacy url.parse of Node,
// speaking the protocol of oracles.Run (see ../oracle.go): base64 inputs on
// standard input, one per line; one JSON record per input on standard
// output. Each input's bytes become a string as latin1 (one code unit per
// byte, as Node's HTTP server gives req.url); each component goes back as
// UTF-8. The record is the one readers.NodeURL documents: host is the
// hostname with an IPv6 address's brackets, present when url.parse set a
// hostname string; userinfo is auth; a thrown error is the error.
//
// Usage: node read.js < inputs   (--help prints this text)
'use strict';
const url = require('url');
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log('node read.js: runs url.parse on base64 inputs, one per line, and writes one JSON record per input');
  console.log('node', process.version);
  process.exit(0);
}
process.noDeprecation = true;
const b64 = (v) => (v === null || v === undefined ? null : Buffer.from(String(v), 'utf8').toString('base64'));
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => {
  const lines = Buffer.concat(chunks).toString('latin1').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const out = [];
  for (const line of lines) {
    const s = Buffer.from(line.trim(), 'base64').toString('latin1');
    let u;
    try {
      u = url.parse(s);
    } catch (e) {
      out.push(JSON.stringify({ ok: false, error: String(e.code || e.name) }));
      continue;
    }
    let host = u.hostname;
    if (typeof host === 'string' && u.host !== null && u.host.startsWith('[')) host = '[' + host + ']';
    out.push(JSON.stringify({
      ok: true,
      scheme: u.protocol === null ? null : b64(u.protocol.slice(0, -1)),
      userinfo: b64(u.auth),
      host: typeof host === 'string' ? b64(host) : null,
      port: b64(u.port),
      path: b64(u.pathname),
      query: u.search === null ? null : b64(u.search.slice(1)),
      fragment: u.hash === null ? null : b64(u.hash.slice(1)),
    }));
  }
  process.stdout.write(out.join('\n') + (out.length ? '\n' : ''));
});
