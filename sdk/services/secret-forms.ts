/**
 * Every form a secret can take in text Sluice prints: as it is; percent-encoded (`encodeURIComponent`,
 * and the form style that writes a space as `+`); base64 and base64url (Basic headers, JWT parts);
 * hex of its UTF-8 bytes, lower- and upper-case (an API that echoes a key hex-encoded);
 * JSON-escaped (an API echoing a token that holds `"` or `\`), also with `/` escaped as `\/` (PHP);
 * `\u`-escaped (lower- and upper-case hex), both for non-ASCII and HTML-sensitive characters only (Python's `ensure_ascii`, Go's
 * `<>&`) and for every character.
 *
 * @example
 * secretForms('a"b c'); // ['a"b c', 'a%22b%20c', 'a%22b+c', 'YSJiIGM=', 'YSJiIGM', 'a\\"b c', ...]
 */
export function secretForms(text: string): string[] {
  const base64 = Buffer.from(text, "utf8").toString("base64");
  const json = JSON.stringify(text).slice(1, -1);
  const forms = [
    text,
    encodeURIComponent(text),
    new URLSearchParams({ v: text }).toString().slice(2),
    base64,
    base64.replace(/=+$/, ""),
    Buffer.from(text, "utf8").toString("base64url"),
    Buffer.from(text, "utf8").toString("hex"),
    Buffer.from(text, "utf8").toString("hex").toUpperCase(),
    json,
    json.replace(/\//g, "\\/"),
  ];
  for (const hex of [lowerHex, upperHex]) {
    forms.push(json.replace(/[^\x20-\x7e]|[<>&'=]/g, (c) => unicodeEscape(c, hex)), unicodeEscape(text, hex));
  }
  return [...new Set(forms)];
}

const lowerHex = (code: number) => code.toString(16).padStart(4, "0");
const upperHex = (code: number) => lowerHex(code).toUpperCase();

/** `\uXXXX` for each UTF-16 unit of `text` (Python and Go write lower-case hex, Jackson upper-case). */
function unicodeEscape(text: string, hex: (code: number) => string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) out += `\\u${hex(text.charCodeAt(i))}`;
  return out;
}
