const KEPT = /[A-Za-z0-9.*_-]/;

/**
 * Encodes text as `java.net.URLEncoder.encode(text, UTF-8)` does, the encoding the platform's
 * `urlencode` filter and its `*_param` template variables use: `A-Z a-z 0-9 . - * _` are kept,
 * a space becomes `+`, every other byte of the UTF-8 form becomes `%XX` (upper-case hex).
 * It differs from `encodeURIComponent` (`~ ! ' ( )` are encoded, `*` is kept, space is `+`).
 *
 * @example
 * javaUrlEncode("https://airbyte.io");   // "https%3A%2F%2Fairbyte.io"
 * javaUrlEncode("read write~");          // "read+write%7E"
 */
export function javaUrlEncode(text: string): string {
  let out = "";
  for (const char of text) {
    if (char === " ") out += "+";
    else if (KEPT.test(char)) out += char;
    else for (const byte of Buffer.from(char, "utf8")) out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}
