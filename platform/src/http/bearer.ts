/**
 * The token of an `Authorization: Bearer <token>` header, or null. The scheme is case-insensitive
 * (RFC 7235 section 2.1: `bearer` and `BEARER` are Bearer too); anything else, or no token, is null.
 */
export function bearerToken(header: string | undefined): string | null {
  const match = header ? /^bearer +(\S+) *$/i.exec(header) : null;
  return match?.[1] ?? null;
}
