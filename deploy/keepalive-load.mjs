// Keep-alive clients that never retry, for deploy/smoke.sh's stop under load: each client keeps one
// connection to the balancer open between its requests (as a browser does) and counts every
// request that fails — a reset or closed connection, a 5xx, an answer that is not `success` —
// instead of sending it again. (curl starting a new connection per request, or a client that
// resends on a connection closed under it, hides what a closing connection costs.)
//
//   node deploy/keepalive-load.mjs <url> <token> <seconds> [clients=3] [pause ms=0]
// prints {"total":…,"failed":…,"kinds":{…}} on stdout.
import http from 'node:http';

const [url, token, seconds, clients = '3', pause = '0'] = process.argv.slice(2);
const end = Date.now() + Number(seconds) * 1000;
const kinds = {};
let total = 0;
let failed = 0;
const fail = (kind) => {
  failed += 1;
  kinds[kind] = (kinds[kind] ?? 0) + 1;
};

function once(agent) {
  return new Promise((resolve) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', ydAuthorization: `Bearer ${token}` }, timeout: 20_000 },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => {
          if (res.statusCode !== 200) fail(`http ${res.statusCode}`);
          else if (!body.includes('"success":true')) fail('not success');
          resolve();
        });
        res.on('error', (e) => {
          fail(e.code ?? e.message);
          resolve();
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => {
      fail(e.code ?? e.message);
      resolve();
    });
    req.end('{}');
  });
}

async function client() {
  // one connection per client, kept alive between requests; a closed one is replaced for the next request only
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  while (Date.now() < end) {
    total += 1;
    await once(agent);
    if (Number(pause) > 0) await new Promise((r) => setTimeout(r, Number(pause)));
  }
  agent.destroy();
}

await Promise.all(Array.from({ length: Number(clients) }, client));
console.log(JSON.stringify({ total, failed, kinds }));
