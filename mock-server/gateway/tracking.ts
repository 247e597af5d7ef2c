/**
 * `POST /openapi/v1/tracking/track`, where the app posts its analytics events (PageViewEvent, LogInEvent,
 * SearchEvent, ...; src/app/analytics/plugin/datahub.ts), as upstream's TrackingController answers it
 * (metadata-service/openapi-servlet/src/main/java/io/datahubproject/openapi/analytics/TrackingController.java,
 * v1.3.0.1): an authenticated caller's event with a `type` is accepted with 200 and no body. The event is
 * kept where the mock keeps every request, the session's request journal (`GET /__mock/requests?operation=
 * frontend:track`). Upstream answers a missing type with an empty 400 and a missing caller with an empty
 * 401; here each names what is missing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authorize, type AuthConfig } from '../auth/bearer-auth.js';
import { RestliError } from '../errors.js';
import type { BodyRead } from '../wire/api-handler.js';
import { sendEmpty, sendMessage } from './frontend-response.js';

export function track(auth: AuthConfig, req: IncomingMessage, read: BodyRead, res: ServerResponse): void {
  try {
    // The session cookie has become the bearer token by now (./forwarded-credential.ts).
    authorize(auth, { authorization: req.headers.authorization, kind: 'protected', write: false });
  } catch (error) {
    if (error instanceof RestliError) return sendMessage(res, error.status, error.message);
    throw error;
  }
  if (read.failure) return sendMessage(res, read.failure.status, read.failure.message);
  const event = read.body;
  if (event === null || typeof event !== 'object' || Array.isArray(event))
    return sendMessage(res, 400, 'body: expected a JSON object, the event, with its type');
  if (!('type' in event) || event.type === null) return sendMessage(res, 400, 'body.type: required, the event type');
  sendEmpty(res, 200);
}
