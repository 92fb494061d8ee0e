/*
 * Addresses of the app's pages by language (SPEC §2): French, the default, has no prefix; English
 * lives under `/en`. People (and links written by hand) still try `/fr/…`: both the server (a
 * real redirect) and the web router send them to the same French page without the prefix.
 */

/**
 * The French address of `url` (a path with its query and hash) when it starts with `/fr`, else
 * null: `/fr` → `/`, `/fr/dashboard?a=1` → `/dashboard?a=1`. The rest always stays a path of this
 * site: control characters are dropped and leading slashes and backslashes folded, so
 * `/fr//evil.example` is `/evil.example`, never the protocol-relative address of another site.
 */
export function withoutFrenchPrefix(url: string): string | null {
  // browsers drop tabs and line breaks from addresses: `/\t/evil.example` would be `//evil.example`
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const match = /^\/fr(?=$|[/?#])(.*)$/s.exec(url.replace(/[\u0000-\u001f\u007f]/g, ''));
  if (!match) return null;
  const rest = match[1];
  if (rest === '' || rest.startsWith('?') || rest.startsWith('#')) return `/${rest}`;
  return `/${rest.replace(/^[/\\]+/, '')}`;
}
