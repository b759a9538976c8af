// The limit of Node on this machine for the pages bench's table (issue 30): a bare `node:http`
// server answering a page with the very gzip bytes nginx serves for it, with the headers nginx
// sends (content type, encoding, length, ETag, Last-Modified), no routing beyond a lookup by path,
// no middleware, no database. Arguments: `path=file` pairs, the file holding that path's gzip.
// Loopback only; prints {"port": N} once it listens.
import { readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";

const pages = new Map();
for (const argument of process.argv.slice(2)) {
  const split = argument.indexOf("=");
  const path = argument.slice(0, split);
  const file = argument.slice(split + 1);
  const body = readFileSync(file);
  const modified = statSync(file).mtime;
  pages.set(path, {
    body,
    headers: {
      "content-type": "text/html",
      "content-length": body.length,
      "last-modified": modified.toUTCString(),
      etag: `"${Math.floor(modified.getTime() / 1000).toString(16)}-${body.length.toString(16)}"`,
      "content-encoding": "gzip",
    },
  });
}
const server = createServer((request, response) => {
  const page = pages.get(request.url);
  if (!page) {
    response.writeHead(404, { "content-length": 0 });
    response.end();
    return;
  }
  response.writeHead(200, page.headers);
  response.end(page.body);
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
