/**
 * A row read back with its JSON columns as stored: responses that carry or embed the aspect send the
 * text as it is, so the value and the system metadata are parsed only when something asks for them.
 */
import type { SystemMetadata } from './types.js';

export abstract class StoredJson {
  readonly valueJson: string;
  readonly systemMetadataJson?: string;
  private parsed: Record<string, unknown> | undefined;

  constructor(row: { value: string; system_metadata: string | null }) {
    this.valueJson = row.value;
    if (row.system_metadata !== null) this.systemMetadataJson = row.system_metadata;
  }

  get value(): Record<string, unknown> {
    return (this.parsed ??= JSON.parse(this.valueJson) as Record<string, unknown>);
  }

  get systemMetadata(): SystemMetadata | undefined {
    return this.systemMetadataJson === undefined ? undefined : (JSON.parse(this.systemMetadataJson) as SystemMetadata);
  }
}
