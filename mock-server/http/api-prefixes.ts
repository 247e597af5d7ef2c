/**
 * The three address forms of the metadata-store API: behind the gateway (`/api/gms/…`), the
 * frontend's proxy (`/gms/…`) and direct (`/…`). A prefix counts case-insensitively and at a segment
 * boundary, as it did when the API was an express mount.
 */

/** The gateway prefixes and the direct form (''). */
export const ADDRESS_FORMS = ['/api/gms', '/gms', ''];

/**
 * What upstream GMS serves: the bare prefix only (metadata-service/war/.../ServletConfig.java maps the
 * resources at `/aspects/*`, `/entities/*`, ...; `/api/gms` is the frontend's proxy, datahub-frontend/conf/routes).
 */
export const UPSTREAM_ADDRESS_FORMS = [''];

/** The resource path below the address form: `/api/gms/entitiesV2/x` → `/entitiesV2/x`, `/gms` → `/`. */
export function resourcePath(pathname: string, forms: readonly string[] = ADDRESS_FORMS): string {
  for (const prefix of forms) {
    if (!prefix) continue;
    const end = prefix.length;
    if (pathname.length < end || (pathname.length > end && pathname[end] !== '/')) continue;
    if (pathname.slice(0, end).toLowerCase() === prefix) return pathname.slice(end) || '/';
  }
  return pathname;
}
