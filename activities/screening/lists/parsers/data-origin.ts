/**
 * What aggregated exports (OpenSanctions FtM, Senzing, simple CSV) say about their own origin:
 * dataset names and topics, gathered while parsing, so the caller can name the list after them.
 */
import type { ListSource } from '../list-entity.js';

export interface DataOrigin {
  /** Dataset names on the parsed entities, most frequent first. */
  datasets: string[];
  /** Topics (`sanction`, `role.pep`, ...) on the parsed entities, most frequent first. */
  topics: string[];
}

/** A fixed source, or one chosen once the data has told where it comes from. */
export type SourceChoice = ListSource | ((origin: DataOrigin) => ListSource);

export class OriginCounter {
  private readonly datasets = new Map<string, number>();
  private readonly topics = new Map<string, number>();

  addDatasets(names: Iterable<string>): void {
    for (const n of names) this.datasets.set(n, (this.datasets.get(n) ?? 0) + 1);
  }

  addTopics(names: Iterable<string>): void {
    for (const n of names) this.topics.set(n, (this.topics.get(n) ?? 0) + 1);
  }

  origin(): DataOrigin {
    const ranked = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k]) => k);
    return { datasets: ranked(this.datasets), topics: ranked(this.topics) };
  }

  choose(choice: SourceChoice): ListSource {
    return typeof choice === 'function' ? choice(this.origin()) : choice;
  }
}
