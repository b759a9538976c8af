/**
 * @module
 * Test fixtures shared with the server's tests (`@heritage/content/testing`): stored-XSS
 * payloads and a checker for executable markup in sanitised output.
 */

/** Classic stored-XSS payloads; none may leave anything executable behind. */
export const xssPayloads = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  "<svg onload=alert(1)><circle/></svg>",
  '<iframe src="https://evil.example"></iframe>',
  "<p onclick=\"alert(1)\" onmouseover='alert(2)'>hi</p>",
  '<div style="background:url(javascript:alert(1))">x</div>',
  "<body onload=alert(1)>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "<scr<script>ipt>alert(1)</script>",
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<img src="javascript:alert(1)">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  "<style>body{background:red}</style>",
  '<input autofocus onfocus="alert(1)">',
  '<details open ontoggle="alert(1)">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

/** What must never appear in sanitised output. */
export function findExecutableMarkup(html: string): string[] {
  const problems: string[] = [];
  if (/<script/i.test(html)) problems.push("script");
  if (/<(iframe|object|embed|form|meta|link|style|svg|math|body|input|details)\b/i.test(html))
    problems.push("dangerous element");
  if (/\son[a-z]+\s*=/i.test(html)) problems.push("event handler");
  if (/(href|src|action)\s*=\s*["']?\s*(javascript|data|vbscript):/i.test(html))
    problems.push("script URL");
  if (/style\s*=/i.test(html)) problems.push("style attribute");
  return problems;
}
