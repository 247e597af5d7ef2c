/**
 * A post, an announcement (upstream's PostMapper at v1.3.0.1): kind, content and last change from postInfo, the
 * last change's actor from postInfo.auditStamp. A post without postInfo has no record (its fields are non-null).
 */
import { numberOr, objectOf, stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

export function postRecord(view: EntityView, urn: string): OutputRecord | null {
  const info = view.aspectsOf(urn).aspect('postInfo');
  const content = objectOf(info?.content);
  if (!info || !content) return null;
  const media = objectOf(content.media);
  return view.shapes.record('Post', {
    urn,
    type: 'POST',
    relationships: relationshipsOf(view, urn),
    postType: stringOr(info.type),
    content: view.shapes.record('PostContent', {
      contentType: stringOr(content.type),
      title: stringOr(content.title),
      description: stringOr(content.description),
      link: stringOr(content.link),
      media: media
        ? view.shapes.record('Media', { type: stringOr(media.type), location: stringOr(media.location) })
        : null,
    }),
    lastModified: view.shapes.record('AuditStamp', {
      time: numberOr(info.lastModified) ?? 0,
      actor: stringOr(objectOf(info.auditStamp)?.actor),
    }),
  });
}
