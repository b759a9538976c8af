/**
 * The globals a rendering sandbox gets (tsx-sandbox.ts), written as source that runs inside the
 * sandbox's own realm: React's server renderer, React Email and arktype need TextEncoder, streams,
 * URL, structuredClone and a few class names at load time. Nothing here is handed over from the
 * host realm, so no host object (and through it no host Function, process or require) is
 * reachable from a template. Timers run as microtasks: a render never waits for time to pass.
 * @module
 */

export const sandboxPrelude = String.raw`
(() => {
  const g = globalThis;
  class TextEncoder {
    get encoding() { return "utf-8"; }
    encode(input = "") {
      const s = String(input); const out = [];
      for (let i = 0; i < s.length; i++) {
        let c = s.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
          const d = s.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) { c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00); i++; } else c = 0xfffd;
        } else if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
        if (c < 0x80) out.push(c);
        else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
        else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
        else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      }
      return new Uint8Array(out);
    }
    encodeInto(input, dest) { const b = this.encode(input); const n = Math.min(b.length, dest.length); dest.set(b.subarray(0, n)); return { read: input.length, written: n }; }
  }
  class TextDecoder {
    get encoding() { return "utf-8"; }
    decode(bytes) {
      if (bytes === undefined) return "";
      const b = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes.buffer ?? bytes);
      let s = "";
      for (let i = 0; i < b.length; ) {
        const c = b[i++];
        let cp;
        if (c < 0x80) cp = c;
        else if (c >= 0xc0 && c < 0xe0) cp = ((c & 31) << 6) | (b[i++] & 63);
        else if (c >= 0xe0 && c < 0xf0) cp = ((c & 15) << 12) | ((b[i++] & 63) << 6) | (b[i++] & 63);
        else if (c >= 0xf0) cp = ((c & 7) << 18) | ((b[i++] & 63) << 12) | ((b[i++] & 63) << 6) | (b[i++] & 63);
        else cp = 0xfffd;
        s += String.fromCodePoint(cp);
      }
      return s;
    }
  }
  const urlPattern = /^([a-zA-Z][a-zA-Z0-9+.-]*:)(?:\/\/(?:([^:@/?#]*)(?::([^@/?#]*))?@)?(\[[0-9a-fA-F:.]+\]|[^:/?#]*)(?::(\d*))?)?([^?#]*)(\?[^#]*)?(#.*)?$/;
  class URL {
    constructor(input, base) {
      const s = String(input).trim();
      const m = urlPattern.exec(s);
      if (!m) {
        if (base === undefined) throw new TypeError("Invalid URL");
        const b = new URL(base);
        const rel = s.startsWith("/") ? s : b.pathname.replace(/[^/]*$/, "") + s;
        return new URL(b.protocol + "//" + b.host + rel);
      }
      this.protocol = m[1].toLowerCase();
      this.username = m[2] ?? "";
      this.password = m[3] ?? "";
      this.hostname = (m[4] ?? "").toLowerCase();
      this.port = m[5] ?? "";
      this.pathname = m[6] || (m[4] !== undefined ? "/" : "");
      this.search = m[7] && m[7] !== "?" ? m[7] : "";
      this.hash = m[8] && m[8] !== "#" ? m[8] : "";
      if (m[4] !== undefined && !this.hostname && this.protocol !== "file:") throw new TypeError("Invalid URL");
    }
    get host() { return this.port ? this.hostname + ":" + this.port : this.hostname; }
    get origin() { return this.hostname ? this.protocol + "//" + this.host : "null"; }
    get href() {
      const auth = this.username ? this.username + (this.password ? ":" + this.password : "") + "@" : "";
      const authority = this.hostname || this.protocol === "file:" ? "//" + auth + this.host : "";
      return this.protocol + authority + this.pathname + this.search + this.hash;
    }
    toString() { return this.href; }
    toJSON() { return this.href; }
    static canParse(input, base) { try { new URL(input, base); return true; } catch { return false; } }
  }
  class MessageChannel {
    constructor() {
      const port1 = { onmessage: null, postMessage: (data) => g.setTimeout(() => port2.onmessage?.({ data })) };
      const port2 = { onmessage: null, postMessage: (data) => g.setTimeout(() => port1.onmessage?.({ data })) };
      this.port1 = port1; this.port2 = port2;
    }
  }
  class ReadableStream {
    constructor(source = {}, _strategy) {
      const queue = []; const waiting = []; let closed = false; let failure; let failed = false; let pulling = false;
      const settle = () => {
        while (waiting.length && (queue.length || closed || failed)) {
          const w = waiting.shift();
          if (queue.length) w.resolve({ value: queue.shift(), done: false });
          else if (failed) w.reject(failure);
          else w.resolve({ value: undefined, done: true });
        }
      };
      const controller = {
        get desiredSize() { return waiting.length - queue.length; },
        enqueue: (chunk) => { if (closed || failed) throw new TypeError("The stream is closed"); queue.push(chunk); settle(); },
        close: () => { closed = true; settle(); },
        error: (e) => { failed = true; failure = e; queue.length = 0; settle(); },
      };
      const pull = () => {
        if (pulling || !source.pull || closed || failed) return;
        pulling = true;
        Promise.resolve().then(() => source.pull(controller)).then(() => { pulling = false; if (waiting.length && !queue.length) pull(); }, (e) => { pulling = false; controller.error(e); });
      };
      this.__read = () => new Promise((resolve, reject) => { waiting.push({ resolve, reject }); settle(); if (waiting.length) pull(); });
      this.__cancel = (reason) => { closed = true; queue.length = 0; settle(); return Promise.resolve(source.cancel?.(reason)); };
      if (source.start) source.start(controller);
    }
    getReader() {
      return { read: () => this.__read(), cancel: (r) => this.__cancel(r), releaseLock: () => {}, closed: Promise.resolve() };
    }
    cancel(reason) { return this.__cancel(reason); }
    async pipeTo(writable) {
      const writer = writable.getWriter();
      try {
        for (;;) { const { value, done } = await this.__read(); if (done) break; await writer.write(value); }
        await writer.close();
      } catch (e) { await writer.abort(e); throw e; }
    }
    async *[Symbol.asyncIterator]() { for (;;) { const { value, done } = await this.__read(); if (done) return; yield value; } }
  }
  class WritableStream {
    constructor(sink = {}) { this.__sink = sink; }
    getWriter() {
      const sink = this.__sink;
      return {
        write: async (chunk) => { await sink.write?.(chunk); },
        close: async () => { await sink.close?.(); },
        abort: async (reason) => { await sink.abort?.(reason); },
        releaseLock: () => {},
      };
    }
  }
  const structuredClone = (value, seen = new Map()) => {
    if (typeof value !== "object" || value === null) {
      if (typeof value === "function" || typeof value === "symbol") throw new TypeError("could not be cloned");
      return value;
    }
    if (seen.has(value)) return seen.get(value);
    let out;
    if (Array.isArray(value)) { out = []; seen.set(value, out); for (const v of value) out.push(structuredClone(v, seen)); return out; }
    if (value instanceof Date) return new Date(value.getTime());
    if (value instanceof RegExp) return new RegExp(value.source, value.flags);
    if (value instanceof Map) { out = new Map(); seen.set(value, out); for (const [k, v] of value) out.set(structuredClone(k, seen), structuredClone(v, seen)); return out; }
    if (value instanceof Set) { out = new Set(); seen.set(value, out); for (const v of value) out.add(structuredClone(v, seen)); return out; }
    if (ArrayBuffer.isView(value)) return value.slice();
    out = {}; seen.set(value, out);
    for (const k of Object.keys(value)) out[k] = structuredClone(value[k], seen);
    return out;
  };
  class Blob {}
  class File extends Blob {}
  class FormData {}
  class Headers {}
  class Request {}
  class Response {}
  let timerId = 0;
  g.setTimeout = (fn, _ms, ...args) => { Promise.resolve().then(() => fn(...args)); return ++timerId; };
  g.clearTimeout = () => {};
  g.setImmediate = g.setTimeout;
  g.queueMicrotask = (fn) => { Promise.resolve().then(fn); };
  const started = Date.now();
  g.performance = { now: () => Date.now() - started, timeOrigin: started };
  const noop = () => {};
  g.console = { log: noop, warn: noop, error: noop, info: noop, debug: noop, trace: noop };
  Object.assign(g, { structuredClone: (v) => structuredClone(v), ReadableStream, WritableStream, MessageChannel, URL, TextEncoder, TextDecoder, Blob, File, FormData, Headers, Request, Response, self: g, window: undefined });
})();
`;
