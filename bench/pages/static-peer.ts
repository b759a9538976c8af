/**
 * The pages benchmark's yardstick: nginx serving the very HTML our server sends, precompressed
 * (`gzip_static`), and wrk to load both the same way from outside the Node process. Debian's
 * `nginx-light` and `wrk` packages provide them (`apt-get install -y nginx-light wrk`); without
 * them the benchmark says so and skips those rows.
 * @module
 */
import { spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { type LoadResult, runWrk } from "../wrk-load";

export const NGINX_PATH = process.env.BENCH_NGINX ?? "/usr/sbin/nginx";
export const INSTALL_HINT = "apt-get install -y nginx-light wrk";

/** A free loopback port (the kernel's choice, released again for nginx to take). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface StaticPeer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts nginx (one worker, as our server is one process) serving `pages` (path -> HTML) as
 * `path/index.html` beside its gzip, level 9, as a site deploy would precompress them.
 */
export async function startNginx(pages: Map<string, Buffer>): Promise<StaticPeer> {
  const root = mkdtempSync(join(tmpdir(), "heritage-pages-nginx-"));
  // Started as root, nginx's workers run as nobody: they must be able to read the pages.
  chmodSync(root, 0o755);
  const docs = join(root, "html");
  for (const [path, html] of pages) {
    const file = join(docs, path === "/" ? "" : path, "index.html");
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  }
  const port = await freePort();
  const config = join(root, "nginx.conf");
  writeFileSync(
    config,
    `worker_processes 1;
daemon off;
pid ${root}/nginx.pid;
error_log ${root}/error.log warn;
events { worker_connections 4096; }
http {
  types { text/html html; }
  access_log off;
  client_body_temp_path ${root}/tmp;
  proxy_temp_path ${root}/tmp;
  fastcgi_temp_path ${root}/tmp;
  uwsgi_temp_path ${root}/tmp;
  scgi_temp_path ${root}/tmp;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${docs};
    gzip_static on;
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  mkdirSync(join(root, "tmp"), { recursive: true });
  const child = spawn(NGINX_PATH, ["-p", root, "-c", config], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    const status = await fetch(`${url}/`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    if (attempt > 100) {
      child.kill();
      const log = existsSync(`${root}/error.log`) ? readFileSync(`${root}/error.log`, "utf8") : "";
      throw new Error(`nginx did not serve the pages (last status ${status}): ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGQUIT");
      await exited;
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Loads `url` with wrk (gzip accepted, as browsers do) for `seconds` at `connections`. */
export function runPageLoad(
  url: string,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  return runWrk({ url, headers: { "Accept-Encoding": "gzip" } }, connections, seconds, {
    threads: connections >= 64 ? 2 : 1,
  });
}
