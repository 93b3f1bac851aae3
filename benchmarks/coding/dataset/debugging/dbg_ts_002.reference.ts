export function parseQuery(query: string): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  const text = query.startsWith("?") ? query.slice(1) : query;
  for (const part of text.split("&")) {
    if (part === "") {
      continue;
    }
    const at = part.indexOf("=");
    const rawKey = at === -1 ? part : part.slice(0, at);
    const rawValue = at === -1 ? "" : part.slice(at + 1);
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, " "));
    const key = decode(rawKey);
    if (!Object.prototype.hasOwnProperty.call(result, key)) {
      result[key] = [];
    }
    result[key].push(decode(rawValue));
  }
  return result;
}
