import { RECORD_LIMITS, recordTooLarge } from "./record-limits.js";

/**
 * Refuses XML with an element of more than `max` attributes before the XML parser sees it (300,000
 * attributes in 3.5 MB made fast-xml-parser take 16 s and 469 MB). One linear pass: inside each start
 * tag it counts the `=` outside quoted values; comments, CDATA and declarations are skipped.
 *
 * @example
 * checkXmlAttributes('<a x="1" y="2"/>', 1); // throws DECODER_RECORD_TOO_LARGE: "2 attributes"
 */
export function checkXmlAttributes(text: string, max: number = RECORD_LIMITS.attributes): void {
  let line = 1;
  for (let i = text.indexOf("<"); i !== -1 && i < text.length; i = text.indexOf("<", i)) {
    const next = text.charCodeAt(i + 1);
    if (next === 33 /* ! */ || next === 63 /* ? */ || next === 47 /* / */) {
      const end = text.indexOf(">", i);
      if (end === -1) return;
      i = end + 1;
      continue;
    }
    let count = 0;
    let quote = 0;
    let j = i + 1;
    for (; j < text.length; j++) {
      const code = text.charCodeAt(j);
      if (quote !== 0) {
        if (code === quote) quote = 0;
      } else if (code === 34 || code === 39) quote = code;
      else if (code === 61 /* = */) count++;
      else if (code === 62 /* > */) break;
    }
    if (count > max) {
      for (let k = text.indexOf("\n"); k !== -1 && k < i; k = text.indexOf("\n", k + 1)) line++;
      throw recordTooLarge({ component: "XmlDecoder", what: `The element starting on line ${line}`, limit: `${max} attributes per element`, found: `${count} attributes` });
    }
    i = j + 1;
  }
}
