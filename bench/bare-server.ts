/**
 * The floor for the service benchmark: a bare node:http server answering every request with the same JSON
 * the service sends for a cached Gmail lookup. Prints its URL once listening.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { classify } from '#core/catalog/index.ts';

const body = JSON.stringify({
  success: true,
  message: 'Successfully retrieved webmail info',
  data: classify('gmail.com'),
});
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
    });
    response.end(body);
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
