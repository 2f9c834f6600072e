/**
 * The text of one string field of a JSON object that is still being written, e.g. the `reply` of
 * `{"reply": "Hello, her` is `Hello, her`. It lets a structured answer stream its prose to the client
 * while the rest of the object is still on its way. Returns null until the field has begun.
 */
export function partialStringField(json: string, field: string): string | null {
  const key = new RegExp(`"${field}"\\s*:\\s*"`);
  const match = key.exec(json);
  if (!match) return null;
  let out = '';
  for (let i = match.index + match[0].length; i < json.length; i++) {
    const ch = json[i]!;
    if (ch === '"') return out;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = json[i + 1];
    if (next === undefined) return out;
    if (next === 'u') {
      const hex = json.slice(i + 2, i + 6);
      if (hex.length < 4) return out;
      out += String.fromCharCode(Number.parseInt(hex, 16));
      i += 5;
      continue;
    }
    out += ESCAPES[next] ?? next;
    i += 1;
  }
  return out;
}

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };
