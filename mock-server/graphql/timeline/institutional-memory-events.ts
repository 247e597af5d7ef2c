/**
 * The change events of an entity's institutionalMemory, its links, as upstream's
 * InstitutionalMemoryChangeEventGenerator computes them (metadata-io/.../timeline/eventgenerator/
 * InstitutionalMemoryChangeEventGenerator.java, v1.3.0.1), all DOCUMENTATION: the links of both
 * versions walked in URL order; a link only before is removed, only after added (MINOR), one whose
 * description changed modified (PATCH); the URL is the modifier, and no parameters are given.
 */
import { objectsOf, stringOr } from '../json-values.js';
import { byText, type ChangeEvent, type ChangeEventGenerator } from './change-events.js';

interface Link {
  url: string;
  description: string;
}

const linksOf = (aspect: unknown): Link[] =>
  objectsOf((aspect as { elements?: unknown } | undefined)?.elements)
    .map((l) => ({ url: stringOr(l.url) ?? '', description: stringOr(l.description) ?? '' }))
    .sort((a, b) => byText(a.url, b.url));

export const institutionalMemoryEvents: ChangeEventGenerator = (urn, category, before, after) => {
  if (category !== 'DOCUMENTATION') return [];
  const event = (link: Link, operation: ChangeEvent['operation'], description: string): ChangeEvent => ({
    category,
    operation,
    semVerChange: operation === 'MODIFY' ? 'PATCH' : 'MINOR',
    modifier: link.url,
    parameters: null,
    description,
  });
  const added = (l: Link) =>
    event(
      l,
      'ADD',
      `Institutional Memory '${l.url}' with documentation of '${urn}' has been added: '${l.description}'`,
    );
  const removed = (l: Link) =>
    event(
      l,
      'REMOVE',
      `Institutional Memory '${l.url}' with documentation of '${urn}' has been removed: '${l.description}'`,
    );
  const base = linksOf(before);
  const target = linksOf(after);
  const events: ChangeEvent[] = [];
  let i = 0;
  let j = 0;
  while (i < base.length && j < target.length) {
    const [b, t] = [base[i]!, target[j]!];
    const order = byText(b.url, t.url);
    if (order === 0) {
      if (b.description !== t.description)
        events.push(
          event(
            b,
            'MODIFY',
            `Documentation of Institutional Memory '${b.url}' of  '${urn}' has been changed from '${b.description}' to '${t.description}'.`,
          ),
        );
      i++;
      j++;
    } else if (order < 0) events.push(removed(base[i++]!));
    else events.push(added(target[j++]!));
  }
  while (i < base.length) events.push(removed(base[i++]!));
  while (j < target.length) events.push(added(target[j++]!));
  return events;
};
