/** A token shaped like the server's embed token (the embed reads its claims, never checks it). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const part = (value: object) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${part({ alg: 'HS256', typ: 'bo-embed+jwt' })}.${part(claims)}.signature`;
}
