/**
 * The three address forms of the metadata-store API: behind the gateway (`/api/gms/…`), the
 * frontend's proxy (`/gms/…`) and direct (`/…`). A prefix counts case-insensitively and at a segment
 * boundary, as it did when the API was an express mount.
 */

/** The gateway prefixes and the direct form (''). */
export const ADDRESS_FORMS = ['/api/gms', '/gms', ''];

const PREFIXES = ADDRESS_FORMS.filter(Boolean);

/** The resource path below the address form: `/api/gms/entitiesV2/x` → `/entitiesV2/x`, `/gms` → `/`. */
export function resourcePath(pathname: string): string {
  for (const prefix of PREFIXES) {
    const end = prefix.length;
    if (pathname.length < end || (pathname.length > end && pathname[end] !== '/')) continue;
    if (pathname.slice(0, end).toLowerCase() === prefix) return pathname.slice(end) || '/';
  }
  return pathname;
}
